import Chip from '@mui/material/Chip';
import { printerPrints, type PrinterState } from '@app/contracts';
import { useTranslation } from 'react-i18next';

const COLOR: Record<PrinterState, 'success' | 'warning' | 'error' | 'default'> = {
  never_seen: 'default',
  online: 'success',
  paper_low: 'warning',
  offline: 'error',
  paper_out: 'error',
  cover_open: 'error',
  error: 'error',
};

/** A printer's state as its poll last told it (issue 37): Online, Out of paper, Offline… */
export function PrinterStateChip({
  state,
  detail,
}: {
  state: PrinterState;
  detail?: string | null;
}) {
  const { t } = useTranslation('common');
  const label = t(`printerStates.${state}`);
  return (
    <Chip
      size="small"
      color={COLOR[state]}
      variant={printerPrints(state) ? 'outlined' : 'filled'}
      label={label}
      title={detail ?? undefined}
    />
  );
}
