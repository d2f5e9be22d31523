import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const STEPS = ['helpClick', 'helpSite', 'helpTab', 'helpDevice'] as const;

/** The help on enabling the notification sound (spec §2.7), in the admin's language. */
export function SoundHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('outlet');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('sound.helpTitle')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ marginBlockEnd: 1 }}>{t('sound.helpIntro')}</Typography>
        <Typography component="ol" sx={{ margin: 0, paddingInlineStart: 3 }}>
          {STEPS.map((step) => (
            <Typography component="li" key={step} sx={{ marginBlockEnd: 1 }}>
              {t(`sound.${step}`)}
            </Typography>
          ))}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('sound.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
