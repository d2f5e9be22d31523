import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LIMITS_SERVICE_AREAS, UniqueLinkBody } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { codesOf, serverCodes, useFieldErrorText } from '../lib/field-errors.ts';

/** §2.9 part 2, §5.5: one required Name, Save and Cancel. */
export function UniqueLinkDialog({
  onClose,
  onSave,
}: {
  onClose: () => void;
  onSave: (body: UniqueLinkBody) => Promise<void>;
}) {
  const { t } = useTranslation('serviceAreas');
  const errorText = useFieldErrorText();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  const save = async () => {
    const parsed = UniqueLinkBody.safeParse({ name });
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
        <DialogTitle id={titleId}>{t('links.dialogTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            required
            margin="dense"
            label={t('dialog.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={error !== undefined}
            helperText={errorText(error, {
              max: LIMITS_SERVICE_AREAS.uniqueLinkNameMax,
              chars: true,
            })}
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
