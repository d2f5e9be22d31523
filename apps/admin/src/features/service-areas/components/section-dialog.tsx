import { LIMITS_SERVICE_AREAS, SectionBody, type ServiceAreaSection } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { NameDialog } from './name-dialog.tsx';

/** §2.9 part 1, §5.5: add or rename a section (3–36 characters). */
export function SectionDialog({
  section,
  onClose,
  onSave,
}: {
  /** null: a new section. */
  section: ServiceAreaSection | null;
  onClose: () => void;
  /** Throws on failure; a 422 shows on the field. */
  onSave: (body: SectionBody) => Promise<void>;
}) {
  const { t } = useTranslation('serviceAreas');
  return (
    <NameDialog
      title={section ? t('sections.editTitle') : t('sections.addTitle')}
      label={t('sections.name')}
      initial={section?.name}
      schema={SectionBody}
      limits={{
        min: LIMITS_SERVICE_AREAS.sectionNameMin,
        max: LIMITS_SERVICE_AREAS.sectionNameMax,
      }}
      maxLength={LIMITS_SERVICE_AREAS.sectionNameMax}
      onClose={onClose}
      onSave={onSave}
    />
  );
}
