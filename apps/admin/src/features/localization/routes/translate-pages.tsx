import { useEffect, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CategoryTranslationBody,
  ItemTranslationBody,
  ModifierGroupTranslationBody,
  localize,
  type CatalogItemResponse,
  type CategoryResponse,
  type LocalizedText,
  type ModifierGroupResponse,
} from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card.tsx';
import { BackLink } from '../../../components/back-link.tsx';
import { BusyButton } from '../../../components/busy-button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { ValidationError, isApiError } from '../../../lib/api-client.ts';
import {
  categoryQuery,
  itemQuery,
  modifierGroupQuery,
  useInvalidateCatalog,
} from '../../../lib/catalog-queries.ts';
import { applyServerErrors, issueCode, scrollToFirstInvalid } from '../../../lib/form-errors.ts';
import { useCatalogNotify } from '../../../lib/use-catalog-notify.tsx';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import {
  useTranslateCategory,
  useTranslateItem,
  useTranslateModifierGroup,
} from '../api/localization-queries.ts';
import { TranslationFieldset } from '../components/translation-fieldset.tsx';
import type { EntryKind } from '../lib/translation-tree.ts';
import { FormBox } from '../../../components/form-box.tsx';

/** A stored text's translations as the form edits them ('' for none). */
const translationsOf = (text: LocalizedText | null | undefined) => ({
  en: text?.en ?? '',
  ar: text?.ar ?? '',
  es: text?.es ?? '',
});

/** Worth a place in the form: a default to translate, or a translation already there. */
const hasText = (text: LocalizedText | null | undefined) =>
  !!text && [text.fieldValue, text.en, text.ar, text.es].some((v) => !!v?.trim());

/** §2: each translate form goes back to the tree at '../../' (written without the final slash). */
const BACK = '../..';

/** §8: a form that cannot load says so and goes back to the tree. */
function useBackOnLoadFailure(query: UseQueryResult<unknown>) {
  const navigate = useNavigate();
  const notify = useCatalogNotify();
  const failed = query.isError;
  const { error } = query;
  useEffect(() => {
    if (!failed) return;
    notify.loadFailed(error);
    void navigate(BACK, { relative: 'path', replace: true });
  }, [failed, error, notify, navigate]);
}

function TranslateFrame({
  kind,
  title,
  children,
}: {
  kind: EntryKind;
  title: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('localization');
  return (
    <SectionCard
      roomy
      heading={(headingId) => (
        <>
          <Box>
            <BackLink to={BACK} relative="path">
              {t('form.back')}
            </BackLink>
          </Box>
          <Box>
            <Typography variant="overline" color="text.secondary" component="p">
              {t(`form.kind.${kind}`)}
            </Typography>
            <Typography
              id={headingId}
              variant="h5"
              component="h2"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {title ?? '…'}
            </Typography>
          </Box>
        </>
      )}
    >
      {children}
    </SectionCard>
  );
}

/** Saving one form: the answer refreshes the entry, the tree and the editors' caches. */
function useSaveTranslations<TIn extends FieldValues, TOut, R>(
  form: UseFormReturn<TIn, unknown, TOut>,
  send: (body: TOut) => Promise<R>,
  after: (saved: R) => void,
) {
  const notify = useCatalogNotify();
  const errorText = useErrorText();
  const { tenantId } = useTenantSession();
  const invalidate = useInvalidateCatalog(tenantId);
  return form.handleSubmit(
    async (body) => {
      try {
        after(await send(body));
        notify.updated();
        void invalidate();
      } catch (error) {
        if (error instanceof ValidationError) {
          const unplaced = applyServerErrors(error.fieldErrors, form.setError, (field) =>
            /\.(en|ar|es)$/.test(field) ? field : null,
          );
          // A variant or choice removed meanwhile: the form must be read again.
          if (unplaced.length > 0) {
            notify.error(errorText({ message: unplaced[0]!.codes[0] }) ?? '');
            void invalidate();
          }
          return;
        }
        if (isApiError(error, 403)) return;
        notify.saveFailed(error);
      }
    },
    () => scrollToFirstInvalid(),
  );
}

function SaveButton({ busy }: { busy: boolean }) {
  const { t } = useTranslation('localization');
  return (
    <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <BusyButton type="submit" busy={busy}>
        {t('form.save')}
      </BusyButton>
      <Typography variant="body2" color="text.secondary">
        {t('form.blankHint')}
      </Typography>
    </Stack>
  );
}

function FormBody({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) {
  return (
    <FormBox onSubmit={() => void onSubmit()} aria-label={label}>
      <Stack spacing={2.5}>{children}</Stack>
    </FormBox>
  );
}

// ---- localize/category/{id}

type CategoryIn = z.input<typeof CategoryTranslationBody>;
type CategoryOut = z.output<typeof CategoryTranslationBody>;
const categoryValues = (c: CategoryResponse): CategoryIn => ({
  localizedTitle: translationsOf(c.localizedTitle),
  localizedDesc: translationsOf(c.localizedDesc),
});

export function CategoryTranslatePage() {
  const { id = '' } = useParams();
  const { tenantId, lang } = useTenantSession();
  const category = useQuery({ ...categoryQuery(tenantId, id), enabled: tenantId !== '' });
  useBackOnLoadFailure(category);
  return (
    <TranslateFrame
      kind="category"
      title={category.data ? localize(category.data.localizedTitle, lang) : null}
    >
      {category.data ? <CategoryForm key={id} category={category.data} /> : <Spinner />}
    </TranslateFrame>
  );
}

function CategoryForm({ category }: { category: CategoryResponse }) {
  const { t } = useTranslation('localization');
  const { tenantId } = useTenantSession();
  const translate = useTranslateCategory(tenantId);
  const form = useForm<CategoryIn, unknown, CategoryOut>({
    resolver: zodResolver(CategoryTranslationBody, { error: issueCode }),
    defaultValues: categoryValues(category),
    mode: 'onTouched',
  });
  const save = useSaveTranslations(
    form,
    (body) => translate.mutateAsync({ id: category.id, body }),
    (saved) => form.reset(categoryValues(saved)),
  );
  return (
    <FormBody label={t('form.kind.category')} onSubmit={save}>
      <TranslationFieldset
        control={form.control}
        name="localizedTitle"
        legend={t('form.title')}
        original={category.localizedTitle}
        limit="sectionTitle"
      />
      {hasText(category.localizedDesc) && (
        <TranslationFieldset
          control={form.control}
          name="localizedDesc"
          legend={t('form.description')}
          original={category.localizedDesc}
          limit="sectionDescription"
          multiline
        />
      )}
      <SaveButton busy={form.formState.isSubmitting} />
    </FormBody>
  );
}

// ---- localize/item/{id}

type ItemIn = z.input<typeof ItemTranslationBody>;
type ItemOut = z.output<typeof ItemTranslationBody>;
/** Variants without any text (an item's only, untitled variant) have nothing to translate. */
const shownVariants = (item: CatalogItemResponse) =>
  item.variants.filter((v) => hasText(v.localizedTitle));
const itemValues = (item: CatalogItemResponse): ItemIn => ({
  localizedTitle: translationsOf(item.localizedTitle),
  localizedDesc: translationsOf(item.localizedDesc),
  variants: shownVariants(item).map((v) => ({
    id: v.id,
    localizedTitle: translationsOf(v.localizedTitle),
  })),
});

export function ItemTranslatePage() {
  const { id = '' } = useParams();
  const { tenantId, lang } = useTenantSession();
  const item = useQuery({ ...itemQuery(tenantId, id), enabled: tenantId !== '' });
  useBackOnLoadFailure(item);
  return (
    <TranslateFrame kind="item" title={item.data ? localize(item.data.localizedTitle, lang) : null}>
      {item.data ? <ItemForm key={id} item={item.data} /> : <Spinner />}
    </TranslateFrame>
  );
}

function ItemForm({ item }: { item: CatalogItemResponse }) {
  const { t } = useTranslation('localization');
  const { tenantId, lang } = useTenantSession();
  const translate = useTranslateItem(tenantId);
  const form = useForm<ItemIn, unknown, ItemOut>({
    resolver: zodResolver(ItemTranslationBody, { error: issueCode }),
    defaultValues: itemValues(item),
    mode: 'onTouched',
  });
  const save = useSaveTranslations(
    form,
    (body) => translate.mutateAsync({ id: item.id, body }),
    (saved) => form.reset(itemValues(saved)),
  );
  return (
    <FormBody label={t('form.kind.item')} onSubmit={save}>
      <TranslationFieldset
        control={form.control}
        name="localizedTitle"
        legend={t('form.title')}
        original={item.localizedTitle}
        limit="itemTitle"
      />
      {hasText(item.localizedDesc) && (
        <TranslationFieldset
          control={form.control}
          name="localizedDesc"
          legend={t('form.description')}
          original={item.localizedDesc}
          limit="itemDescription"
          multiline
        />
      )}
      {shownVariants(item).map((variant, index) => (
        <TranslationFieldset
          key={variant.id}
          control={form.control}
          name={`variants.${index}.localizedTitle`}
          legend={t('form.variant', { name: localize(variant.localizedTitle, lang) })}
          original={variant.localizedTitle}
          limit="variantTitle"
        />
      ))}
      <SaveButton busy={form.formState.isSubmitting} />
    </FormBody>
  );
}

// ---- localize/modifiergroup/{id}

type GroupIn = z.input<typeof ModifierGroupTranslationBody>;
type GroupOut = z.output<typeof ModifierGroupTranslationBody>;
const groupValues = (group: ModifierGroupResponse): GroupIn => ({
  localizedTitle: translationsOf(group.localizedTitle),
  modifierItems: group.modifierItems.map((i) => ({
    id: i.id,
    localizedTitle: translationsOf(i.localizedTitle),
  })),
});

export function ModifierGroupTranslatePage() {
  const { id = '' } = useParams();
  const { tenantId, lang } = useTenantSession();
  const group = useQuery({ ...modifierGroupQuery(tenantId, id), enabled: tenantId !== '' });
  useBackOnLoadFailure(group);
  return (
    <TranslateFrame
      kind="modifierGroup"
      title={group.data ? localize(group.data.localizedTitle, lang) || group.data.name : null}
    >
      {group.data ? <ModifierGroupForm key={id} group={group.data} /> : <Spinner />}
    </TranslateFrame>
  );
}

function ModifierGroupForm({ group }: { group: ModifierGroupResponse }) {
  const { t } = useTranslation('localization');
  const { tenantId, lang } = useTenantSession();
  const translate = useTranslateModifierGroup(tenantId);
  const form = useForm<GroupIn, unknown, GroupOut>({
    resolver: zodResolver(ModifierGroupTranslationBody, { error: issueCode }),
    defaultValues: groupValues(group),
    mode: 'onTouched',
  });
  const save = useSaveTranslations(
    form,
    (body) => translate.mutateAsync({ id: group.id, body }),
    (saved) => form.reset(groupValues(saved)),
  );
  return (
    <FormBody label={t('form.kind.modifierGroup')} onSubmit={save}>
      <TranslationFieldset
        control={form.control}
        name="localizedTitle"
        legend={t('form.title')}
        original={group.localizedTitle}
        limit="modifierGroupTitle"
      />
      {group.modifierItems.map((choice, index) => (
        <TranslationFieldset
          key={choice.id}
          control={form.control}
          name={`modifierItems.${index}.localizedTitle`}
          legend={t('form.choice', { name: localize(choice.localizedTitle, lang) })}
          original={choice.localizedTitle}
          limit="modifierItemTitle"
        />
      ))}
      <SaveButton busy={form.formState.isSubmitting} />
    </FormBody>
  );
}
