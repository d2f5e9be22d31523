import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { alpha } from '@mui/material/styles';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { TreeNode } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { hasSchedule } from '../../../lib/schedule.ts';

/**
 * The clock of a section: highlighted when its schedule closes a day or limits the hours. A
 * button for those who may edit schedules, a plain marker for the others.
 */
export function ScheduleButton({
  section,
  title,
  canEdit,
  onOpen,
}: {
  section: Pick<TreeNode, 'schedule'>;
  title: string;
  canEdit: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation('catalog');
  const highlighted = hasSchedule(section.schedule);
  const label = highlighted
    ? t('schedule.buttonSet', { section: title })
    : t('schedule.button', { section: title });
  const color = highlighted ? 'secondary' : 'default';
  if (!canEdit) {
    if (!highlighted) return null;
    return (
      <Tooltip title={label}>
        <ScheduleIcon color="secondary" titleAccess={label} sx={{ margin: 1 }} />
      </Tooltip>
    );
  }
  return (
    <Tooltip title={label}>
      <IconButton
        aria-label={label}
        color={color}
        onClick={onOpen}
        data-highlighted={highlighted ? 'true' : 'false'}
        sx={
          highlighted
            ? (theme) => ({ bgcolor: alpha(theme.palette.secondary.main, 0.12) })
            : undefined
        }
      >
        <ScheduleIcon />
      </IconButton>
    </Tooltip>
  );
}
