import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LIMITS_SERVICE_AREAS, SectionBody, type ServiceAreaSection } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { codesOf, serverCodes, useFieldErrorText } from '../lib/field-errors.ts';

/** §2.9 part 1, §5.5: add or rename a section (3–36 characters). */
export function SectionDialog({
  section,
  onClose,
  onSave,
}: {
  /** null: a new section. */
  section: ServiceAreaSection | null;
  onClose: () => void;
  /** Throws on failure; a 422 shows on the field. */
  onSave: (body: SectionBody) => Promise<void>;
}) {
  const { t } = useTranslation('serviceAreas');
  const errorText = useFieldErrorText();
  const [name, setName] = useState(section?.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  const save = async () => {
    const parsed = SectionBody.safeParse({ name });
    if (!parsed.success) {
      setError(codesOf(parsed).name);
      return;
    }
    setBusy(true);
    try {
      await onSave(parsed.data);
    } catch (err) {
      setError(serverCodes(err)?.name);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <Stack
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <DialogTitle id={titleId}>
          {section ? t('sections.editTitle') : t('sections.addTitle')}
        </DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            required
            margin="dense"
            label={t('sections.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={error !== undefined}
            helperText={errorText(error, {
              min: LIMITS_SERVICE_AREAS.sectionNameMin,
              max: LIMITS_SERVICE_AREAS.sectionNameMax,
              chars: true,
            })}
            slotProps={{ htmlInput: { maxLength: LIMITS_SERVICE_AREAS.sectionNameMax } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('dialog.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('dialog.save')}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
