import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../lib/paths.ts';

/**
 * A path below an admin page the user may open that no screen answers: said inside the admin,
 * with a way back, instead of sending a signed-in user to the sign-in landing.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ maxInlineSize: 640, alignItems: 'flex-start' }}>
      <Typography variant="h5" component="h1">
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary">{t('notFound.message')}</Typography>
      <Button component={RouterLink} to={paths.dashboard} variant="contained">
        {t('notFound.back')}
      </Button>
    </Stack>
  );
}
