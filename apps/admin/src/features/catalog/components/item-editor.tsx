import { Controller, type FieldError } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { CATALOG_LIMITS, NO_TAX, localize, type CatalogItemResponse } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { PriceField } from '../../../components/price-field.tsx';
import { useSidePanel } from '../../../components/side-panel.tsx';
import { SortableList } from '../../../components/sortable-list.tsx';
import { itemQuery } from '../../../lib/catalog-queries.ts';
import { useCatalogSession } from '../api/use-catalog-session.ts';
import { ITEM_TEMPLATES, withInclusion } from '../lib/templates.ts';
import { CatalogImagesControl } from './catalog-image-field.tsx';
import { EditorActions, EditorForm } from '../../../components/editor-actions.tsx';
import { HistorySection } from '../../../components/change-history.tsx';
import { ItemModifierGroups } from './item-modifier-groups.tsx';
import { QueryStatus } from '../../../components/load-error.tsx';
import { useItemForm } from './use-item-form.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { CountedTextField } from '../../../components/counted-text-field.tsx';
import { ToggleField } from '../../../components/toggle-field.tsx';

export interface ItemEditorProps {
  sectionId: string;
  sectionTitle: string;
  /** null: adding a new item. */
  itemId: string | null;
}

/** The item editor opened in the side panel (menu-management.md §2 screen 10). */
export function ItemEditor({ sectionId, sectionTitle, itemId }: ItemEditorProps) {
  const { tenantId } = useCatalogSession();
  const item = useQuery({ ...itemQuery(tenantId, itemId ?? ''), enabled: itemId !== null });
  if (itemId !== null && !item.data) return <QueryStatus query={item} />;
  return (
    <ItemForm
      // A new form once the item exists: edit mode starts from what the server saved.
      key={itemId ?? 'new'}
      sectionId={sectionId}
      sectionTitle={sectionTitle}
      item={itemId !== null ? (item.data ?? null) : null}
    />
  );
}

function ItemForm({
  sectionId,
  sectionTitle,
  item,
}: {
  sectionId: string;
  sectionTitle: string;
  item: CatalogItemResponse | null;
}) {
  const { t } = useTranslation('catalog');
  const session = useCatalogSession();
  const { lang, currency } = session;
  const panel = useSidePanel();
  const errorText = useErrorText();
  const { form, variants, adding, formError, confirmDelete, setConfirmDelete, save, remove } =
    useItemForm({
      sectionId,
      item,
      onKeepEditing: (id) =>
        panel.openPanel(
          <ItemEditor sectionId={sectionId} sectionTitle={sectionTitle} itemId={id} />,
          { title: t('itemEditor.editTitle') },
        ),
    });
  const {
    control,
    formState: { errors, isSubmitting },
  } = form;
  const variantCount = variants.fields.length;

  const variantTitleError = (index: number): FieldError | undefined => {
    const v = errors.variants?.[index];
    return (v?.localizedTitle?.fieldValue ?? v?.localizedTitle) as FieldError | undefined;
  };

  return (
    <EditorForm
      onSubmit={() => void save(false)}
      intro={
        <Typography variant="body2" color="text.secondary">
          {t('itemEditor.inSection', { section: sectionTitle })}
        </Typography>
      }
      formError={formError}
      actions={
        <EditorActions
          busy={isSubmitting}
          onSave={() => void save(false)}
          onSaveAndClose={() => void save(true)}
          // An item not saved yet has nothing to delete: Cancel (closing the panel) is enough.
          onDelete={adding ? undefined : () => setConfirmDelete(true)}
        />
      }
      deleting={{
        open: confirmDelete,
        title: t('itemEditor.deleteTitle'),
        message: t('itemEditor.deleteMessage'),
        onConfirm: remove,
        onClose: () => setConfirmDelete(false),
      }}
    >
      <CatalogImagesControl control={control} kind="item" />

      <CountedTextField
        control={control}
        name="localizedTitle.fieldValue"
        max={CATALOG_LIMITS.itemTitleMax}
        label={t('itemEditor.title')}
        required
      />

      <CountedTextField
        control={control}
        name="localizedDesc.fieldValue"
        max={CATALOG_LIMITS.itemDescriptionMax}
        label={t('itemEditor.description')}
        multiline
        minRows={2}
      />

      <Box component="fieldset" sx={{ border: 0, padding: 0, margin: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ marginBlockEnd: 1 }}>
          {t('itemEditor.variants')}
        </Typography>
        <SortableList
          items={variants.fields}
          getId={(field) => field.key}
          onReorder={(_, from, to) => variants.move(from, to)}
          label={t('itemEditor.variants')}
          handleLabel={(_, index) => t('itemEditor.reorderVariant', { index: index + 1 })}
          renderItem={(_, index) => (
            <Stack
              direction="row"
              sx={{ gap: 1, alignItems: 'flex-start', paddingBlock: 0.75 }}
              data-testid={`variant-${index}`}
            >
              <Controller
                control={control}
                name={`variants.${index}.localizedTitle.fieldValue`}
                render={({ field }) => {
                  const error = variantTitleError(index);
                  return (
                    <TextField
                      {...field}
                      // The rule reports on the variant's title as a whole: checked again as
                      // it is typed, so a filled title does not stay red.
                      onChange={(event) => {
                        field.onChange(event);
                        if (error) void form.trigger(`variants.${index}.localizedTitle`);
                      }}
                      inputRef={field.ref}
                      size="small"
                      label={t('itemEditor.variantTitle', { index: index + 1 })}
                      required={variantCount > 1}
                      sx={{ flex: 3, minInlineSize: 0 }}
                      error={!!error}
                      helperText={
                        error?.message === 'required'
                          ? t('errors.variant_title_required')
                          : errorText(error, CATALOG_LIMITS.variantTitleMax)
                      }
                    />
                  );
                }}
              />
              <PriceField
                control={control}
                name={`variants.${index}.price`}
                label={t('itemEditor.price', { index: index + 1 })}
                currency={currency}
                sx={{ flex: 2, minInlineSize: 0 }}
              />
              <IconButton
                aria-label={t('itemEditor.removeVariant', { index: index + 1 })}
                onClick={() => variants.remove(index)}
                disabled={variantCount <= 1}
                sx={{ marginBlockStart: 0.5 }}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          )}
        />
        {errors.variants?.root?.message && (
          <FormHelperText error>{errorText(errors.variants.root)}</FormHelperText>
        )}
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() =>
            variants.append({
              price: '',
              localizedTitle: { fieldValue: '' },
              position: variantCount,
            })
          }
        >
          {t('itemEditor.addVariant')}
        </Button>
      </Box>

      <Controller
        control={control}
        name="taxes"
        render={({ field, fieldState }) => {
          const value = field.value?.length ? field.value : [NO_TAX];
          return (
            <FormControl fullWidth error={!!fieldState.error}>
              <InputLabel id="item-tax-label">{t('itemEditor.tax')}</InputLabel>
              <Select
                labelId="item-tax-label"
                label={t('itemEditor.tax')}
                multiple
                value={value}
                inputRef={field.ref}
                onBlur={field.onBlur}
                onChange={(event) => {
                  const next = event.target.value as string[];
                  const added = next.find((v) => !value.includes(v));
                  // "No tax" excludes every other choice, and any tax excludes it.
                  field.onChange(
                    added === NO_TAX || next.length === 0 ? [] : next.filter((v) => v !== NO_TAX),
                  );
                }}
                renderValue={(selected) =>
                  selected
                    .map((id) =>
                      id === NO_TAX
                        ? t('itemEditor.noTax')
                        : localize(
                            session.taxes.find((tax) => tax.id === id)?.title ?? {
                              fieldValue: id,
                            },
                            lang,
                          ),
                    )
                    .join(t('listSeparator'))
                }
              >
                <MenuItem value={NO_TAX}>
                  <Checkbox checked={value.includes(NO_TAX)} />
                  <ListItemText primary={t('itemEditor.noTax')} />
                </MenuItem>
                {session.taxes.map((tax) => (
                  <MenuItem key={tax.id} value={tax.id}>
                    <Checkbox checked={value.includes(tax.id)} />
                    <ListItemText
                      primary={localize(tax.title, lang)}
                      secondary={t(`itemEditor.taxType.${tax.taxType}`)}
                    />
                  </MenuItem>
                ))}
              </Select>
              {fieldState.error && <FormHelperText>{errorText(fieldState.error)}</FormHelperText>}
            </FormControl>
          );
        }}
      />

      <FormControl component="fieldset">
        <FormLabel component="legend">{t('itemEditor.options')}</FormLabel>
        <FormGroup>
          {(['active', 'isNew', 'enableSpecialRequest'] as const).map((name) => (
            <ToggleField
              key={name}
              control={control}
              name={name}
              kind="switch"
              label={t(`itemEditor.option.${name}`)}
            />
          ))}
        </FormGroup>
      </FormControl>

      <Controller
        control={control}
        name="excludedCheckoutTemplates"
        render={({ field }) => {
          const excluded = field.value ?? [];
          return (
            <FormControl component="fieldset">
              <FormLabel component="legend">{t('itemEditor.templates')}</FormLabel>
              <FormGroup row>
                {ITEM_TEMPLATES.map((template) => (
                  <FormControlLabel
                    key={template}
                    control={
                      <Checkbox
                        checked={!excluded.includes(template)}
                        onChange={(_, checked) =>
                          field.onChange(withInclusion(excluded, template, checked))
                        }
                      />
                    }
                    label={t(`templates.${template}`)}
                  />
                ))}
              </FormGroup>
            </FormControl>
          );
        }}
      />

      {!adding && session.branches.length > 0 && (
        <Controller
          control={control}
          name="excludedBranches"
          render={({ field, fieldState }) => {
            const excluded = field.value ?? [];
            return (
              <FormControl component="fieldset" error={!!fieldState.error}>
                <FormLabel component="legend">{t('itemEditor.branches')}</FormLabel>
                <FormGroup>
                  {session.branches.map((branch) => (
                    <FormControlLabel
                      key={branch.branchId}
                      control={
                        <Checkbox
                          checked={!excluded.includes(branch.branchId)}
                          onChange={(_, checked) =>
                            field.onChange(withInclusion(excluded, branch.branchId, checked))
                          }
                        />
                      }
                      label={localize(branch.branchName, lang)}
                    />
                  ))}
                </FormGroup>
                {fieldState.error && <FormHelperText>{errorText(fieldState.error)}</FormHelperText>}
              </FormControl>
            );
          }}
        />
      )}

      <Controller
        control={control}
        name="modifierGroupIds"
        render={({ field, fieldState }) => (
          <ItemModifierGroups
            value={field.value ?? []}
            onChange={field.onChange}
            error={errorText(fieldState.error)}
          />
        )}
      />
      {item && <HistorySection entityType="item" entityId={item.id} />}
    </EditorForm>
  );
}
