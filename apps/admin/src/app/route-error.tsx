import { useRouteError } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { reloadPage } from '../lib/notify.tsx';

/** Last resort for a page that failed to render or load. */
export function RouteError() {
  const { t } = useTranslation();
  console.error(useRouteError());
  return (
    <Box sx={{ padding: 4 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={reloadPage}>
            {t('snackbar.refresh')}
          </Button>
        }
      >
        {t('errors.pageFailed')}
      </Alert>
    </Box>
  );
}
