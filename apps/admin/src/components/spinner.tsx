import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Spec §9: spinner diameter 50. */
export const SPINNER_DIAMETER = 50;

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', paddingBlock: 4 }}>
      <CircularProgress size={SPINNER_DIAMETER} aria-label={label ?? t('common.loading')} />
    </Box>
  );
}
