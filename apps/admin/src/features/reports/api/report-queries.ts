import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { reportsRoutes, type ReportFilterInput, type Language } from '@app/contracts';
import { callApi, callApiFile, type DownloadedFile } from '../../../lib/api-client.ts';
import { reportKeys } from './keys.ts';

/** One page of the report (10 rows, §9) and the totals of the whole filter. */
export const reportPageQuery = (tenantId: string, filter: ReportFilterInput, page: number) =>
  queryOptions({
    queryKey: reportKeys.page(tenantId, filter, page),
    queryFn: ({ signal }) =>
      callApi(
        reportsRoutes.cartTickets,
        { params: { tenantId }, body: { ...filter, page } },
        { signal },
      ),
    // The table keeps the last page while the next one loads.
    placeholderData: keepPreviousData,
  });

/** The tenant's delivery zones, the choices of the zone filter. */
export const deliveryZonesQuery = (tenantId: string) =>
  queryOptions({
    queryKey: reportKeys.zones(tenantId),
    queryFn: ({ signal }) =>
      callApi(reportsRoutes.deliveryZones, { params: { tenantId }, body: {} }, { signal }),
    staleTime: 5 * 60_000,
  });

export type ExportInput = {
  filter: ReportFilterInput;
  lang: Language;
  signal: AbortSignal;
  onProgress: (bytes: number) => void;
};

/** Spec §7.1: the export answers a file, named by Content-Disposition (file.xlsx by default). */
export function useExportReport(tenantId: string) {
  return useMutation({
    mutationFn: ({ filter, lang, signal, onProgress }: ExportInput): Promise<DownloadedFile> =>
      callApiFile(
        reportsRoutes.exportCartTickets,
        { params: { tenantId }, body: { ...filter, exportFormat: 'excel', lang } },
        { signal, onProgress, fallbackName: 'file.xlsx' },
      ),
  });
}
