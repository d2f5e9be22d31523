import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  needsCancellationReason,
  RejectReason,
  TICKET_LIMITS,
  type TicketStatus,
} from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmFormDialog } from './confirm-form-dialog.tsx';

/** The four status actions of spec §4.1, in the order the actions row shows them. */
export const STATUS_ACTIONS = ['accept', 'reject', 'complete', 'cancel'] as const;
export type StatusAction = (typeof STATUS_ACTIONS)[number];

export interface StatusDialogProps {
  action: StatusAction;
  ticketNumber: number;
  /** Spec §4.1: a reject or cancel of an order paid online warns about the refund. */
  refundWarning: boolean;
  /** Resolves when done; the dialog stays open (and busy) until then. */
  onConfirm: (input: { note: string; reason?: RejectReason }) => Promise<unknown>;
  onClose: () => void;
}

/** Where each status action takes the ticket (spec §4.1). */
export const STATUS_ACTION_TARGET: Record<StatusAction, TicketStatus> = {
  accept: 'InProgress',
  reject: 'Cancelled',
  complete: 'Completed',
  cancel: 'Cancelled',
};

/**
 * Confirms a status change with an optional note; a reject or cancel also asks for one of the
 * four reasons and refuses to go on without it ('Required').
 */
export function StatusDialog({
  action,
  ticketNumber,
  refundWarning,
  onConfirm,
  onClose,
}: StatusDialogProps) {
  const { t } = useTranslation('ticketDetails');
  const reasonId = useId();
  const reasonErrorId = useId();
  const [note, setNote] = useState('');
  const [reason, setReason] = useState<RejectReason | null>(null);
  const [missingReason, setMissingReason] = useState(false);
  const [busy, setBusy] = useState(false);
  const needsReason = needsCancellationReason(STATUS_ACTION_TARGET[action]);
  const destructive = needsReason;

  const submit = async () => {
    if (needsReason && !reason) {
      setMissingReason(true);
      return;
    }
    setBusy(true);
    try {
      await onConfirm({ note, ...(reason ? { reason } : {}) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmFormDialog
      title={t(`confirm.${action}Title`, { number: ticketNumber })}
      message={t(`confirm.${action}Message`)}
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
      cancelLabel={destructive ? t('confirm.keepOrder') : t('confirm.back')}
      confirmLabel={t(`actions.${action}`)}
      confirmColor={destructive ? 'error' : 'primary'}
    >
      {needsReason && refundWarning && (
        <Alert severity="warning" sx={{ marginBlockEnd: 2 }}>
          {t('confirm.refundWarning')}
        </Alert>
      )}
      {needsReason && (
        <FormControl error={missingReason} required sx={{ marginBlockEnd: 2 }}>
          <FormLabel id={reasonId}>{t('confirm.reason')}</FormLabel>
          <RadioGroup
            aria-labelledby={reasonId}
            // The error is read with the group, and the group marked invalid, while it shows.
            aria-describedby={missingReason ? reasonErrorId : undefined}
            aria-invalid={missingReason || undefined}
            value={reason ?? ''}
            onChange={(event) => {
              setReason(RejectReason.parse(event.target.value));
              setMissingReason(false);
            }}
          >
            {RejectReason.options.map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio disabled={busy} />}
                label={t(`reasons.${value}`)}
              />
            ))}
          </RadioGroup>
          {missingReason && (
            <FormHelperText id={reasonErrorId}>{t('confirm.reasonRequired')}</FormHelperText>
          )}
        </FormControl>
      )}
      <TextField
        label={t('confirm.note')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        disabled={busy}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: TICKET_LIMITS.noteMax } }}
      />
    </ConfirmFormDialog>
  );
}
