import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useQuery } from '@tanstack/react-query';
import {
  daySlotIssues,
  overnightParts,
  withMorning,
  type CheckoutTemplate,
  type StoreHoursDay,
  type StoreHoursSlot,
} from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../components/load-error.tsx';
import { useDayNames } from '../../../components/schedule-dialog.tsx';
import { ValidationError } from '../../../lib/api-client.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { hoursQuery, useSaveHours } from '../api/branch-settings-queries.ts';
import { hhmm, slotText } from '../lib/settings-form.ts';
import { EMPTY_SLOT, TimePickerDialog, type SlotDraft } from './time-picker-dialog.tsx';

type Editing = {
  day: number;
  index: number;
  draft: SlotDraft;
  error: string | null;
  /** A refusal in words (an overnight slot's morning clashing with the next day). */
  message?: string;
};

/** The code the server gave for a slot of the day sent first ('0.hours.1.openHour'). */
function slotCodeFrom(error: ValidationError, index: number): string | null {
  for (const e of error.fieldErrors) {
    const m = /^0\.hours\.(\d+)\./.exec(e.field);
    if (m && Number(m[1]) === index) return e.codes[0] ?? null;
  }
  return error.fieldErrors[0]?.codes[0] ?? null;
}

/**
 * §2.7, §4.4: the opening hours of one checkout template of a branch, day by day from Sunday,
 * in the side panel. Each change saves its day; the answer replaces the template's hours.
 */
export function OpeningHoursPanel({
  branchId,
  template,
}: {
  branchId: string;
  template: CheckoutTemplate;
}) {
  const { t } = useTranslation('outlet');
  const { tenantId, lang } = useTenantSession();
  const dayNames = useDayNames(lang);
  const notify = useNotify();
  const hours = useQuery(hoursQuery(tenantId, branchId, template));
  const save = useSaveHours(tenantId, branchId, template);
  // A day being given a slot not filled yet (§4.4: no new slot while one is unfilled).
  const [adding, setAdding] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);

  if (!hours.isSuccess) return <QueryStatus query={hours} />;
  const week = hours.data;

  const put = async (day: number, slots: StoreHoursSlot[], closed = slots.length === 0) => {
    await save.mutateAsync([{ day, checkoutTemplate: template, dayClosed: closed, hours: slots }]);
  };
  /** A refusal says which day and which hours, when it is known what was sent. */
  const failed = (error: unknown, sent?: { day: number; slots: StoreHoursSlot[] }) => {
    if (!(error instanceof ValidationError)) {
      notify.errorWithRefresh();
      return;
    }
    notify.error(
      sent && sent.slots.length > 0
        ? t('hours.cannotSaveDay', {
            day: dayNames[sent.day],
            slots: sent.slots.map(slotText).join(', '),
          })
        : t('hours.cannotSave'),
    );
  };

  const saveSlot = async (slot: StoreHoursSlot) => {
    if (!editing) return;
    const day = week.find((d) => d.day === editing.day)!;
    // Hours past midnight: this day to 23:59 and the next from 00:00, saved together.
    const overnight = overnightParts(slot);
    const slots = [...day.hours];
    const own = overnight?.evening ?? slot;
    if (editing.index < slots.length) slots[editing.index] = own;
    else slots.push(own);
    // The contracts' rules first, for an answer without a round trip.
    const issue = daySlotIssues(slots).find((i) => i.path.startsWith(`hours.${editing.index}.`));
    if (issue) {
      setEditing({ ...editing, draft: slot, error: issue.code });
      return;
    }
    const next = week.find((d) => d.day === (editing.day + 1) % 7)!;
    const nextSlots = overnight
      ? withMorning(next.dayClosed ? [] : next.hours, overnight.morning)
      : null;
    if (nextSlots && daySlotIssues(nextSlots).length > 0) {
      setEditing({
        ...editing,
        draft: slot,
        error: null,
        message: t('hours.overnightClash', {
          time: slotText(overnight!.morning),
          day: dayNames[next.day],
        }),
      });
      return;
    }
    try {
      if (nextSlots)
        await save.mutateAsync([
          { day: editing.day, checkoutTemplate: template, dayClosed: false, hours: slots },
          { day: next.day, checkoutTemplate: template, dayClosed: false, hours: nextSlots },
        ]);
      else await put(editing.day, slots);
      setEditing(null);
      setAdding(null);
      notify.success(t('snackbar.updated'));
    } catch (error) {
      if (error instanceof ValidationError)
        setEditing({ ...editing, draft: slot, error: slotCodeFrom(error, editing.index) });
      failed(error, { day: editing.day, slots });
    }
  };

  const run = (action: () => Promise<void>, sent?: { day: number; slots: StoreHoursSlot[] }) =>
    void action().then(
      () => notify.success(t('snackbar.updated')),
      (error: unknown) => failed(error, sent),
    );

  return (
    <Stack spacing={1.5} divider={<Divider flexItem />}>
      <Typography variant="body2" color="text.secondary">
        {t('hours.intro')}
      </Typography>
      {week.map((day) => (
        <DayRow
          key={day.day}
          day={day}
          name={dayNames[day.day]!}
          nextName={day.day < 6 ? dayNames[day.day + 1]! : null}
          adding={adding === day.day}
          busy={save.isPending}
          onToggle={(open) => {
            if (open) {
              // Opening shows an empty slot to fill; nothing is saved until it is.
              setAdding(day.day);
              setEditing({ day: day.day, index: day.hours.length, draft: EMPTY_SLOT, error: null });
            } else {
              setAdding((a) => (a === day.day ? null : a));
              run(() => put(day.day, [], true));
            }
          }}
          onEdit={(index) =>
            setEditing({ day: day.day, index, draft: { ...day.hours[index]! }, error: null })
          }
          onAdd={() => {
            setAdding(day.day);
            setEditing({ day: day.day, index: day.hours.length, draft: EMPTY_SLOT, error: null });
          }}
          onRemove={(index) =>
            run(() =>
              put(
                day.day,
                day.hours.filter((_, i) => i !== index),
              ),
            )
          }
          onCopy={() => {
            // The next day becomes this one: its hours replaced, never added to.
            const next = week.find((d) => d.day === day.day + 1)!;
            const slots = day.dayClosed ? [] : day.hours;
            run(() => put(next.day, slots, day.dayClosed || slots.length === 0), {
              day: next.day,
              slots,
            });
          }}
        />
      ))}
      {editing && (
        <TimePickerDialog
          key={`${editing.day}-${editing.index}-${editing.error ?? ''}-${editing.message ?? ''}`}
          title={t('hours.pickerTitle', { day: dayNames[editing.day] })}
          nextDayName={dayNames[(editing.day + 1) % 7]!}
          initial={editing.draft}
          error={editing.error}
          message={editing.message ?? null}
          busy={save.isPending}
          onSave={(slot) => void saveSlot(slot)}
          onClose={() => {
            setEditing(null);
            setAdding(null);
          }}
        />
      )}
    </Stack>
  );
}

function DayRow({
  day,
  name,
  nextName,
  adding,
  busy,
  onToggle,
  onEdit,
  onAdd,
  onRemove,
  onCopy,
}: {
  day: StoreHoursDay;
  name: string;
  nextName: string | null;
  adding: boolean;
  busy: boolean;
  onToggle: (open: boolean) => void;
  onEdit: (index: number) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  onCopy: () => void;
}) {
  const { t } = useTranslation('outlet');
  const headingId = useId();
  const open = !day.dayClosed && day.hours.length > 0;
  return (
    <Box role="group" aria-labelledby={headingId} data-testid={`hours-day-${day.day}`}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="subtitle2" sx={{ flexGrow: 1, minInlineSize: 96 }}>
          {name}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={open || adding}
              disabled={busy}
              onChange={(_e, next) => onToggle(next)}
              slotProps={{ input: { 'aria-label': t('hours.openOn', { day: name }) } }}
            />
          }
          label={open || adding ? t('hours.open') : t('hours.closed')}
        />
      </Stack>
      <Stack spacing={1} sx={{ marginBlockStart: 0.5 }}>
        {day.hours.map((slot, index) => (
          <Stack key={index} direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <Button
              variant="outlined"
              size="small"
              onClick={() => onEdit(index)}
              disabled={busy}
              aria-label={t('hours.editSlot', {
                day: name,
                slot: index + 1,
                hours: `${hhmm(slot.openHour, slot.openMinute)} – ${hhmm(slot.closeHour, slot.closeMinute)}`,
              })}
              sx={{ fontVariantNumeric: 'tabular-nums' }}
            >
              <span dir="ltr">
                {hhmm(slot.openHour, slot.openMinute)} – {hhmm(slot.closeHour, slot.closeMinute)}
              </span>
            </Button>
            {index > 0 && (
              <IconButton
                size="small"
                onClick={() => onRemove(index)}
                disabled={busy}
                aria-label={t('hours.removeSlot', { day: name, slot: index + 1 })}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            )}
          </Stack>
        ))}
        {adding && (
          <Chip label="--:-- – --:--" variant="outlined" sx={{ alignSelf: 'flex-start' }} />
        )}
      </Stack>
      {open && (
        <Stack direction="row" sx={{ gap: 1, marginBlockStart: 1, flexWrap: 'wrap' }}>
          {!adding && (
            <Button size="small" startIcon={<AddIcon />} onClick={onAdd} disabled={busy}>
              {t('hours.addHours')}
            </Button>
          )}
          {nextName && (
            <Button
              size="small"
              startIcon={<ContentCopyIcon />}
              onClick={onCopy}
              disabled={busy || adding}
              aria-label={t('hours.copyTo', { day: nextName })}
            >
              {t('hours.copyNext')}
            </Button>
          )}
        </Stack>
      )}
      {!open && !adding && (
        <Alert severity="info" variant="outlined" sx={{ marginBlockStart: 1, paddingBlock: 0 }}>
          {t('hours.closedAllDay')}
        </Alert>
      )}
    </Box>
  );
}
