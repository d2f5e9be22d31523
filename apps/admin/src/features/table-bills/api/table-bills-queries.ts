import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  tableBillsRoutes as routes,
  type TableBillRefundBody,
  type TableBillTransactionsQuery,
} from '@app/contracts';
import { callApi } from '../../../lib/api-client.ts';

export type TransactionsFilter = Pick<
  TableBillTransactionsQuery,
  'dateFrom' | 'dateTo' | 'page' | 'pageSize'
> & { branchId?: string };

/** Query keys of the table bill payments, per tenant; the feed and every range page share `all`. */
export const tableBillKeys = {
  all: (tenantId: string) => ['tableBills', tenantId] as const,
  feed: (tenantId: string) => [...tableBillKeys.all(tenantId), 'feed'] as const,
  transactions: (tenantId: string, filter: TransactionsFilter) =>
    [...tableBillKeys.all(tenantId), 'transactions', filter] as const,
};

/** A fallback when the hub is down: the feed reads again every 30 s. */
export const FEED_POLL_MS = 30_000;

export const paymentsFeedQuery = (tenantId: string) =>
  queryOptions({
    queryKey: tableBillKeys.feed(tenantId),
    queryFn: ({ signal }) => callApi(routes.paymentsFeed, { params: { tenantId } }, { signal }),
  });

export const usePaymentsFeed = (tenantId: string) =>
  useQuery({
    ...paymentsFeedQuery(tenantId),
    enabled: tenantId !== '',
    refetchInterval: FEED_POLL_MS,
  });

export const transactionsQuery = (tenantId: string, filter: TransactionsFilter) =>
  queryOptions({
    queryKey: tableBillKeys.transactions(tenantId, filter),
    queryFn: ({ signal }) =>
      callApi(routes.transactions, { params: { tenantId }, query: filter }, { signal }),
  });

export const useTransactions = (tenantId: string, filter: TransactionsFilter) =>
  useQuery({
    ...transactionsQuery(tenantId, filter),
    enabled: tenantId !== '',
    placeholderData: keepPreviousData,
  });

/** Refunds a payment (all of what is left without an amount); every list reads again. */
export function useRefund(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TableBillRefundBody) =>
      callApi(routes.refund, { params: { tenantId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tableBillKeys.all(tenantId) }),
  });
}
