import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from 'react-i18next';

export interface TransferTarget {
  branchId: string;
  name: string;
}

export interface TransferDialogProps {
  ticketNumber: number;
  /** The branch the ticket is at now. */
  fromBranch: string;
  /** The tenant's other branches. */
  branches: readonly TransferTarget[];
  onConfirm: (target: TransferTarget) => Promise<unknown>;
  onClose: () => void;
}

/** Asks which branch of the tenant gets the ticket, then confirms the move. */
export function TransferDialog({
  ticketNumber,
  fromBranch,
  branches,
  onConfirm,
  onClose,
}: TransferDialogProps) {
  const { t } = useTranslation('ticketDetails');
  const titleId = useId();
  const labelId = useId();
  const [branchId, setBranchId] = useState(branches.length === 1 ? branches[0]!.branchId : '');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const target = branches.find((b) => b.branchId === branchId);
    if (!target) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(target);
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
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('transfer.title', { number: ticketNumber })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ marginBlockEnd: 2 }}>
            {t('transfer.message', { branch: fromBranch })}
          </DialogContentText>
          <FormControl error={missing} required>
            <FormLabel id={labelId}>{t('transfer.branch')}</FormLabel>
            <RadioGroup
              aria-labelledby={labelId}
              value={branchId}
              onChange={(event) => {
                setBranchId(event.target.value);
                setMissing(false);
              }}
            >
              {branches.map((b) => (
                <FormControlLabel
                  key={b.branchId}
                  value={b.branchId}
                  control={<Radio disabled={busy} />}
                  label={b.name}
                />
              ))}
            </RadioGroup>
            {missing && <FormHelperText>{t('confirm.reasonRequired')}</FormHelperText>}
          </FormControl>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('confirm.back')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('transfer.confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
