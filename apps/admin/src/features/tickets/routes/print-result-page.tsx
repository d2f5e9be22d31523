import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths, ticketViewPath } from '../../../lib/paths.ts';
import { printResultOf } from '../../../lib/printer-app.ts';

/** Spec §2.4 and §9: the results page closes (back to the order) 10 s after printing. */
export const PRINT_RESULT_RETURN_MS = 10_000;

/**
 * The print results page (spec §2.4): where the phone's printer app comes back to, saying
 * whether it printed; back to the order by itself after 10 s.
 */
export function PrintResultPage() {
  const { t } = useTranslation('ticketDetails');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const ticketId = search.get('ticket');
  const result = printResultOf(search);
  const back = ticketId ? ticketViewPath(ticketId) : paths.liveOrders;
  useEffect(() => {
    const timer = setTimeout(() => void navigate(back, { replace: true }), PRINT_RESULT_RETURN_MS);
    return () => clearTimeout(timer);
  }, [back, navigate]);
  return (
    <Stack spacing={2} sx={{ maxInlineSize: 600 }}>
      <Typography variant="h5" component="h1">
        {t('printResult.title')}
      </Typography>
      {result === null ? (
        <Alert severity="info">{t('printResult.unknown')}</Alert>
      ) : result.printed ? (
        <Alert severity="success">{t('printResult.printed')}</Alert>
      ) : (
        <Alert severity="error">
          {t('printResult.failed')} <span dir="ltr">({result.code})</span>
        </Alert>
      )}
      <Typography color="text.secondary">{t('printResult.returning')}</Typography>
      <Button component={RouterLink} to={back} variant="contained" sx={{ alignSelf: 'flex-start' }}>
        {t(ticketId ? 'printResult.back' : 'printResult.liveOrders')}
      </Button>
    </Stack>
  );
}
