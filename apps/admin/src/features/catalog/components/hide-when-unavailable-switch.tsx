import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { useCategories, useSetHideWhenNotAvailable } from '../api/catalog-queries.ts';
import { useCatalogSession } from '../api/use-catalog-session.ts';
import { useCatalogNotify } from '../../../lib/use-catalog-notify.tsx';

/** The section's hideWhenNotAvailable: saved at once, reverting on failure (§4). */
export function HideWhenUnavailableSwitch({
  sectionId,
  title,
}: {
  sectionId: string;
  title: string;
}) {
  const { t } = useTranslation('catalog');
  const { tenantId } = useCatalogSession();
  const categories = useCategories(tenantId);
  const setHide = useSetHideWhenNotAvailable(tenantId);
  const notify = useCatalogNotify();
  const [pending, setPending] = useState<boolean | null>(null);
  const category = categories.data?.find((c) => c.id === sectionId);
  if (!category) return null;
  const checked = pending ?? category.hideWhenNotAvailable;

  const change = async (next: boolean) => {
    setPending(next);
    try {
      await setHide.mutateAsync({ category, hide: next });
      notify.updated();
    } catch (error) {
      notify.saveFailed(error);
    } finally {
      setPending(null);
    }
  };

  return (
    <FormControlLabel
      control={
        <Switch
          size="small"
          checked={checked}
          disabled={pending !== null}
          onChange={(_, next) => void change(next)}
          slotProps={{
            input: { 'aria-label': t('section.hideWhenNotAvailableOf', { section: title }) },
          }}
        />
      }
      label={t('section.hideWhenNotAvailable')}
    />
  );
}
