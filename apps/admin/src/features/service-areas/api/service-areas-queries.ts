import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  QrCodesBody,
  SectionBody,
  ServiceAreaBody,
  ServiceAreaRangeBody,
  ServiceAreasQuery,
  ServiceAreaPaymentMode,
  UniqueLinkBody,
} from '@app/contracts';
import { serviceAreaPaymentModeSwitches } from '@app/contracts';
import { serviceAreasApi as api } from './service-areas-api.ts';

type Branch = { tenantId: string; branchId: string };

/** Query keys of the service areas pages, per tenant and branch. */
export const serviceAreaKeys = {
  branch: (p: Branch) => ['service-areas', p.tenantId, p.branchId] as const,
  profile: (p: Branch) => [...serviceAreaKeys.branch(p), 'profile'] as const,
  sections: (p: Branch) => [...serviceAreaKeys.branch(p), 'sections'] as const,
  list: (p: Branch) => [...serviceAreaKeys.branch(p), 'list'] as const,
  page: (p: Branch, query: Partial<ServiceAreasQuery>) =>
    [...serviceAreaKeys.list(p), query] as const,
  links: (p: Branch) => [...serviceAreaKeys.branch(p), 'links'] as const,
};

export const useBranchName = (p: Branch) =>
  useQuery(
    queryOptions({
      queryKey: serviceAreaKeys.profile(p),
      queryFn: ({ signal }) => api.branchProfile(p, { signal }),
    }),
  );

export const useSections = (p: Branch) =>
  useQuery(
    queryOptions({
      queryKey: serviceAreaKeys.sections(p),
      queryFn: ({ signal }) => api.sections(p, { signal }),
    }),
  );

/** One page of tables; the last page stays on screen while the next one loads. */
export const useServiceAreaPage = (p: Branch, query: Partial<ServiceAreasQuery>) =>
  useQuery(
    queryOptions({
      queryKey: serviceAreaKeys.page(p, query),
      queryFn: ({ signal }) => api.serviceAreas(p, query, { signal }),
      placeholderData: keepPreviousData,
    }),
  );

/** The delivery and pickup links together, as the page's one table shows them. */
export const useUniqueLinks = (p: Branch) =>
  useQuery(
    queryOptions({
      queryKey: serviceAreaKeys.links(p),
      queryFn: async ({ signal }) => {
        const [delivery, pickup] = await Promise.all([
          api.uniqueLinks(p, 'DELIVERY', { signal }),
          api.uniqueLinks(p, 'PICKUP', { signal }),
        ]);
        return [...delivery, ...pickup];
      },
    }),
  );

export function useSaveSection(p: Branch) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SectionBody }) =>
      id ? api.updateSection(p, id, body) : api.createSection(p, body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: serviceAreaKeys.sections(p) }),
        client.invalidateQueries({ queryKey: serviceAreaKeys.list(p) }),
      ]),
  });
}

export function useCreateServiceAreas(p: Branch) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceAreaRangeBody) => api.createServiceAreas(p, body),
    onSuccess: () => client.invalidateQueries({ queryKey: serviceAreaKeys.list(p) }),
  });
}

export function useUpdateServiceArea(p: Branch) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ServiceAreaBody }) =>
      api.updateServiceArea(p, id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: serviceAreaKeys.list(p) }),
  });
}

/** §5.5 bulk switch: one call per table; the answer counts those that succeeded. */
export function useSwitchTemplate(p: Branch) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, template }: { ids: string[]; template: 'DINING' | 'MENU' }) => {
      const results = await Promise.allSettled(
        ids.map((id) => api.updateServiceArea(p, id, { template })),
      );
      return {
        succeeded: results.filter((r) => r.status === 'fulfilled').length,
        total: ids.length,
      };
    },
    // The list reloads either way (§8).
    onSettled: () => client.invalidateQueries({ queryKey: serviceAreaKeys.list(p) }),
  });
}

export function useCreateLink(p: Branch) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UniqueLinkBody) => api.createUniqueLink(p, 'DELIVERY', body),
    onSuccess: () => client.invalidateQueries({ queryKey: serviceAreaKeys.links(p) }),
  });
}

export const useQrDownload = (p: Branch, kind: 'tables' | 'links') =>
  useMutation({
    mutationFn: (body: QrCodesBody) =>
      kind === 'tables' ? api.serviceAreaQrCodes(p, body) : api.uniqueLinkQrCodes(p, body),
  });

/** §4.4: a table's 'Order & Pay' or 'Open a Tab'. */
export function useSetPaymentMode(p: Branch) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, mode }: { id: string; mode: Exclude<ServiceAreaPaymentMode, null> }) =>
      api.setTablePayments(p, {
        serviceAreaId: id,
        paymentMethods: serviceAreaPaymentModeSwitches(mode),
      }),
    onSettled: () => client.invalidateQueries({ queryKey: serviceAreaKeys.list(p) }),
  });
}
