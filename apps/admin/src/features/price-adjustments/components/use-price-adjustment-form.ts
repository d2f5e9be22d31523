import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { PriceAdjustmentResponse } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { ValidationError, isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, scrollToFirstInvalid } from '../../../lib/form-errors.ts';
import { useCatalogNotify } from '../../../lib/use-catalog-notify.tsx';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { useSavePriceAdjustment } from '../api/price-adjustments-queries.ts';
import {
  newPriceAdjustmentForm,
  priceAdjustmentFieldFor,
  priceAdjustmentResolver,
  toPriceAdjustmentBody,
  toPriceAdjustmentForm,
  type PriceAdjustmentForm,
} from '../lib/price-adjustment-form.ts';
import { priceAdjustmentPaths } from '../paths.ts';

/**
 * The Details tab's form and its save: a new adjustment moves to its edit address (§4), a
 * refusal is shown on its field or said in a message.
 */
export function usePriceAdjustmentForm(adjustment: PriceAdjustmentResponse | null) {
  const { t } = useTranslation('catalog');
  const { tenantId, can } = useTenantSession();
  // The point of sale owns an integrated tenant's prices: the form only shows them.
  const readOnly = !can('EditPriceAdjustments');
  const navigate = useNavigate();
  const notify = useCatalogNotify();
  const saveAdjustment = useSavePriceAdjustment(tenantId);
  const adding = adjustment === null;
  const form = useForm<PriceAdjustmentForm>({
    resolver: priceAdjustmentResolver,
    defaultValues: adjustment ? toPriceAdjustmentForm(adjustment) : newPriceAdjustmentForm(),
    mode: 'onTouched',
    disabled: readOnly,
  });

  const save = form.handleSubmit(
    async (values) => {
      const body = toPriceAdjustmentBody(values);
      try {
        const saved = await saveAdjustment.mutateAsync({ id: adjustment?.id ?? null, body });
        if (adding) {
          notify.success(t('priceAdjustments.messages.created'));
          // §4: the edit URL, where the schedule and the items can be set.
          void navigate(priceAdjustmentPaths.form(saved.id), { replace: true });
        } else {
          notify.success(t('priceAdjustments.messages.updated'));
          form.reset(toPriceAdjustmentForm(saved));
        }
      } catch (error) {
        if (error instanceof ValidationError) {
          applyServerErrors(error.fieldErrors, form.setError, priceAdjustmentFieldFor);
          if (error.codesFor('name').includes('ItemAlreadyExists')) {
            notify.error(t('priceAdjustments.errors.alreadyExists'));
            return;
          }
        }
        if (isApiError(error, 403)) return;
        console.error('price adjustment save failed', error);
        notify.error(
          t(
            adding
              ? 'priceAdjustments.messages.saveFailed'
              : 'priceAdjustments.messages.updateFailed',
          ),
        );
      }
    },
    () => scrollToFirstInvalid(),
  );

  return { form, save, readOnly };
}
