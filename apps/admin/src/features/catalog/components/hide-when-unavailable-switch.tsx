import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useQueryClient } from '@tanstack/react-query';
import type { CategoryResponse } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { catalogApi } from '../api/catalog-api.ts';
import { catalogKeys } from '../../../lib/catalog-queries.ts';
import { useCategories } from '../api/catalog-queries.ts';
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
  const queryClient = useQueryClient();
  const notify = useCatalogNotify();
  const [pending, setPending] = useState<boolean | null>(null);
  const category = categories.data?.find((c) => c.id === sectionId);
  if (!category) return null;
  const checked = pending ?? category.hideWhenNotAvailable;

  const change = async (next: boolean) => {
    setPending(next);
    try {
      const updated = await catalogApi.updateCategory(tenantId, sectionId, {
        localizedTitle: category.localizedTitle,
        localizedDesc: category.localizedDesc,
        images: category.images,
        active: category.active,
        hideWhenNotAvailable: next,
        excludedCheckoutTemplates: category.excludedCheckoutTemplates,
      });
      queryClient.setQueryData<CategoryResponse[]>(catalogKeys.categories(tenantId), (list) =>
        list?.map((c) => (c.id === sectionId ? updated : c)),
      );
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
