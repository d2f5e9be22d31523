import { useRouteError } from 'react-router';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { ReloadPageAlert } from '../components/retry-alert.tsx';

/** Last resort for a page that failed to render or load. */
export function RouteError() {
  const { t } = useTranslation();
  console.error(useRouteError());
  return (
    <Box sx={{ padding: 4 }}>
      <ReloadPageAlert>{t('errors.pageFailed')}</ReloadPageAlert>
    </Box>
  );
}
