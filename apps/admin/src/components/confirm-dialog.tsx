import { useId, useState } from 'react';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { CancelConfirmActions, SmallDialog } from './dialog-parts.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  /** A destructive action shows its button in the error colour. */
  destructive?: boolean;
  /** May return a promise: the dialog shows progress and stays until it settles. */
  onConfirm: () => unknown;
  onClose: () => void;
}

/** Asks before an action that cannot be undone; Escape or Cancel leaves things as they are. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  destructive = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const messageId = useId();

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };

  return (
    <SmallDialog
      open={open}
      titleId={titleId}
      describedBy={messageId}
      busy={busy}
      onClose={onClose}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{message}</DialogContentText>
      </DialogContent>
      <CancelConfirmActions
        busy={busy}
        onCancel={onClose}
        cancelLabel={cancelLabel}
        cancelAutoFocus
        confirmLabel={confirmLabel}
        confirmColor={destructive ? 'error' : 'primary'}
        onConfirm={() => void confirm()}
      />
    </SmallDialog>
  );
}
