import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { ModifierGroupResponse } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useSidePanel } from '../../../components/side-panel.tsx';
import { ValidationError } from '../../../lib/api-client.ts';
import { applyServerErrors, scrollToFirstInvalid } from '../../../lib/form-errors.ts';
import { useCatalogNotify } from '../../../lib/use-catalog-notify.tsx';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { useSaveModifierGroup } from '../api/modifier-groups-queries.ts';
import {
  modifierGroupFieldFor,
  modifierGroupResolver,
  newModifierGroupForm,
  toModifierGroupBody,
  toModifierGroupForm,
  type ModifierGroupForm,
} from '../lib/modifier-group-form.ts';

/**
 * The modifier group editor's form and its save (and close, or stay in edit mode); server
 * refusals shown on their fields.
 */
export function useModifierGroupForm({
  group,
  onKeepEditing,
}: {
  group: ModifierGroupResponse | null;
  /** After a create without closing: the editor reopens on the new group. */
  onKeepEditing: (id: string) => void;
}) {
  const { t } = useTranslation('catalog');
  const { tenantId } = useTenantSession();
  const panel = useSidePanel();
  const notify = useCatalogNotify();
  const saveGroup = useSaveModifierGroup(tenantId);
  const [formError, setFormError] = useState<string | null>(null);
  const adding = group === null;

  const form = useForm<ModifierGroupForm>({
    resolver: modifierGroupResolver,
    defaultValues: group ? toModifierGroupForm(group) : newModifierGroupForm(),
    // Checked from the first save on: 'onTouched' would mark a just-added empty item at once.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const items = useFieldArray({ control: form.control, name: 'modifierItems', keyName: 'key' });

  const save = (close: boolean) =>
    form.handleSubmit(
      async (values) => {
        setFormError(null);
        const body = toModifierGroupBody(values, group);
        try {
          const saved = await saveGroup.mutateAsync({ id: group?.id ?? null, body });
          if (adding) notify.created();
          else notify.updated();
          if (close) panel.closePanel();
          // §4: after a create the editor switches to edit mode with the returned id.
          else if (adding) onKeepEditing(saved.id);
          else form.reset(toModifierGroupForm(saved));
        } catch (error) {
          if (error instanceof ValidationError) {
            const unplaced = applyServerErrors(
              error.fieldErrors,
              form.setError,
              modifierGroupFieldFor,
            );
            if (unplaced.length > 0) setFormError(t('errors.invalid'));
          }
          notify.saveFailed(error);
        }
      },
      () => scrollToFirstInvalid(),
    )();

  return { form, items, formError, save };
}
