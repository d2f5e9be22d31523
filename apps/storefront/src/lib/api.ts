import {
  ApiError,
  createApiClient,
  storefrontRoutes,
  ticketIntakeRoutes,
  tableBillsRoutes,
  type OrderingTemplate,
  type RouteInput,
  type PublicStorefront,
  type QuoteBody,
  type TicketIntakeBody,
} from '@app/contracts';

/** The answers of this app's calls: the routes of the contracts, through their one client. */
export { ApiError } from '@app/contracts';

/**
 * What to tell the customer of a failed call: the server's code, or `network` when it was not
 * reached, `form_invalid` for field codes, `unknown` otherwise.
 */
export function codeOf(error: ApiError): string {
  if (error.code) return error.code;
  if (error.status === 0) return 'network';
  return error.fieldErrors.length > 0 ? 'form_invalid' : 'unknown';
}

/** A failure that is not an ApiError (a bug, a fetch that threw) as the customer is told it. */
export const asApiError = (error: unknown): ApiError =>
  error instanceof ApiError ? error : new ApiError(0, 'Network error');

// The storefront's calls are public: no token, no redirect.
const { call } = createApiClient(() => ({}));
const r = storefrontRoutes;

export const api = {
  storefront: (slug: string, signal?: AbortSignal) =>
    call(r.storefront, { params: { slug } }, { signal }),
  /** A table's menu (serviceAreaId) offers the payment methods of the table's payment mode. */
  menu: (
    tenantId: string,
    branchId: string,
    template: OrderingTemplate,
    signal?: AbortSignal,
    serviceAreaId?: string,
  ) =>
    call(
      r.menu,
      { params: { tenantId, branchId }, query: { checkoutTemplate: template, serviceAreaId } },
      // Read often and large: the server made it from the same contract.
      { signal, trusted: true },
    ),
  serviceArea: (slug: string, serviceAreaId: string, signal?: AbortSignal) =>
    call(r.serviceArea, { params: { slug, serviceAreaId } }, { signal }),
  uniqueLink: (slug: string, linkId: string, signal?: AbortSignal) =>
    call(r.uniqueLink, { params: { slug, linkId } }, { signal }),
  /** The cart priced as the intake would price it now, with its discount (nothing stored). */
  quote: (tenantId: string, branchId: string, body: QuoteBody, signal?: AbortSignal) =>
    call(r.quote, { params: { tenantId, branchId }, body }, { signal }),
  ticket: (tenantId: string, ticketId: string, signal?: AbortSignal) =>
    call(r.ticket, { params: { tenantId, ticketId } }, { signal }),
  placeOrder: (tenantId: string, branchId: string, body: TicketIntakeBody, key: string) =>
    call(ticketIntakeRoutes.intake, {
      params: { tenantId, branchId },
      body,
      headers: { 'idempotency-key': key },
    }),
  tableBill: (tenantId: string, serviceAreaId: string, signal?: AbortSignal) =>
    call(tableBillsRoutes.publicBill, { params: { tenantId, serviceAreaId } }, { signal }),
  payTableBill: (
    tenantId: string,
    serviceAreaId: string,
    body: RouteInput<typeof tableBillsRoutes.payBill>['body'],
    key: string,
  ) =>
    call(tableBillsRoutes.payBill, {
      params: { tenantId, serviceAreaId },
      body,
      headers: { 'idempotency-key': key },
    }),
};

/** A card token from the payment provider: card details go to it, never to our server. */
export async function cardToken(
  payments: NonNullable<PublicStorefront['payments']>,
  card: { number: string; expMonth: number; expYear: number; cvc: string },
): Promise<string> {
  let res: Response;
  try {
    res = await fetch(payments.tokenUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${payments.publishableKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(card),
    });
  } catch {
    throw new ApiError(0, 'The payment provider was not reached', 'payment_provider_unavailable');
  }
  const json = (await res.json().catch(() => ({}))) as { id?: string; error?: { code?: string } };
  if (res.ok && json.id) return json.id;
  if (res.status >= 500)
    throw new ApiError(res.status, 'The payment provider failed', 'payment_provider_unavailable');
  const code = json.error?.code === 'invalid_card' ? 'invalid_card' : 'payment_declined';
  throw new ApiError(res.status, code, code, undefined, [
    { field: 'card', codes: ['invalid_card'] },
  ]);
}
