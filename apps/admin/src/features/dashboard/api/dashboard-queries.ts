import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardRoutes } from '@app/contracts';
import { callApi } from '../../../lib/api-client.ts';

/** The figures move with every order: read again each minute and on coming back to the tab. */
export const DASHBOARD_REFRESH_MS = 60_000;

/** Query keys of the dashboard, per tenant and branch (null: every branch). */
export const dashboardKeys = {
  all: (tenantId: string) => ['dashboard', tenantId] as const,
  summary: (tenantId: string, branchId: string | null) =>
    [...dashboardKeys.all(tenantId), 'summary', branchId ?? 'all'] as const,
  setup: (tenantId: string) => [...dashboardKeys.all(tenantId), 'setup'] as const,
};

export const dashboardSummaryQuery = (tenantId: string, branchId: string | null) =>
  queryOptions({
    queryKey: dashboardKeys.summary(tenantId, branchId),
    queryFn: ({ signal }) =>
      callApi(
        dashboardRoutes.summary,
        { params: { tenantId }, query: branchId ? { branchId } : {} },
        { signal },
      ),
  });

export const useDashboardSummary = (tenantId: string, branchId: string | null) =>
  useQuery({
    ...dashboardSummaryQuery(tenantId, branchId),
    enabled: tenantId !== '',
    refetchInterval: DASHBOARD_REFRESH_MS,
    placeholderData: (previous) => previous,
  });

/** The new outlet's setup checklist, read again on coming back to the tab (a step done elsewhere). */
export const useSetupChecklist = (tenantId: string) =>
  useQuery({
    queryKey: dashboardKeys.setup(tenantId),
    queryFn: ({ signal }) => callApi(dashboardRoutes.setup, { params: { tenantId } }, { signal }),
    enabled: tenantId !== '',
  });
