import type { ReportFilterInput } from '@app/contracts';

/** Query keys of the reports area; every report query starts with reportKeys.all. */
export const reportKeys = {
  all: ['reports'] as const,
  page: (tenantId: string, filter: ReportFilterInput, page: number) =>
    [...reportKeys.all, 'page', tenantId, filter, page] as const,
  zones: (tenantId: string) => [...reportKeys.all, 'zones', tenantId] as const,
};
