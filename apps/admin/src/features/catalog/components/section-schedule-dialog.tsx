import { useTranslation } from 'react-i18next';
import { ScheduleEditorDialog } from '../../../components/schedule-dialog.tsx';
import { useInvalidateCatalog } from '../../../lib/catalog-queries.ts';
import { catalogApi } from '../api/catalog-api.ts';
import { scheduleQuery } from '../api/catalog-queries.ts';
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
  const invalidate = useInvalidateCatalog(tenantId);
  return (
    <ScheduleEditorDialog
      title={t('schedule.title', { section: sectionTitle })}
      query={scheduleQuery(tenantId, sectionId)}
      save={async (entries) => {
        await catalogApi.setSchedule(tenantId, sectionId, entries);
        void invalidate();
      }}
      onClose={onClose}
    />
  );
}
