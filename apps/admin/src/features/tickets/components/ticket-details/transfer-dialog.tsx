import { useId, useState } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from 'react-i18next';
import { ConfirmFormDialog } from './confirm-form-dialog.tsx';

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
  const labelId = useId();
  const [branchId, setBranchId] = useState(branches.length === 1 ? branches[0]!.branchId : '');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
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
    <ConfirmFormDialog
      title={t('transfer.title', { number: ticketNumber })}
      message={t('transfer.message', { branch: fromBranch })}
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
      cancelLabel={t('confirm.back')}
      confirmLabel={t('transfer.confirm')}
    >
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
    </ConfirmFormDialog>
  );
}
