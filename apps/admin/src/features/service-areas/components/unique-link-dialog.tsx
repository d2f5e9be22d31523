import { LIMITS_SERVICE_AREAS, UniqueLinkBody } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { NameDialog } from './name-dialog.tsx';

/** §2.9 part 2, §5.5: one required Name, Save and Cancel. */
export function UniqueLinkDialog({
  onClose,
  onSave,
}: {
  onClose: () => void;
  onSave: (body: UniqueLinkBody) => Promise<void>;
}) {
  const { t } = useTranslation('serviceAreas');
  return (
    <NameDialog
      title={t('links.dialogTitle')}
      label={t('dialog.name')}
      schema={UniqueLinkBody}
      limits={{ max: LIMITS_SERVICE_AREAS.uniqueLinkNameMax }}
      onClose={onClose}
      onSave={onSave}
    />
  );
}
