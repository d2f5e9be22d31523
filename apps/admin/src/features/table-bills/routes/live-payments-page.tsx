import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TableRestaurantOutlined from '@mui/icons-material/TableRestaurantOutlined';
import {
  formatMoney,
  fromMilli,
  toMilli,
  type Currency,
  type TableBillPaymentUpdate,
  type TableBillTransaction,
} from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import type { RealtimeClient } from '../../../lib/realtime.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { usePaymentsFeed } from '../api/table-bills-queries.ts';
import { usePaymentUpdates } from '../api/use-payment-updates.ts';
import { PaymentCard } from '../components/payment-card.tsx';
import { useRefundDialog } from '../components/refund-dialog.tsx';

/** How long a payment that just arrived stays highlighted. */
export const FRESH_MS = 8_000;

const total = (list: readonly TableBillTransaction[], pick: (t: TableBillTransaction) => number) =>
  Number(fromMilli(list.reduce((s, t) => s + toMilli(pick(t).toFixed(3)), 0n)));

/**
 * tablebill/live-payments (spec §2.1, owners; the screen is ours to design): the table bill
 * payments of the past 24 hours, newest first, arriving live through the hub's
 * receiveTableBillPaymentUpdate, each with its refund.
 */
export function LivePaymentsPage({
  createClient,
}: {
  /** The realtime client to use; tests pass a fake. */
  createClient?: () => RealtimeClient;
} = {}) {
  const { t } = useTranslation('tableBills');
  const { tenantId, lang, currency } = useTenantSession();
  const feed = usePaymentsFeed(tenantId);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const { startRefund, refundDialog } = useRefundDialog();
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const onUpdate = useCallback(
    (update: TableBillPaymentUpdate) => {
      if (update.change === 'refunded') {
        const refunded = formatMoney(update.refundedAmount, update.currency, lang);
        setAnnouncement(t('live.refunded', { amount: refunded }));
        return;
      }
      const id = update.tableBillTransactionId;
      setFresh((s) => new Set(s).add(id));
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => {
          setFresh((s) => {
            const next = new Set(s);
            next.delete(id);
            return next;
          });
        }, FRESH_MS),
      );
      setAnnouncement(
        t('live.arrived', { amount: formatMoney(update.amount, update.currency, lang) }),
      );
    },
    [lang, t],
  );
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);
  usePaymentUpdates(tenantId, onUpdate, createClient);

  const list = feed.data ?? [];
  const shownCurrency: Currency | null = list[0]?.currency ?? currency;
  let body;
  if (!feed.data && feed.isPending) body = <Spinner label={t('loading')} />;
  else if (!feed.data)
    body = (
      <LoadError
        error={feed.error}
        onRetry={() => void feed.refetch()}
        message={t('loadError')}
        snackbar={false}
      />
    );
  else if (list.length === 0)
    body = (
      <Paper variant="outlined">
        <EmptyState
          icon={<TableRestaurantOutlined color="disabled" sx={{ fontSize: 48 }} />}
          title={t('live.empty')}
          hint={t('live.emptyHint')}
        />
      </Paper>
    );
  else
    body = (
      <Stack component="section" spacing={1.5} aria-label={t('live.title')}>
        {list.map((tx) => (
          <PaymentCard
            key={tx.tableBillTransactionId}
            transaction={tx}
            lang={lang}
            fresh={fresh.has(tx.tableBillTransactionId)}
            onRefund={startRefund}
          />
        ))}
      </Stack>
    );

  return (
    <Stack spacing={2} sx={{ minInlineSize: 0, maxInlineSize: 1100 }}>
      <PageHeader
        title={t('live.title')}
        subtitle={t('live.subtitle')}
        action={
          <Button component={RouterLink} to={paths.tableBillTransactions} variant="outlined">
            {t('live.allTransactions')}
          </Button>
        }
      />
      {feed.data && list.length > 0 && (
        <Typography color="text.secondary">
          <bdi>
            {t('live.summary', {
              count: list.length,
              paid: formatMoney(
                total(list, (x) => x.amount),
                shownCurrency,
                lang,
              ),
              refunded: formatMoney(
                total(list, (x) => x.refundedAmount),
                shownCurrency,
                lang,
              ),
            })}
          </bdi>
        </Typography>
      )}
      <Typography
        role="status"
        aria-live="polite"
        sx={{
          position: 'absolute',
          inlineSize: 1,
          blockSize: 1,
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
        }}
      >
        {announcement}
      </Typography>
      {body}
      {refundDialog}
    </Stack>
  );
}
