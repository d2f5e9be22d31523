import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { codesOf, serverCodes, useFieldErrorText } from '../lib/field-errors.ts';

/**
 * A dialog with one Name, checked by the contract's body before it is sent, Save and Cancel
 * (§2.9: a section, a unique link).
 */
export function NameDialog<B extends { name: string }>({
  title,
  label,
  initial = '',
  schema,
  limits,
  maxLength,
  onClose,
  onSave,
}: {
  title: string;
  label: string;
  initial?: string;
  schema: z.ZodType<B>;
  /** The bounds the error texts name. */
  limits: { min?: number; max: number };
  /** Typing stops here. */
  maxLength?: number;
  onClose: () => void;
  /** Throws on failure; a 422 shows on the field. */
  onSave: (body: B) => Promise<void>;
}) {
  const { t } = useTranslation('serviceAreas');
  const errorText = useFieldErrorText();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  const save = async () => {
    const parsed = schema.safeParse({ name });
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
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            required
            margin="dense"
            label={label}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={error !== undefined}
            helperText={errorText(error, { ...limits, chars: true })}
            slotProps={maxLength ? { htmlInput: { maxLength } } : undefined}
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
