import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Save / Save & close / Delete, kept in view at the bottom of a side-panel editor. */
export function EditorActions({
  busy,
  onSave,
  onSaveAndClose,
  onDelete,
  extra,
}: {
  busy: boolean;
  onSave: () => void;
  onSaveAndClose?: () => void;
  onDelete?: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('catalog');
  return (
    <Box
      sx={{
        position: 'sticky',
        insetBlockEnd: -16,
        marginInline: -2,
        marginBlockEnd: -2,
        paddingInline: 2,
        paddingBlock: 1.5,
        bgcolor: 'background.paper',
        borderBlockStart: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        zIndex: 2,
      }}
    >
      <Button
        variant="contained"
        onClick={onSave}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {t('actions.save')}
      </Button>
      {onSaveAndClose && (
        <Button variant="outlined" onClick={onSaveAndClose} disabled={busy}>
          {t('actions.saveAndClose')}
        </Button>
      )}
      {extra}
      <Box sx={{ flexGrow: 1 }} />
      {onDelete && (
        <Button color="error" onClick={onDelete} disabled={busy}>
          {t('actions.delete')}
        </Button>
      )}
    </Box>
  );
}
