import {
  fillRoutePath,
  storefrontRoutes,
  ticketIntakeRoutes,
  tableBillsRoutes,
  type PayTableBillBody,
  type PublicTableBill,
  type PublicMenu,
  type PublicQuote,
  type PublicServiceArea,
  type PublicUniqueLink,
  type QuoteBody,
  type PublicStorefront,
  type PublicTicket,
  type TableBillReceipt,
  type Ticket,
  type TicketIntakeBody,
} from '@app/contracts';

/** An answer other than success: the envelope's field codes or its error code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    /** Field → codes from a 422 `{ errors: [{ field, codes }] }`. */
    readonly fields: Record<string, string[]> = {},
  ) {
    super(code);
  }
}

type Problem = {
  errors?: { field: string; codes: string[] }[];
  error?: { code?: string };
};

async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  init: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      signal: init.signal,
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (err) {
    if (init.signal?.aborted) throw err;
    throw new ApiError(0, 'network');
  }
  const json = (await res.json().catch(() => ({}))) as Problem & { results?: T };
  if (res.ok) return json.results as T;
  const fields: Record<string, string[]> = {};
  for (const e of json.errors ?? []) fields[e.field] = e.codes;
  const code = json.error?.code ?? (json.errors ? 'form_invalid' : 'unknown');
  throw new ApiError(res.status, code, fields);
}

const r = storefrontRoutes;

export const api = {
  storefront: (slug: string, signal?: AbortSignal) =>
    call<PublicStorefront>('GET', fillRoutePath(r.storefront.path, { slug }), { signal }),
  /** A table's menu (serviceAreaId) offers the payment methods of the table's payment mode. */
  menu: (
    tenantId: string,
    branchId: string,
    template: string,
    signal?: AbortSignal,
    serviceAreaId?: string,
  ) =>
    call<PublicMenu>(
      'GET',
      `${fillRoutePath(r.menu.path, { tenantId, branchId })}?checkoutTemplate=${template}${
        serviceAreaId ? `&serviceAreaId=${encodeURIComponent(serviceAreaId)}` : ''
      }`,
      { signal },
    ),
  serviceArea: (slug: string, serviceAreaId: string, signal?: AbortSignal) =>
    call<PublicServiceArea>('GET', fillRoutePath(r.serviceArea.path, { slug, serviceAreaId }), {
      signal,
    }),
  uniqueLink: (slug: string, linkId: string, signal?: AbortSignal) =>
    call<PublicUniqueLink>('GET', fillRoutePath(r.uniqueLink.path, { slug, linkId }), { signal }),
  /** The cart priced as the intake would price it now, with its discount (nothing stored). */
  quote: (tenantId: string, branchId: string, body: QuoteBody, signal?: AbortSignal) =>
    call<PublicQuote>('POST', fillRoutePath(r.quote.path, { tenantId, branchId }), {
      body,
      signal,
    }),
  ticket: (tenantId: string, ticketId: string, signal?: AbortSignal) =>
    call<PublicTicket>('GET', fillRoutePath(r.ticket.path, { tenantId, ticketId }), { signal }),
  placeOrder: (tenantId: string, branchId: string, body: TicketIntakeBody, key: string) =>
    call<Ticket>('POST', fillRoutePath(ticketIntakeRoutes.intake.path, { tenantId, branchId }), {
      body,
      headers: { 'idempotency-key': key },
    }),
  tableBill: (tenantId: string, serviceAreaId: string, signal?: AbortSignal) =>
    call<PublicTableBill>(
      'GET',
      fillRoutePath(tableBillsRoutes.publicBill.path, { tenantId, serviceAreaId }),
      {
        signal,
      },
    ),
  payTableBill: (
    tenantId: string,
    serviceAreaId: string,
    body: Omit<PayTableBillBody, 'paymentMethodType'>,
    key: string,
  ) =>
    call<TableBillReceipt>(
      'POST',
      fillRoutePath(tableBillsRoutes.payBill.path, { tenantId, serviceAreaId }),
      { body, headers: { 'idempotency-key': key } },
    ),
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
    throw new ApiError(0, 'payment_provider_unavailable');
  }
  const json = (await res.json().catch(() => ({}))) as { id?: string; error?: { code?: string } };
  if (res.ok && json.id) return json.id;
  if (res.status >= 500) throw new ApiError(res.status, 'payment_provider_unavailable');
  throw new ApiError(
    res.status,
    json.error?.code === 'invalid_card' ? 'invalid_card' : 'payment_declined',
    {
      card: ['invalid_card'],
    },
  );
}
