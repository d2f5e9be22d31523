import type { FormEvent, ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { BusyButton } from './busy-button.tsx';

/** A small dialog named by its title, which cannot be dismissed while its work is `busy`. */
export function SmallDialog({
  titleId,
  describedBy,
  busy,
  open = true,
  onClose,
  children,
}: {
  titleId: string;
  describedBy?: string;
  busy: boolean;
  open?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      maxWidth="xs"
      fullWidth
    >
      {children}
    </Dialog>
  );
}

/**
 * A small dialog holding one form with Cancel and Save: Enter submits it, the browser's own
 * checks stay off.
 */
export function FormDialog({
  titleId,
  title,
  busy,
  onClose,
  onSubmit,
  cancelLabel,
  saveLabel,
  children,
}: {
  titleId: string;
  title: ReactNode;
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  cancelLabel: string;
  saveLabel: string;
  children: ReactNode;
}) {
  return (
    <SmallDialog titleId={titleId} busy={busy} onClose={onClose}>
      <Stack
        component="form"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <CancelConfirmActions
          busy={busy}
          onCancel={onClose}
          cancelLabel={cancelLabel}
          confirmLabel={saveLabel}
        />
      </Stack>
    </SmallDialog>
  );
}

/**
 * A dialog's Cancel and its main action, which shows progress while `busy`; without
 * `onConfirm` the main action submits the dialog's form.
 */
export function CancelConfirmActions({
  busy,
  onCancel,
  cancelLabel,
  confirmLabel,
  onConfirm,
  confirmColor,
  confirmDisabled,
  cancelAutoFocus,
}: {
  busy: boolean;
  onCancel: () => void;
  cancelLabel: ReactNode;
  confirmLabel: ReactNode;
  onConfirm?: () => void;
  confirmColor?: ButtonProps['color'];
  confirmDisabled?: boolean;
  cancelAutoFocus?: boolean;
}) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={busy} autoFocus={cancelAutoFocus}>
        {cancelLabel}
      </Button>
      <BusyButton
        busy={busy}
        type={onConfirm ? undefined : 'submit'}
        onClick={onConfirm}
        color={confirmColor}
        disabled={confirmDisabled}
      >
        {confirmLabel}
      </BusyButton>
    </DialogActions>
  );
}
