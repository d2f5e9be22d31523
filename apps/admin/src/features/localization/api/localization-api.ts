import type { z } from 'zod';
import {
  localizationRoutes as routes,
  type CategoryTranslationBody,
  type ItemTranslationBody,
  type ModifierGroupTranslationBody,
} from '@app/contracts';
import { callApi } from '../../../lib/api-client.ts';

/** The translate forms' writes (their reads are the editors', lib/catalog-queries.ts). */
export const localizationApi = {
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
