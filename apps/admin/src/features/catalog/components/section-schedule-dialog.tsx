import { useTranslation } from 'react-i18next';
import { ScheduleEditorDialog } from '../../../components/schedule-dialog.tsx';
import { scheduleQuery, useSetSectionSchedule } from '../api/catalog-queries.ts';
import { useCatalogSession } from '../api/use-catalog-session.ts';

/** The schedule editor of a section (menu-management.md §2 screen 7): days 0–6 from Sunday. */
export function ScheduleDialog({
  sectionId,
  sectionTitle,
  onClose,
}: {
  sectionId: string;
  sectionTitle: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('catalog');
  const { tenantId } = useCatalogSession();
  const setSchedule = useSetSectionSchedule(tenantId);
  return (
    <ScheduleEditorDialog
      title={t('schedule.title', { section: sectionTitle })}
      query={scheduleQuery(tenantId, sectionId)}
      save={async (entries) => {
        await setSchedule.mutateAsync({ id: sectionId, entries });
      }}
      onClose={onClose}
    />
  );
}
