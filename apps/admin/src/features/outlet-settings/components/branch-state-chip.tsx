import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { BranchState } from '../lib/status-summary.ts';

export const STATE_COLOR = {
  accepting: 'success',
  busy: 'warning',
  notAccepting: 'warning',
  closed: 'error',
} as const satisfies Record<BranchState, 'success' | 'warning' | 'error'>;

export function BranchStateChip({ state }: { state: BranchState }) {
  const { t } = useTranslation('outlet');
  return <Chip size="small" color={STATE_COLOR[state]} label={t(`state.${state}`)} />;
}
