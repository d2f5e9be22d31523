import { useEffect } from 'react';
import { isOpenTicket, type PublicStorefront, type PublicTicket } from '@app/contracts';
import { api } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { useMoney } from '../lib/money.ts';
import { BASE, navigate, paths } from '../lib/router.ts';
import { useLoad } from '../lib/use-load.ts';
import { isNotFound, PageProblem, PageSpinner } from '../components/states.tsx';
import { Totals } from '../components/totals.tsx';

/** How often an open order's status is asked again (304 while nothing changed). */
export const POLL_MS = 4000;

/**
 * The customer's order: its status followed live until it is completed or cancelled, and a
 * refund followed until the payment provider confirmed it.
 */
export function OrderPage({ store, ticketId }: { store: PublicStorefront; ticketId: string }) {
  const { t } = useI18n();
  const ticket = useLoad(`${store.tenantId}:${ticketId}`, (signal) =>
    api.ticket(store.tenantId, ticketId, signal),
  );
  const open = ticket.data
    ? isOpenTicket(ticket.data.status) || ticket.data.refund?.status === 'PENDING'
    : true;
  const { reload } = ticket;
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') reload();
    }, POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && reload();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [open, reload]);

  if (ticket.error && !ticket.data)
    return (
      <PageProblem
        message={isNotFound(ticket.error) ? t('status.notFound') : t('common.loadFailed')}
        retry={reload}
      />
    );
  if (!ticket.data) return <PageSpinner />;
  return <OrderStatus store={store} ticket={ticket.data} />;
}

const STEPS = ['sent', 'accepted', 'done'] as const;

function OrderStatus({ store, ticket }: { store: PublicStorefront; ticket: PublicTicket }) {
  const { t, l, lang } = useI18n();
  const money = useMoney(ticket.cartData.currency);
  const cart = ticket.cartData;
  const reached =
    ticket.status === 'Completed'
      ? 3
      : ticket.status === 'InProgress'
        ? 2
        : ticket.status === 'Cancelled'
          ? 0
          : 1;
  const branch = store.branches.find((b) => b.branchId === ticket.branchId);
  const placed = new Intl.DateTimeFormat(`${lang}-u-nu-latn`, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(branch ? { timeZone: branch.timeZone } : {}),
  }).format(new Date(ticket.timestamp));
  const again =
    ticket.checkoutTemplate === 'DINING'
      ? `/${encodeURIComponent(store.slug)}`
      : paths.branch(store.slug, ticket.branchId, ticket.checkoutTemplate);

  return (
    <main className="page">
      <h1 className="title">{t('status.title', { number: ticket.ticketNumber })}</h1>
      <p className="muted">
        {l(ticket.branchName)} · {t(`template.${ticket.checkoutTemplate}`)}
        {ticket.serviceArea &&
          ` · ${t('menu.table', { table: ticket.serviceArea.title ?? ticket.serviceArea.value })}`}
      </p>
      <div
        className={`status-box ${ticket.status === 'Cancelled' ? 'cancelled' : ''}`}
        role="status"
        aria-live="polite"
        data-status={ticket.status}
      >
        <p className="status-text">{t(`status.${ticket.status}`)}</p>
        {ticket.status === 'Cancelled' && ticket.cancellationReason && (
          <p>{t(`status.reason.${ticket.cancellationReason}`)}</p>
        )}
        {ticket.refund && (
          <p className="refund" data-refund={ticket.refund.status}>
            {t(`status.refund.${ticket.refund.status}`, { amount: money(ticket.refund.amount) })}
          </p>
        )}
        {ticket.status !== 'Cancelled' && (
          <ol className="steps">
            {STEPS.map((step, i) => (
              <li
                key={step}
                className={i < reached ? 'done' : ''}
                aria-current={i === reached - 1 ? 'step' : undefined}
              >
                {t(`status.step.${step}`)}
              </li>
            ))}
          </ol>
        )}
        {(isOpenTicket(ticket.status) || ticket.refund?.status === 'PENDING') && (
          <p className="muted small">{t('status.live')}</p>
        )}
      </div>

      <p className="muted">
        {t('status.placedAt', { time: placed })} ·{' '}
        {ticket.isFulfillmentAsap || !ticket.preferredFulfillmentLocalDateTime
          ? t('status.asap')
          : t('status.scheduled', {
              time: ticket.preferredFulfillmentLocalDateTime.replace('T', ' '),
            })}
      </p>

      <ul className="lines">
        {cart.cartItems.map((item, i) => (
          <li key={`${item.variantId}-${i}`} className="line">
            <div className="line-text">
              <span className="item-title">
                {item.quantity}× {l(item.localizedTitle)}
              </span>
              <span className="muted">{l(item.variant.localizedTitle)}</span>
              {item.itemModifiers.length > 0 && (
                <span className="muted">
                  {item.itemModifiers
                    .map((m) =>
                      m.quantity > 1
                        ? `${m.quantity}× ${l(m.localizedTitle)}`
                        : l(m.localizedTitle),
                    )
                    .join(', ')}
                </span>
              )}
            </div>
            <span className="item-price">{money(item.total)}</span>
          </li>
        ))}
      </ul>
      <Totals cart={cart} delivery={ticket.checkoutTemplate === 'DELIVERY'} />
      {ticket.paymentMethodType && (
        <p className="muted">
          {t(`pay.${ticket.paymentMethodType}`)}
          {(ticket.paymentStatus === 'SUCCESS' || ticket.paymentStatus === 'TABLE_BILL_PAID') &&
            ` · ${t('status.paid')}`}
        </p>
      )}
      <a
        className="button secondary"
        href={`${BASE}${again}${location.search}`}
        onClick={(e) => {
          e.preventDefault();
          navigate(again);
        }}
      >
        {t('status.orderAgain')}
      </a>
    </main>
  );
}
