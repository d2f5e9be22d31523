import type { z } from 'zod';
import {
  catalogRoutes,
  localizationRoutes as routes,
  modifierGroupsRoutes,
  type CategoryTranslationBody,
  type ItemTranslationBody,
  type ModifierGroupTranslationBody,
} from '@app/contracts';
import { callApi } from '../../../lib/api-client.ts';

type Signal = { signal?: AbortSignal };

/** The reads of the translate forms (the entries as the editors know them) and their writes. */
export const localizationApi = {
  category: (tenantId: string, id: string, { signal }: Signal = {}) =>
    callApi(catalogRoutes.category, { params: { tenantId, id } }, { signal }),
  item: (tenantId: string, id: string, { signal }: Signal = {}) =>
    callApi(catalogRoutes.item, { params: { tenantId, id } }, { signal }),
  modifierGroup: (tenantId: string, id: string, { signal }: Signal = {}) =>
    callApi(modifierGroupsRoutes.get, { params: { tenantId, id } }, { signal }),

  translateCategory: (
    tenantId: string,
    id: string,
    body: z.input<typeof CategoryTranslationBody>,
  ) => callApi(routes.translateCategory, { params: { tenantId, id }, body }),
  translateItem: (tenantId: string, id: string, body: z.input<typeof ItemTranslationBody>) =>
    callApi(routes.translateItem, { params: { tenantId, id }, body }),
  translateModifierGroup: (
    tenantId: string,
    id: string,
    body: z.input<typeof ModifierGroupTranslationBody>,
  ) => callApi(routes.translateModifierGroup, { params: { tenantId, id }, body }),
};
