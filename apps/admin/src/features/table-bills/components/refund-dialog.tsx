import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatMoney,
  fromMilli,
  localize,
  toMilli,
  type Language,
  type TableBillTransaction,
} from '@app/contracts';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { CancelConfirmActions, SmallDialog } from '../../../components/dialog-parts.tsx';
import { useTableLabel } from '../lib/use-table-label.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { ApiError, ValidationError } from '../../../lib/api-client.ts';
import { useRefund } from '../api/table-bills-queries.ts';
import {
  decimalsOf,
  pendingRefundOf,
  refundAmountError,
  type RefundAmountError,
} from '../lib/table-bill-form.ts';

const SERVER_PROBLEMS = [
  'already_refunded',
  'refund_refused',
  'payment_provider_unavailable',
] as const;
type ServerProblem = (typeof SERVER_PROBLEMS)[number] | 'generic';

/**
 * The refund's confirmation (§7.5 PATCH refund): what was paid and refunded, the whole rest or
 * a part of it, and the amount on the confirm button. The server checks the same again. While
 * a refund is pending (asked, the gateway's answer never came), the dialog offers only to check
 * it: the server asks the gateway about that refund and never makes a second one.
 */
export function RefundDialog({
  tenantId,
  transaction: tx,
  lang,
  onClose,
}: {
  tenantId: string;
  transaction: TableBillTransaction;
  lang: Language;
  onClose: () => void;
}) {
  const { t } = useTranslation('tableBills');
  const tableLabel = useTableLabel();
  const { enqueueSnackbar } = useSnackbar();
  const refund = useRefund(tenantId);
  const titleId = useId();
  const remaining = Number(
    fromMilli(toMilli(tx.amount.toFixed(3)) - toMilli(tx.refundedAmount.toFixed(3))),
  );
  const [mode, setMode] = useState<'full' | 'partial'>('full');
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<RefundAmountError | null>(null);
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const money = (amount: number) => formatMoney(amount, tx.currency, lang);
  const partialAmount = Number(text.trim().replace(',', '.'));
  const shownAmount = mode === 'full' ? remaining : partialAmount;
  const card = `${tx.cardScheme ?? ''} ${tx.maskedValue ?? ''}`.trim();
  const pending = pendingRefundOf(tx);

  const submit = async () => {
    setProblem(null);
    const invalid =
      mode === 'partial' && !pending ? refundAmountError(text, remaining, tx.currency) : null;
    setFieldError(invalid);
    if (invalid) return;
    try {
      const after = await refund.mutateAsync({
        tableBillTransactionId: tx.tableBillTransactionId,
        ...(mode === 'partial' && !pending ? { amount: partialAmount } : {}),
      });
      const stillPending = pendingRefundOf(after);
      const amount = money(pending?.amount ?? shownAmount);
      if (stillPending)
        enqueueSnackbar(t('refundDialog.pending', { amount: money(stillPending.amount) }), {
          variant: 'warning',
        });
      else enqueueSnackbar(t('refundDialog.done', { amount }), { variant: 'success' });
      onClose();
    } catch (error) {
      if (error instanceof ValidationError) {
        const code = error.codesFor('amount')[0];
        if (code === 'refund_exceeds_paid' || code === 'amount_invalid' || code === 'min') {
          setMode('partial');
          setFieldError(code);
          return;
        }
      }
      const code = error instanceof ApiError ? error.code : undefined;
      setProblem(SERVER_PROBLEMS.find((known) => known === code) ?? 'generic');
    }
  };

  const busy = refund.isPending;
  const errorText = fieldError
    ? t(`refundDialog.errors.${fieldError}`, {
        remaining: money(remaining),
        decimals: decimalsOf(tx.currency),
      })
    : undefined;

  return (
    <SmallDialog titleId={titleId} busy={busy} onClose={onClose}>
      <DialogTitle id={titleId}>
        {t(pending ? 'refundDialog.checkTitle' : 'refundDialog.title')}
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ fontWeight: 600 }}>
          {t('tableAt', {
            table: tableLabel(tx.serviceArea),
            branch: localize(tx.branchName, lang),
          })}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto auto',
            columnGap: 2,
            rowGap: 0.5,
            marginBlock: 1.5,
            '& dd': { margin: 0, textAlign: 'end' },
          }}
        >
          <dt>{t('refundDialog.paid')}</dt>
          <dd>
            <bdi>{money(tx.amount)}</bdi>
          </dd>
          <dt>{t('refundDialog.alreadyRefunded')}</dt>
          <dd>
            <bdi>{money(tx.refundedAmount)}</bdi>
          </dd>
          <dt>
            <strong>{t('refundDialog.remaining')}</strong>
          </dt>
          <dd>
            <strong>
              <bdi>{money(remaining)}</bdi>
            </strong>
          </dd>
        </Box>
        {pending && (
          <Alert severity="warning" sx={{ marginBlockStart: 1.5 }}>
            {t('refundDialog.pendingExplained', { amount: money(pending.amount) })}
          </Alert>
        )}
        {!pending && (
          <RadioGroup
            value={mode}
            onChange={(e) => {
              setMode(e.target.value as 'full' | 'partial');
              setFieldError(null);
            }}
            aria-label={t('refundDialog.title')}
          >
            <FormControlLabel value="full" control={<Radio />} label={t('refundDialog.full')} />
            <FormControlLabel
              value="partial"
              control={<Radio />}
              label={t('refundDialog.partial')}
            />
          </RadioGroup>
        )}
        {mode === 'partial' && !pending && (
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('refundDialog.amount')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setFieldError(null);
            }}
            error={fieldError !== null}
            helperText={errorText}
            slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
          />
        )}
        {!pending && (
          <Typography variant="body2" color="text.secondary" sx={{ marginBlockStart: 1.5 }}>
            {t('refundDialog.warning', { card })}
          </Typography>
        )}
        {problem && (
          <Alert severity="error" sx={{ marginBlockStart: 1.5 }}>
            {t(`refundDialog.errors.${problem}`)}
          </Alert>
        )}
      </DialogContent>
      <CancelConfirmActions
        busy={busy}
        onCancel={onClose}
        cancelLabel={t('refundDialog.cancel')}
        cancelAutoFocus={mode === 'full' && !pending}
        confirmLabel={
          pending
            ? t('refundDialog.check')
            : t('refundDialog.confirm', {
                amount: Number.isFinite(shownAmount) && shownAmount > 0 ? money(shownAmount) : '',
              })
        }
        confirmColor={pending ? 'primary' : 'error'}
        confirmDisabled={problem === 'already_refunded'}
        onConfirm={() => void submit()}
      />
    </SmallDialog>
  );
}

/** A page's refunds: `startRefund` opens the dialog for a payment; the page shows `refundDialog`. */
export function useRefundDialog() {
  const { tenantId, lang } = useTenantSession();
  const [refunding, setRefunding] = useState<TableBillTransaction | null>(null);
  const refundDialog = refunding && (
    <RefundDialog
      tenantId={tenantId}
      transaction={refunding}
      lang={lang}
      onClose={() => setRefunding(null)}
    />
  );
  return { startRefund: setRefunding, refundDialog };
}
