import { useId, useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  LIMITS_SERVICE_AREAS,
  ServiceAreaBody,
  ServiceAreaRangeBody,
  type ServiceArea,
  type ServiceAreaSection,
} from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialog-parts.tsx';
import { codesOf, serverCodes, useFieldErrorText } from '../lib/field-errors.ts';

const NONE = '';

/**
 * §2.9 part 4, §5.5: adding a range of tables (from, to, an optional prefix behind the 'Add
 * Prefix' toggle, an optional section) or editing one table (prefix and section; the range
 * fields hidden and the toggle disabled).
 */
export function ServiceAreaDialog({
  area,
  sections,
  onClose,
  onCreate,
  onUpdate,
}: {
  /** null: add a range. */
  area: ServiceArea | null;
  sections: readonly ServiceAreaSection[];
  onClose: () => void;
  onCreate: (body: ServiceAreaRangeBody) => Promise<void>;
  onUpdate: (id: string, body: ServiceAreaBody) => Promise<void>;
}) {
  const { t } = useTranslation('serviceAreas');
  const errorText = useFieldErrorText();
  const editing = area !== null;
  const [rangeStart, setRangeStart] = useState('');
  const [rangeEnd, setRangeEnd] = useState('');
  const [withPrefix, setWithPrefix] = useState(Boolean(area?.title));
  const [title, setTitle] = useState(area?.title ?? '');
  const [sectionId, setSectionId] = useState(area?.sectionId ?? NONE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const showPrefix = withPrefix || editing;

  const number = (v: string) => (v.trim() === '' ? undefined : Number(v));

  const save = async () => {
    const prefix = showPrefix && (withPrefix || title.trim() !== '') ? title : null;
    const parsed = editing
      ? ServiceAreaBody.safeParse({ title: prefix, sectionId: sectionId || null })
      : ServiceAreaRangeBody.safeParse({
          title: prefix,
          rangeStart: number(rangeStart),
          rangeEnd: number(rangeEnd),
          sectionId: sectionId || null,
        });
    if (!parsed.success) {
      setErrors(codesOf(parsed));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (area) await onUpdate(area.id, parsed.data as ServiceAreaBody);
      else await onCreate(parsed.data as ServiceAreaRangeBody);
    } catch (err) {
      const codes = serverCodes(err);
      if (codes) setErrors(codes);
    } finally {
      setBusy(false);
    }
  };

  const duplicate = errors.rangeStart === 'duplicate_service_area' ? errors.rangeStart : undefined;

  return (
    <FormDialog
      titleId={titleId}
      title={editing ? t('dialog.editTitle') : t('dialog.addTitle')}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void save()}
      cancelLabel={t('dialog.cancel')}
      saveLabel={t('dialog.save')}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {!editing && (
          <Stack direction="row" spacing={2}>
            <TextField
              autoFocus
              required
              fullWidth
              type="number"
              label={t('dialog.rangeStart')}
              value={rangeStart}
              onChange={(event) => setRangeStart(event.target.value)}
              error={errors.rangeStart !== undefined && !duplicate}
              helperText={
                duplicate
                  ? undefined
                  : errorText(errors.rangeStart, {
                      min: LIMITS_SERVICE_AREAS.rangeStartMin,
                      max: LIMITS_SERVICE_AREAS.rangeStartMax,
                    })
              }
              slotProps={{
                htmlInput: {
                  min: LIMITS_SERVICE_AREAS.rangeStartMin,
                  max: LIMITS_SERVICE_AREAS.rangeStartMax,
                  dir: 'ltr',
                },
              }}
            />
            <TextField
              required
              fullWidth
              type="number"
              label={t('dialog.rangeEnd')}
              value={rangeEnd}
              onChange={(event) => setRangeEnd(event.target.value)}
              error={errors.rangeEnd !== undefined}
              helperText={errorText(errors.rangeEnd, {
                min: LIMITS_SERVICE_AREAS.rangeEndMin,
                max: LIMITS_SERVICE_AREAS.rangeEndMax,
              })}
              slotProps={{
                htmlInput: {
                  min: LIMITS_SERVICE_AREAS.rangeEndMin,
                  max: LIMITS_SERVICE_AREAS.rangeEndMax,
                  dir: 'ltr',
                },
              }}
            />
          </Stack>
        )}
        <FormControlLabel
          control={
            <Switch
              checked={withPrefix}
              disabled={editing}
              onChange={(_e, on) => setWithPrefix(on)}
            />
          }
          label={t('dialog.addPrefix')}
        />
        {showPrefix && (
          <TextField
            fullWidth
            required={!editing}
            label={t('dialog.prefix')}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={errors.title !== undefined}
            helperText={
              errorText(errors.title, {
                min: LIMITS_SERVICE_AREAS.titleMin,
                max: LIMITS_SERVICE_AREAS.titleMax,
                chars: true,
              }) ?? t('dialog.prefixHint')
            }
            slotProps={{ htmlInput: { maxLength: LIMITS_SERVICE_AREAS.titleMax } }}
          />
        )}
        {!editing && showPrefix && title.trim() !== '' && rangeEnd.trim() !== '' && (
          <Typography variant="body2" color="text.secondary">
            {t('dialog.example', { title: title.trim(), rangeEnd })}
          </Typography>
        )}
        <TextField
          select
          fullWidth
          label={t('dialog.section')}
          value={sectionId}
          onChange={(event) => setSectionId(event.target.value)}
          error={errors.sectionId !== undefined}
          helperText={errorText(errors.sectionId)}
        >
          <MenuItem value={NONE}>{t('dialog.noSection')}</MenuItem>
          {sections.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
        {duplicate && (
          <Typography role="alert" color="error" variant="body2">
            {errorText(duplicate)}
          </Typography>
        )}
      </Stack>
    </FormDialog>
  );
}
