import {
  outletSettingsRoutes as routes,
  type BranchProfileBody,
  type CheckoutTemplate,
  type CheckoutTemplateBody,
  type DeliveryZoneBody,
  type OperatingHoursBody,
  type PaymentMethodsBody,
  type PaymentTemplate,
  type TenantNameBody,
  type ThemeBody,
} from '@app/contracts';
import { callApi } from '../../../lib/api-client.ts';

type Opts = { signal?: AbortSignal };

/** The calls of the branch profile, payment methods, opening hours and delivery fees screens. */
export const branchSettingsApi = {
  branches: (tenantId: string, { signal }: Opts = {}) =>
    callApi(routes.branches, { params: { tenantId } }, { signal }),
  profile: (tenantId: string, branchId: string, { signal }: Opts = {}) =>
    callApi(routes.profile, { params: { tenantId, branchId } }, { signal }),
  setProfile: (tenantId: string, branchId: string, body: BranchProfileBody) =>
    callApi(routes.setProfile, { params: { tenantId, branchId }, body }),
  setTemplate: (tenantId: string, branchId: string, body: CheckoutTemplateBody) =>
    callApi(routes.setCheckoutTemplate, { params: { tenantId, branchId }, body }),
  paymentMethods: (
    tenantId: string,
    branchId: string,
    checkoutTemplate: PaymentTemplate,
    { signal }: Opts = {},
  ) =>
    callApi(
      routes.paymentMethods,
      { params: { tenantId, branchId, checkoutTemplate } },
      { signal },
    ),
  setPaymentMethods: (
    tenantId: string,
    branchId: string,
    checkoutTemplate: PaymentTemplate,
    body: PaymentMethodsBody,
  ) =>
    callApi(routes.setPaymentMethods, { params: { tenantId, branchId, checkoutTemplate }, body }),
  hours: (
    tenantId: string,
    branchId: string,
    checkoutTemplate: CheckoutTemplate,
    { signal }: Opts = {},
  ) =>
    callApi(
      routes.operatingHours,
      { params: { tenantId, branchId }, query: { checkoutTemplate } },
      { signal },
    ),
  setHours: (tenantId: string, branchId: string, body: OperatingHoursBody) =>
    callApi(routes.setOperatingHours, { params: { tenantId, branchId }, body }),
  zones: (tenantId: string, branchId: string, { signal }: Opts = {}) =>
    callApi(routes.deliveryZones, { params: { tenantId, branchId } }, { signal }),
  deliveryConfig: (tenantId: string, branchId: string, { signal }: Opts = {}) =>
    callApi(routes.deliveryConfig, { params: { tenantId, branchId } }, { signal }),
  setZone: (tenantId: string, branchId: string, deliveryZoneId: string, body: DeliveryZoneBody) =>
    callApi(routes.setDeliveryZone, { params: { tenantId, branchId, deliveryZoneId }, body }),
};

export type BrandingImageKind = 'banner' | 'landing' | 'logo' | 'logoWhite';

const uploadRoute = {
  banner: routes.uploadBanner,
  landing: routes.uploadLanding,
  logo: routes.uploadLogo,
  logoWhite: routes.uploadLogoWhite,
} as const;

/** The calls of the branding screen. */
export const brandingApi = {
  get: (tenantId: string, { signal }: Opts = {}) =>
    callApi(routes.branding, { params: { tenantId } }, { signal }),
  setTheme: (tenantId: string, body: ThemeBody) =>
    callApi(routes.setTheme, { params: { tenantId }, body }),
  setName: (tenantId: string, body: TenantNameBody) =>
    callApi(routes.setName, { params: { tenantId }, body }),
  setView: (tenantId: string, showSections: boolean) =>
    callApi(routes.setViewProperties, {
      params: { tenantId },
      body: { view_ShowSection: showSections },
    }),
  upload: async (tenantId: string, kind: BrandingImageKind, image: Blob, fileName: string) => {
    const form = new FormData();
    form.append('file', image, fileName);
    return callApi(uploadRoute[kind], { params: { tenantId }, form });
  },
};
