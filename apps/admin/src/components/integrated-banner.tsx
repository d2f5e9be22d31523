import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useTenantSession } from '../lib/use-tenant-session.ts';

/** The menu comes from the point of sale: editing is off, schedules stay editable. */
export function IntegratedBanner() {
  const { t } = useTranslation('catalog');
  const { isIntegrated } = useTenantSession();
  if (!isIntegrated) return null;
  return <Alert severity="info">{t('alerts.integrated')}</Alert>;
}
