import { useId, useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { CancelConfirmActions } from '../../../components/dialog-parts.tsx';
import { useSetBanner } from '../api/catalog-queries.ts';
import { useCatalogSession } from '../api/use-catalog-session.ts';
import { CatalogImageField } from './catalog-image-field.tsx';
import { useCatalogNotify } from '../../../lib/use-catalog-notify.tsx';

/** Edit menu banner (menu-management.md §2 screen 2); the saved image becomes the tenant banner. */
export function BannerDialog({
  current,
  onClose,
}: {
  current: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('catalog');
  const { tenantId } = useCatalogSession();
  const notify = useCatalogNotify();
  const setBanner = useSetBanner(tenantId);
  const [image, setImage] = useState(current);
  const saving = setBanner.isPending;
  const titleId = useId();
  // Save is blocked until there is a change to save.
  const changed = image !== current;

  const save = async () => {
    try {
      await setBanner.mutateAsync(image ? [image] : []);
      notify.updated();
      onClose();
    } catch (error) {
      notify.saveFailed(error);
    }
  };

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{t('banner.title')}</DialogTitle>
      <DialogContent>
        <CatalogImageField
          kind="banner"
          value={image}
          onChange={setImage}
          hint={t('banner.hint')}
        />
      </DialogContent>
      <CancelConfirmActions
        busy={saving}
        onCancel={onClose}
        cancelLabel={t('actions.close')}
        confirmLabel={t('actions.save')}
        confirmDisabled={!changed}
        onConfirm={() => void save()}
      />
    </Dialog>
  );
}
