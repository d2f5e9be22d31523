import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { BusyButton } from './busy-button.tsx';

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
      <BusyButton busy={busy} onClick={onSave}>
        {t('actions.save')}
      </BusyButton>
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
