import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ALL_DAY_HOURS, HOUR_MINUTES, overnightParts, type StoreHoursSlot } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { CancelConfirmActions, SmallDialog } from '../../../components/dialog-parts.tsx';

/** A slot being edited: a time not chosen yet is null. */
export type SlotDraft = {
  openHour: number | null;
  openMinute: number | null;
  closeHour: number | null;
  closeMinute: number | null;
};

export const EMPTY_SLOT: SlotDraft = {
  openHour: null,
  openMinute: null,
  closeHour: null,
  closeMinute: null,
};

export const isFilled = (s: SlotDraft): s is StoreHoursSlot =>
  s.openHour !== null && s.openMinute !== null && s.closeHour !== null && s.closeMinute !== null;

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const pad = (n: number) => String(n).padStart(2, '0');

export interface TimePickerDialogProps {
  title: string;
  /** The day after this one, which hours past midnight run into. */
  nextDayName: string;
  initial: SlotDraft;
  /** A rule the slot breaks (an error code), shown above the times. */
  error: string | null;
  /** A refusal already in words, shown the same way. */
  message?: string | null;
  busy: boolean;
  onSave: (slot: StoreHoursSlot) => void;
  onClose: () => void;
}

/**
 * §5.4's time picker: hours 00–23 and minutes in fives plus 59, both required, 24-hour; the
 * all-day shortcut fills 00:00–23:59. Closing before opening means after midnight (said below
 * the times): the rest goes to the next day.
 */
export function TimePickerDialog({
  title,
  nextDayName,
  initial,
  error,
  message = null,
  busy,
  onSave,
  onClose,
}: TimePickerDialogProps) {
  const { t } = useTranslation('outlet');
  const [slot, setSlot] = useState<SlotDraft>(initial);
  const [submitted, setSubmitted] = useState(false);
  const titleId = useId();

  const select = (key: keyof SlotDraft, options: readonly number[], label: string) => {
    const value = slot[key];
    const missing = submitted && value === null;
    return (
      <TextField
        select
        size="small"
        label={label}
        value={value === null ? '' : String(value)}
        onChange={(event) =>
          setSlot((s) => ({
            ...s,
            [key]: event.target.value === '' ? null : Number(event.target.value),
          }))
        }
        error={missing}
        helperText={missing ? t('errors.required') : ' '}
        // A native select always shows its option ("--" while empty): the label sits above it,
        // never drawn over the empty choice.
        slotProps={{
          select: { native: true },
          htmlInput: { dir: 'ltr' },
          inputLabel: { shrink: true },
        }}
        sx={{ minInlineSize: 96, flex: 1 }}
      >
        <option value="">--</option>
        {options.map((n) => (
          <option key={n} value={n}>
            {pad(n)}
          </option>
        ))}
      </TextField>
    );
  };

  const overnight = isFilled(slot) ? overnightParts(slot) : null;
  const save = () => {
    setSubmitted(true);
    if (isFilled(slot)) onSave(slot);
  };

  return (
    <SmallDialog titleId={titleId} busy={busy} onClose={onClose}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ paddingBlockStart: 1 }}>
          {(error || message) && (
            <Alert severity="error" role="alert">
              {message ?? t(`errors.${error}` as 'errors.invalid')}
            </Alert>
          )}
          <Typography variant="subtitle2">{t('hours.opensAt')}</Typography>
          <Stack direction="row" spacing={1}>
            {select('openHour', HOURS, t('hours.openHour'))}
            {select('openMinute', HOUR_MINUTES, t('hours.openMinute'))}
          </Stack>
          <Typography variant="subtitle2">{t('hours.closesAt')}</Typography>
          <Stack direction="row" spacing={1}>
            {select('closeHour', HOURS, t('hours.closeHour'))}
            {select('closeMinute', HOUR_MINUTES, t('hours.closeMinute'))}
          </Stack>
          {overnight && (
            <Typography variant="body2" color="text.secondary" role="status">
              {t('hours.overnight', {
                time: `00:00–${pad(overnight.morning.closeHour)}:${pad(overnight.morning.closeMinute)}`,
                day: nextDayName,
              })}
            </Typography>
          )}
          <Button
            variant="outlined"
            onClick={() => setSlot({ ...ALL_DAY_HOURS })}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('hours.allDay')}
          </Button>
        </Stack>
      </DialogContent>
      <CancelConfirmActions
        busy={busy}
        onCancel={onClose}
        cancelLabel={t('actions.cancel')}
        confirmLabel={t('actions.save')}
        onConfirm={save}
      />
    </SmallDialog>
  );
}
