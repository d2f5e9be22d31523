import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { useTranslation } from 'react-i18next';

/**
 * Spec §2.3: the welcome prompt before the live view. Its click is the user gesture browsers
 * want before a page may play sound, so the chime can ring for orders that come later.
 */
export function StartPrompt({ onStart }: { onStart: () => void }) {
  const { t } = useTranslation('tickets');
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="live-orders-start"
      sx={{
        maxInlineSize: 560,
        marginInline: 'auto',
        marginBlockStart: { xs: 1, sm: 4 },
        paddingBlock: 5,
        paddingInline: 3,
        textAlign: 'center',
        display: 'grid',
        justifyItems: 'center',
        gap: 2,
      }}
    >
      <NotificationsActiveOutlined color="primary" sx={{ fontSize: 56 }} />
      <Typography id="live-orders-start" variant="h5" component="h2">
        {t('start.heading')}
      </Typography>
      <Typography color="text.secondary">{t('start.body')}</Typography>
      <Button variant="contained" size="large" onClick={onStart}>
        {t('start.button')}
      </Button>
    </Paper>
  );
}
