import { useCallback } from 'react';
import type { CheckoutTemplate } from '@app/contracts';
import { useTranslation } from 'react-i18next';

/** "Delivery, Pickup" in the UI language. */
export function useTemplateNames(): (templates: readonly CheckoutTemplate[]) => string {
  const { t } = useTranslation('catalog');
  return useCallback(
    (templates) => templates.map((template) => t(`templates.${template}`)).join(t('listSeparator')),
    [t],
  );
}
