import { useId, useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import type { z } from 'zod';
import type { ScheduleEntry, ScheduleResponse } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { CancelConfirmActions } from './dialog-parts.tsx';
import { Spinner } from './spinner.tsx';
import { ToggleField } from './toggle-field.tsx';
import { ValidationError } from '../lib/api-client.ts';
import { useTenantSession } from '../lib/use-tenant-session.ts';
import { applyServerErrors, scrollToFirstInvalid } from '../lib/form-errors.ts';
import {
  scheduleFieldPath,
  scheduleResolver,
  toScheduleEntries,
  toScheduleForm,
  type ScheduleForm,
} from '../lib/schedule.ts';
import { LoadError } from './load-error.tsx';
import { useCatalogNotify } from '../lib/use-catalog-notify.tsx';
import { useErrorText } from '../lib/use-error-text.ts';
import { FormBox } from './form-box.tsx';

/** 1 January 2023 was a Sunday: day 0 of the schedule. */
const SUNDAY = Date.UTC(2023, 0, 1);

export function useDayNames(lang: string): string[] {
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' });
    return Array.from({ length: 7 }, (_, day) =>
      format.format(new Date(SUNDAY + day * 86_400_000)),
    );
  }, [lang]);
}

type ScheduleRows = z.infer<typeof ScheduleResponse>;

export interface ScheduleEditorDialogProps<TKey extends QueryKey> {
  title: string;
  /** Reads the schedule being edited. */
  query: UseQueryOptions<ScheduleRows, Error, ScheduleRows, TKey>;
  /** Stores it; a rejection with a ValidationError puts its codes on the slots. */
  save: (entries: ScheduleEntry[]) => Promise<unknown>;
  onClose: () => void;
}

/** A weekly schedule editor (sections and price adjustments share the rules of the contract). */
export function ScheduleEditorDialog<TKey extends QueryKey>({
  title,
  query,
  save,
  onClose,
}: ScheduleEditorDialogProps<TKey>) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const schedule = useQuery(query);

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {schedule.isPending && (
        <DialogContent>
          <Spinner />
        </DialogContent>
      )}
      {schedule.isError && (
        <DialogContent>
          <LoadError error={schedule.error} onRetry={() => void schedule.refetch()} />
        </DialogContent>
      )}
      {schedule.data && (
        <ScheduleFormBody initial={toScheduleForm(schedule.data)} save={save} onClose={onClose} />
      )}
    </Dialog>
  );
}

function ScheduleFormBody({
  initial,
  save: store,
  onClose,
}: {
  initial: ScheduleForm;
  save: ScheduleEditorDialogProps<QueryKey>['save'];
  onClose: () => void;
}) {
  const { t } = useTranslation('catalog');
  const { lang } = useTenantSession();
  const notify = useCatalogNotify();
  const dayNames = useDayNames(lang);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<ScheduleForm>({ resolver: scheduleResolver, defaultValues: initial });

  const save = handleSubmit(
    async (form) => {
      setFormError(null);
      const flat = toScheduleEntries(form);
      try {
        await store(flat.entries);
        notify.updated();
        onClose();
      } catch (error) {
        if (error instanceof ValidationError) {
          const unplaced = applyServerErrors(error.fieldErrors, setError, (field) =>
            scheduleFieldPath(flat, field),
          );
          if (unplaced.length > 0) setFormError(t('errors.invalid'));
        }
        notify.saveFailed(error);
      }
    },
    () => scrollToFirstInvalid(),
  );

  return (
    <FormBox onSubmit={() => void save()} sx={{ display: 'contents' }}>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ marginBlockEnd: 1 }}>
          {t('schedule.hint')}
        </Typography>
        {formError && <Alert severity="error">{formError}</Alert>}
        <Stack divider={<Divider flexItem />} spacing={1.5}>
          {initial.days.map((day, index) => (
            <DayRow key={day.day} control={control} index={index} name={dayNames[day.day]!} />
          ))}
        </Stack>
      </DialogContent>
      <CancelConfirmActions
        busy={isSubmitting}
        onCancel={onClose}
        cancelLabel={t('actions.cancel')}
        confirmLabel={t('actions.save')}
      />
    </FormBox>
  );
}

function DayRow({
  control,
  index,
  name,
}: {
  control: Control<ScheduleForm>;
  index: number;
  name: string;
}) {
  const { t } = useTranslation('catalog');
  const errorText = useErrorText();
  const slots = useFieldArray({ control, name: `days.${index}.slots` });
  const closed = useWatch({ control, name: `days.${index}.dayClosed` });
  const headingId = useId();

  return (
    <Box role="group" aria-labelledby={headingId} data-testid={`schedule-day-${index}`}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="subtitle2" sx={{ minInlineSize: 96, flexGrow: 1 }}>
          {name}
        </Typography>
        <ToggleField
          control={control}
          name={`days.${index}.dayClosed`}
          kind="checkbox"
          label={t('schedule.closed')}
        />
        {!closed && (
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => slots.append({ openTime: '', closeTime: '' })}
            aria-label={t('schedule.addSlotFor', { day: name })}
          >
            {t('schedule.addSlot')}
          </Button>
        )}
      </Stack>
      {!closed && slots.fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('schedule.allDay')}
        </Typography>
      )}
      {!closed &&
        slots.fields.map((slot, s) => (
          <Stack
            key={slot.id}
            direction="row"
            sx={{ gap: 1, alignItems: 'flex-start', marginBlockStart: 1 }}
          >
            {(['openTime', 'closeTime'] as const).map((which) => (
              <Controller
                key={which}
                control={control}
                name={`days.${index}.slots.${s}.${which}`}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    inputRef={field.ref}
                    size="small"
                    label={t(`schedule.${which}`)}
                    placeholder="HH:MM"
                    error={!!fieldState.error}
                    helperText={errorText(fieldState.error)}
                    sx={{ flex: 1, minInlineSize: 0, maxInlineSize: 200 }}
                    slotProps={{
                      htmlInput: {
                        inputMode: 'numeric',
                        dir: 'ltr',
                        maxLength: 5,
                        'aria-label': t(`schedule.${which}Of`, { day: name, slot: s + 1 }),
                      },
                    }}
                  />
                )}
              />
            ))}
            <IconButton
              aria-label={t('schedule.removeSlot', { day: name, slot: s + 1 })}
              onClick={() => slots.remove(s)}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Stack>
        ))}
    </Box>
  );
}
