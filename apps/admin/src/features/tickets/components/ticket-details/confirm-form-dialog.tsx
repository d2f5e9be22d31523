import { useId, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { CancelConfirmActions, SmallDialog } from '../../../../components/dialog-parts.tsx';

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
    <SmallDialog titleId={titleId} busy={busy} onClose={onClose}>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ marginBlockEnd: 2 }}>{message}</DialogContentText>
          {children}
        </DialogContent>
        <CancelConfirmActions
          busy={busy}
          onCancel={onClose}
          cancelLabel={cancelLabel}
          confirmLabel={confirmLabel}
          confirmColor={confirmColor}
        />
      </Box>
    </SmallDialog>
  );
}
