import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { useTranslation } from 'react-i18next';

/** Preview menu: the storefront that renders the preview is not part of this release yet. */
export function PreviewMenuButton() {
  const { t } = useTranslation('catalog');
  return (
    <Tooltip title={t('actions.previewUnavailable')}>
      <span>
        <Button variant="outlined" startIcon={<VisibilityOutlinedIcon />} disabled>
          {t('actions.previewMenu')}
        </Button>
      </span>
    </Tooltip>
  );
}
