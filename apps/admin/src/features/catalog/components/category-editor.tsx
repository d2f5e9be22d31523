import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import FormControl from '@mui/material/FormControl';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { CATALOG_LIMITS, CategoryBody, type CategoryResponse } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useSidePanel } from '../../../components/side-panel.tsx';
import { ValidationError, isApiError } from '../../../lib/api-client.ts';
import { categoryQuery } from '../../../lib/catalog-queries.ts';
import { useCreateCategory, useDeleteCategory, useUpdateCategory } from '../api/catalog-queries.ts';
import { useCatalogSession } from '../api/use-catalog-session.ts';
import { applyServerErrors, issueCode, scrollToFirstInvalid } from '../../../lib/form-errors.ts';
import { withDefaultText } from '../../../lib/localized-text.ts';
import { sectionExcludedTemplates, sectionTemplateChoice } from '../lib/templates.ts';
import { CatalogImagesControl } from './catalog-image-field.tsx';
import { EditorActions, EditorForm } from '../../../components/editor-actions.tsx';
import { HistorySection } from '../../../components/change-history.tsx';
import { QueryStatus } from '../../../components/load-error.tsx';
import { useCatalogNotify } from '../../../lib/use-catalog-notify.tsx';
import { CountedTextField } from '../../../components/counted-text-field.tsx';
import { ToggleField } from '../../../components/toggle-field.tsx';

/** The section form: the contract's body, with the two template choices of §3 for the exclusions. */
export const CategoryForm = CategoryBody.pick({
  localizedTitle: true,
  localizedDesc: true,
  images: true,
  active: true,
  hideWhenNotAvailable: true,
}).extend({
  includeDining: z.boolean(),
  includeDeliveryPickup: z.boolean(),
});
type FormInput = z.input<typeof CategoryForm>;
type FormOutput = z.output<typeof CategoryForm>;

export interface CategoryEditorProps {
  /** null: adding a section. */
  categoryId: string | null;
  /** Where a new section goes; null for a main section. */
  parentId: string | null;
  parentTitle?: string;
  /** After a delete, e.g. to leave the deleted section's page. */
  onDeleted?: () => void;
}

/** The section editor opened in the side panel (menu-management.md §2 screen 11). */
export function CategoryEditor(props: CategoryEditorProps) {
  const { tenantId } = useCatalogSession();
  const category = useQuery({
    ...categoryQuery(tenantId, props.categoryId ?? ''),
    enabled: props.categoryId !== null,
  });
  if (props.categoryId !== null && !category.data) return <QueryStatus query={category} />;
  return <SectionForm {...props} category={category.data ?? null} />;
}

function toForm(category: CategoryResponse | null): FormInput {
  return {
    localizedTitle: category?.localizedTitle ?? { fieldValue: '' },
    localizedDesc: category?.localizedDesc ?? { fieldValue: '' },
    images: category?.images ?? [],
    // New sections are shown and excluded from nothing (§4).
    active: category?.active ?? true,
    hideWhenNotAvailable: category?.hideWhenNotAvailable ?? false,
    ...sectionTemplateChoice(category?.excludedCheckoutTemplates ?? []),
  };
}

function SectionForm({
  category,
  parentId,
  parentTitle,
  onDeleted,
}: CategoryEditorProps & { category: CategoryResponse | null }) {
  const { t } = useTranslation('catalog');
  const { tenantId } = useCatalogSession();
  const panel = useSidePanel();
  const notify = useCatalogNotify();
  const createCategory = useCreateCategory(tenantId);
  const updateCategory = useUpdateCategory(tenantId);
  const deleteCategory = useDeleteCategory(tenantId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const adding = category === null;

  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(CategoryForm, { error: issueCode }),
    defaultValues: toForm(category),
    mode: 'onTouched',
  });

  const save = handleSubmit(
    async (form) => {
      setFormError(null);
      const body = {
        localizedTitle: withDefaultText(category?.localizedTitle, form.localizedTitle.fieldValue),
        localizedDesc: form.localizedDesc?.fieldValue
          ? withDefaultText(category?.localizedDesc, form.localizedDesc.fieldValue)
          : null,
        images: form.images,
        active: form.active,
        hideWhenNotAvailable: form.hideWhenNotAvailable,
        excludedCheckoutTemplates: sectionExcludedTemplates(form),
      };
      try {
        if (adding) {
          await createCategory.mutateAsync({ parentId, body });
          notify.created();
          // The section editor closes after a create (§4).
          panel.closePanel();
          return;
        }
        const updated = await updateCategory.mutateAsync({ id: category.id, body });
        notify.updated();
        reset(toForm(updated));
      } catch (error) {
        if (error instanceof ValidationError) {
          const unplaced = applyServerErrors(error.fieldErrors, setError, (field) => {
            if (/^(localizedTitle|localizedDesc)(\.fieldValue)?$/.test(field)) {
              return `${field.split('.')[0] as 'localizedTitle' | 'localizedDesc'}.fieldValue`;
            }
            return null;
          });
          const codes = unplaced.flatMap((e) => e.codes);
          if (codes.length > 0) {
            setFormError(
              codes.includes('category_max_depth')
                ? t('errors.category_max_depth')
                : t('errors.invalid'),
            );
          }
        }
        notify.saveFailed(error);
      }
    },
    () => scrollToFirstInvalid(),
  );

  const remove = async () => {
    if (!category) return;
    try {
      await deleteCategory.mutateAsync(category.id);
      notify.deleted();
      setConfirmDelete(false);
      panel.closePanel();
      onDeleted?.();
    } catch (error) {
      setConfirmDelete(false);
      if (isApiError(error, 409)) notify.deleteSectionRefused();
      else if (!isApiError(error, 403)) notify.saveFailed(error);
    }
  };

  return (
    <EditorForm
      onSubmit={() => void save()}
      intro={
        adding &&
        parentTitle && (
          <Typography variant="body2" color="text.secondary">
            {t('categoryEditor.inSection', { section: parentTitle })}
          </Typography>
        )
      }
      formError={formError}
      actions={
        <EditorActions
          busy={isSubmitting}
          onSave={() => void save()}
          onDelete={adding ? undefined : () => setConfirmDelete(true)}
        />
      }
      deleting={{
        open: confirmDelete,
        title: t('categoryEditor.deleteTitle'),
        message: t('categoryEditor.deleteMessage'),
        onConfirm: remove,
        onClose: () => setConfirmDelete(false),
      }}
    >
      <CountedTextField
        control={control}
        name="localizedTitle.fieldValue"
        max={CATALOG_LIMITS.categoryTitleMax}
        label={t('categoryEditor.title')}
        required
        autoFocus={adding}
      />
      <CountedTextField
        control={control}
        name="localizedDesc.fieldValue"
        max={CATALOG_LIMITS.categoryDescriptionMax}
        label={t('categoryEditor.description')}
        multiline
        minRows={2}
      />
      <CatalogImagesControl control={control} kind="section" />
      <ToggleField control={control} name="active" kind="switch" label={t('categoryEditor.show')} />
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('categoryEditor.templates')}</FormLabel>
        <FormGroup>
          {(['includeDining', 'includeDeliveryPickup'] as const).map((name) => (
            <ToggleField
              key={name}
              control={control}
              name={name}
              kind="checkbox"
              label={t(`categoryEditor.${name}`)}
            />
          ))}
        </FormGroup>
      </FormControl>
      {category && <HistorySection entityType="section" entityId={category.id} />}
    </EditorForm>
  );
}
