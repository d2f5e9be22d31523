import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { BusyButton } from './busy-button.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { FormBox } from './form-box.tsx';

/** Save / Save & close / Delete, kept in view at the bottom of a side-panel editor. */
export function EditorActions({
  busy,
  onSave,
  onSaveAndClose,
  onDelete,
  extra,
}: {
  busy: boolean;
  onSave: () => void;
  onSaveAndClose?: () => void;
  onDelete?: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('catalog');
  return (
    <Box
      sx={{
        position: 'sticky',
        insetBlockEnd: -16,
        marginInline: -2,
        marginBlockEnd: -2,
        paddingInline: 2,
        paddingBlock: 1.5,
        bgcolor: 'background.paper',
        borderBlockStart: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        zIndex: 2,
      }}
    >
      <BusyButton busy={busy} onClick={onSave}>
        {t('actions.save')}
      </BusyButton>
      {onSaveAndClose && (
        <Button variant="outlined" onClick={onSaveAndClose} disabled={busy}>
          {t('actions.saveAndClose')}
        </Button>
      )}
      {extra}
      <Box sx={{ flexGrow: 1 }} />
      {onDelete && (
        <Button color="error" onClick={onDelete} disabled={busy}>
          {t('actions.delete')}
        </Button>
      )}
    </Box>
  );
}

/** What a side-panel editor asks before deleting something (the whole thing or a part of it). */
export interface EditorDeleting {
  open: boolean;
  title: string;
  message: string;
  onConfirm: () => unknown;
  onClose: () => void;
}

/**
 * A side-panel editor's form: an intro line, the form's refusal, the fields, then the actions
 * under a divider (none when `actions` is not given), and the question asked before a delete.
 */
export function EditorForm({
  onSubmit,
  intro,
  formError,
  actions,
  deleting,
  children,
}: {
  onSubmit: () => void;
  intro?: ReactNode;
  formError?: string | null;
  actions?: ReactNode;
  deleting: EditorDeleting;
  children: ReactNode;
}) {
  const { t } = useTranslation('catalog');
  return (
    <FormBox onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        {intro}
        {formError && <Alert severity="error">{formError}</Alert>}
        {children}
        {actions && (
          <>
            <Divider />
            {actions}
          </>
        )}
      </Stack>
      <ConfirmDialog
        {...deleting}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
        destructive
      />
    </FormBox>
  );
}
