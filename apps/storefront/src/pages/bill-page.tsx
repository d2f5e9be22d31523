import { useRef, useState } from 'react';
import type { PublicStorefront, PublicTableBill, TableBillReceipt } from '@app/contracts';
import { api, asApiError, cardToken, codeOf } from '../lib/api.ts';
import { cardDetails, cardProblems, newIdempotencyKey, type CardEntry } from '../lib/checkout.ts';
import { hasMessage, useErrorText, useI18n } from '../lib/i18n.tsx';
import { useMoney } from '../lib/money.ts';
import { navigate, paths } from '../lib/router.ts';
import { useLoad } from '../lib/use-load.ts';
import { ErrorSummary, isNotFound, PageProblem, PageSpinner } from '../components/states.tsx';
import { BackLink, CardFields, Section } from '../components/form-fields.tsx';

type Attempt = { amount: number; key: string; token: string };

/**
 * A table's bill (a table in 'Open a Tab' mode): the orders staff accepted and that are not
 * paid yet, paid online by card through the payment provider. The amount shown is the amount
 * charged: a bill that changed meanwhile is read again, never charged.
 */
export function BillPage({
  store,
  serviceAreaId,
}: {
  store: PublicStorefront;
  serviceAreaId: string;
}) {
  const { t } = useI18n();
  const bill = useLoad(`${store.tenantId}:${serviceAreaId}:bill`, (signal) =>
    api.tableBill(store.tenantId, serviceAreaId, signal),
  );
  const [receipt, setReceipt] = useState<TableBillReceipt | null>(null);
  if (receipt) return <Receipt store={store} receipt={receipt} serviceAreaId={serviceAreaId} />;
  if (bill.error && !bill.data)
    return (
      <PageProblem
        message={isNotFound(bill.error) ? t('store.linkNotFound') : t('common.loadFailed')}
        retry={bill.reload}
      />
    );
  if (!bill.data) return <PageSpinner />;
  return (
    <BillView
      store={store}
      bill={bill.data}
      onPaid={setReceipt}
      reload={bill.reload}
      serviceAreaId={serviceAreaId}
    />
  );
}

function BillView({
  store,
  bill,
  serviceAreaId,
  onPaid,
  reload,
}: {
  store: PublicStorefront;
  bill: PublicTableBill;
  serviceAreaId: string;
  onPaid: (receipt: TableBillReceipt) => void;
  reload: () => void;
}) {
  const { t, l } = useI18n();
  const money = useMoney(bill.currency);
  const [card, setCard] = useState<CardEntry>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof CardEntry, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<Attempt | null>(null);
  const summary = useRef<HTMLParagraphElement>(null);
  const branch = store.branches.find((b) => b.branchId === bill.branchId);
  const payable = bill.orders.length > 0 && bill.paymentMethods.length > 0 && store.payments;
  const text = useErrorText();

  async function pay() {
    setProblem(null);
    const found: Partial<Record<keyof CardEntry, string>> = {};
    for (const field of cardProblems(card)) found[field] = 'invalid_card';
    setErrors(found);
    if (Object.keys(found).length > 0 || !store.payments) {
      setProblem(t('error.form_invalid'));
      summary.current?.focus();
      return;
    }
    // The same amount tried again after an unknown outcome keeps its key and token.
    const again = attempt.current?.amount === bill.amountDue ? attempt.current : null;
    const key = again?.key ?? newIdempotencyKey();
    setBusy(true);
    try {
      const token = again?.token ?? (await cardToken(store.payments, cardDetails(card)));
      attempt.current = { amount: bill.amountDue, key, token };
      onPaid(
        await api.payTableBill(
          store.tenantId,
          serviceAreaId,
          { amount: bill.amountDue, paymentToken: token },
          key,
        ),
      );
    } catch (e) {
      const error = asApiError(e);
      const code = codeOf(error);
      const fields = error.fields;
      // Refused for sure: the next try is a new payment.
      if (error.status > 0) attempt.current = null;
      if (fields.paymentToken || fields.card) setErrors({ number: 'payment_declined' });
      if (code === 'table_bill_changed' || code === 'nothing_to_pay') reload();
      setProblem(
        code === 'table_bill_changed'
          ? t('bill.changed')
          : code === 'nothing_to_pay'
            ? t('bill.nothingToPay')
            : fields.paymentToken
              ? text(fields.paymentToken[0] ?? 'payment_declined')
              : hasMessage(`error.${code}`)
                ? text(code)
                : t('bill.failed'),
      );
      summary.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="page with-bar">
      <BackLink onBack={() => navigate(paths.table(store.slug, serviceAreaId))} />
      <div className="intro">
        <h1 className="title">{t('bill.title')}</h1>
        <p className="muted">
          {branch ? `${l(branch.branchName)} · ` : ''}
          {t('menu.table', { table: bill.serviceArea })}
        </p>
      </div>
      {bill.awaitingAcceptance > 0 && (
        <p className="notice warn" role="note">
          {t('bill.awaiting', { count: bill.awaitingAcceptance })}
        </p>
      )}
      {bill.orders.length === 0 ? (
        <p className="state" role="status">
          {t('bill.empty')}
        </p>
      ) : (
        <>
          <ul className="lines">
            {bill.orders.map((order) => (
              <li key={order.ticketId} className="line">
                <div className="line-text">
                  <span className="item-title">
                    {t('status.title', { number: order.ticketNumber })}
                  </span>
                  {order.lines.map((line, i) => (
                    <span key={i} className="muted">
                      {line.quantity}× {l(line.localizedTitle)}
                    </span>
                  ))}
                </div>
                <span className="item-price">{money(order.total)}</span>
              </li>
            ))}
          </ul>
          <dl className="totals">
            <div className="grand">
              <dt>{t('bill.due')}</dt>
              <dd>{money(bill.amountDue)}</dd>
            </div>
          </dl>
        </>
      )}
      {bill.orders.length > 0 && !payable && <p className="muted">{t('bill.askStaff')}</p>}
      {payable && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void pay();
          }}
        >
          <ErrorSummary ref={summary} problem={problem} />
          <Section title={t('checkout.payment')}>
            <div>
              <CardFields
                card={card}
                errors={errors}
                onChange={(field, v) => setCard({ ...card, [field]: v })}
                text={text}
              />
            </div>
          </Section>
          <div className="bar">
            <button type="submit" className="button primary wide" aria-busy={busy}>
              <span>
                {busy ? t('bill.paying') : t('bill.pay', { amount: money(bill.amountDue) })}
              </span>
            </button>
          </div>
        </form>
      )}
    </main>
  );
}

function Receipt({
  store,
  receipt,
  serviceAreaId,
}: {
  store: PublicStorefront;
  receipt: TableBillReceipt;
  serviceAreaId: string;
}) {
  const { t } = useI18n();
  const money = useMoney(receipt.currency);
  return (
    <main className="page">
      <h1 className="title">{t('bill.paidTitle')}</h1>
      <div className="status-box" role="status" aria-live="polite">
        <p className="status-text">{t('bill.paid', { amount: money(receipt.amount) })}</p>
        <p className="muted">
          {receipt.ticketNumbers.map((n) => t('status.title', { number: n })).join(' · ')}
        </p>
        {receipt.maskedValue && (
          <p className="muted" dir="ltr">
            {`${receipt.cardScheme ?? ''} ${receipt.maskedValue}`.trim()}
          </p>
        )}
      </div>
      <p>{t('bill.thanks')}</p>
      <button
        type="button"
        className="button secondary"
        onClick={() => navigate(paths.table(store.slug, serviceAreaId))}
      >
        {t('bill.backToMenu')}
      </button>
    </main>
  );
}
