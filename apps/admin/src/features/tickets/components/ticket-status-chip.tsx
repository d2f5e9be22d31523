import Chip, { type ChipProps } from '@mui/material/Chip';
import { isNotAccepted, type TicketStatus } from '@app/contracts';
import { useTranslation } from 'react-i18next';

const COLOR: Record<TicketStatus, ChipProps['color']> = {
  UnVerified: 'warning',
  New: 'warning',
  InProgress: 'info',
  Completed: 'success',
  Cancelled: 'default',
};

/** The status of a ticket; UnVerified reads Not Accepted (spec §4.1). */
export function TicketStatusChip({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('tickets');
  return (
    <Chip
      size="small"
      color={COLOR[status]}
      variant={isNotAccepted(status) ? 'filled' : 'outlined'}
      label={t(`status.${status}`)}
    />
  );
}
