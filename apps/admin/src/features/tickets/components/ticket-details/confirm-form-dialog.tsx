import { useId, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ConfirmFormDialogProps {
  title: ReactNode;
  message: ReactNode;
  /** While the call runs: buttons disabled, the dialog cannot be dismissed. */
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
  cancelLabel: ReactNode;
  confirmLabel: ReactNode;
  /** 'error' for an action that cannot be undone (reject, cancel). */
  confirmColor?: 'primary' | 'error';
  /** The fields between the message and the buttons. */
  children: ReactNode;
}

/** The confirmation of a ticket action: a small form whose Enter confirms. */
export function ConfirmFormDialog({
  title,
  message,
  busy,
  onSubmit,
  onClose,
  cancelLabel,
  confirmLabel,
  confirmColor = 'primary',
  children,
}: ConfirmFormDialogProps) {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ marginBlockEnd: 2 }}>{message}</DialogContentText>
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={confirmColor}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {confirmLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
