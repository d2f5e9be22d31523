import { useTranslation } from 'react-i18next';
import { StorefrontPreviewButton } from '../../../components/storefront-preview-dialog.tsx';

/** Preview menu: the storefront preview dialog (§2.7) on the menu as customers see it. */
export function PreviewMenuButton() {
  const { t } = useTranslation('catalog');
  return <StorefrontPreviewButton label={t('actions.previewMenu')} />;
}
