import {
  outletSettingsRoutes,
  serviceAreasRoutes as routes,
  type PaymentMethodsBody,
  type QrCodesBody,
  type SectionBody,
  type ServiceAreaBody,
  type ServiceAreaRangeBody,
  type ServiceAreasQuery,
  type UniqueLinkBody,
  type UniqueLinkTemplate,
} from '@app/contracts';
import { callApi } from '../../../lib/api-client.ts';

type Opts = { signal?: AbortSignal };
type Branch = { tenantId: string; branchId: string };

/** The calls of the service areas and per-table payment pages (operations-platform §7.2, §7.3). */
export const serviceAreasApi = {
  branchProfile: (p: Branch, { signal }: Opts = {}) =>
    callApi(outletSettingsRoutes.profile, { params: p }, { signal }),
  sections: (p: Branch, { signal }: Opts = {}) =>
    callApi(routes.sections, { params: p }, { signal }),
  createSection: (p: Branch, body: SectionBody) =>
    callApi(routes.createSection, { params: p, body }),
  updateSection: (p: Branch, id: string, body: SectionBody) =>
    callApi(routes.updateSection, { params: { ...p, id }, body }),
  serviceAreas: (p: Branch, query: Partial<ServiceAreasQuery>, { signal }: Opts = {}) =>
    callApi(routes.serviceAreas, { params: p, query }, { signal }),
  createServiceAreas: (p: Branch, body: ServiceAreaRangeBody) =>
    callApi(routes.createServiceAreas, { params: p, body }),
  updateServiceArea: (p: Branch, id: string, body: ServiceAreaBody) =>
    callApi(routes.updateServiceArea, { params: { ...p, id }, body }),
  uniqueLinks: (p: Branch, template: UniqueLinkTemplate, { signal }: Opts = {}) =>
    callApi(routes.uniqueLinks, { params: { ...p, template } }, { signal }),
  createUniqueLink: (p: Branch, template: UniqueLinkTemplate, body: UniqueLinkBody) =>
    callApi(routes.createUniqueLink, { params: { ...p, template }, body }),
  serviceAreaQrCodes: (p: Branch, body: QrCodesBody) =>
    callApi(routes.serviceAreaQrCodes, { params: p, body }),
  uniqueLinkQrCodes: (p: Branch, body: QrCodesBody) =>
    callApi(routes.uniqueLinkQrCodes, { params: p, body }),
  setTablePayments: (p: Branch, body: PaymentMethodsBody) =>
    callApi(outletSettingsRoutes.setPaymentMethods, {
      params: { ...p, checkoutTemplate: 'DINING' },
      body,
    }),
};
