import { useId, useState } from 'react';
import TextField from '@mui/material/TextField';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialog-parts.tsx';
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
    <FormDialog
      titleId={titleId}
      title={title}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void save()}
      cancelLabel={t('dialog.cancel')}
      saveLabel={t('dialog.save')}
    >
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
    </FormDialog>
  );
}
