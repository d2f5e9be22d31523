import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** Active or deactivated, in words (not colour alone). */
export function TenantStatusChip({ active }: { active: boolean }) {
  const { t } = useTranslation('platform');
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={t(active ? 'tenants.active' : 'tenants.inactive')}
    />
  );
}
