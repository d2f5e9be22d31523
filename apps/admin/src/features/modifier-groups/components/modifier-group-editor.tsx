import { useId, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { MODIFIER_GROUP_LIMITS, localize, type ModifierGroupResponse } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { PriceField } from '../../../components/price-field.tsx';
import { useSidePanel } from '../../../components/side-panel.tsx';
import { SortableList } from '../../../components/sortable-list.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { modifierGroupQuery } from '../../../lib/catalog-queries.ts';
import { linkedItemsQuery } from '../api/modifier-groups-queries.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { canAddModifierItem, counterLocked, newModifierItem } from '../lib/modifier-group-form.ts';
import { EditorActions, EditorForm } from '../../../components/editor-actions.tsx';
import { HistorySection } from '../../../components/change-history.tsx';
import { LoadError, QueryStatus } from '../../../components/load-error.tsx';
import { useModifierGroupForm } from './use-modifier-group-form.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { CountedTextField } from '../../../components/counted-text-field.tsx';
import { ToggleField } from '../../../components/toggle-field.tsx';

const L = MODIFIER_GROUP_LIMITS;

export interface ModifierGroupEditorProps {
  /** null: adding a new group. */
  groupId: string | null;
  /** The menu comes from the point of sale: the group is shown, not edited. */
  readOnly?: boolean;
}

/** 'Edit choice and modifier' in the side panel (menu-management.md §2 screen 9). */
export function ModifierGroupEditor({ groupId, readOnly = false }: ModifierGroupEditorProps) {
  const { tenantId } = useTenantSession();
  const group = useQuery({
    ...modifierGroupQuery(tenantId, groupId ?? ''),
    enabled: groupId !== null,
  });
  if (groupId !== null && !group.data) return <QueryStatus query={group} />;
  return (
    <Stack spacing={2.5}>
      <LinkedItems groupId={groupId} />
      <ModifierGroupFormView
        // Edit mode starts from what the server saved.
        key={groupId ?? 'new'}
        group={groupId !== null ? (group.data ?? null) : null}
        readOnly={readOnly}
      />
      {groupId !== null && <HistorySection entityType="modifierGroup" entityId={groupId} />}
    </Stack>
  );
}

/** 'Used in the following Items' with a chip per item, or 'Not used yet!'. */
function LinkedItems({ groupId }: { groupId: string | null }) {
  const { t } = useTranslation('catalog');
  const { tenantId, lang } = useTenantSession();
  const headingId = useId();
  const linked = useQuery({
    ...linkedItemsQuery(tenantId, groupId ?? ''),
    enabled: groupId !== null,
  });
  let body;
  if (groupId !== null && linked.isPending) body = <Spinner />;
  else if (groupId !== null && linked.isError) {
    body = <LoadError error={linked.error} onRetry={() => void linked.refetch()} />;
  } else if (!linked.data?.length) {
    body = (
      <Typography variant="body2" color="text.secondary">
        {t('modifierGroups.notUsed')}
      </Typography>
    );
  } else {
    body = (
      <Box
        component="ul"
        aria-labelledby={headingId}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', margin: 0, padding: 0 }}
      >
        {linked.data.map((item) => (
          <li key={item.id}>
            <Chip label={localize(item.localizedTitle, lang)} size="small" />
          </li>
        ))}
      </Box>
    );
  }
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="modifier-group-linked">
      <Typography id={headingId} variant="subtitle2" sx={{ marginBlockEnd: 1 }}>
        {t('modifierGroups.usedIn')}
      </Typography>
      {body}
    </Box>
  );
}

function ModifierGroupFormView({
  group,
  readOnly,
}: {
  group: ModifierGroupResponse | null;
  readOnly: boolean;
}) {
  const { t } = useTranslation('catalog');
  const { currency } = useTenantSession();
  const panel = useSidePanel();
  const errorText = useErrorText();
  const [removing, setRemoving] = useState<number | null>(null);
  const infoId = useId();
  const itemsId = useId();

  const { form, items, formError, save } = useModifierGroupForm({
    group,
    onKeepEditing: (id) =>
      panel.openPanel(<ModifierGroupEditor groupId={id} />, {
        title: t('modifierGroups.editTitle'),
      }),
  });
  const {
    control,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const [name, minQuantity, maxQuantity, itemValues] = useWatch({
    control,
    name: ['name', 'minQuantity', 'maxQuantity', 'modifierItems'],
  });
  const locked = counterLocked(minQuantity, maxQuantity);

  const quantityField = (which: 'minQuantity' | 'maxQuantity') => (
    <Controller
      control={control}
      name={which}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          inputRef={field.ref}
          onChange={(event) => {
            field.onChange(event);
            // §4: with at most one choice the counter is switched off.
            if (which === 'maxQuantity' && Number(event.target.value) === 1) {
              setValue('allowModifierItemCounter', false);
            }
          }}
          type="number"
          label={t(`modifierGroups.${which}`)}
          required
          disabled={readOnly}
          error={!!fieldState.error}
          helperText={errorText(fieldState.error)}
          sx={{ flex: 1, minInlineSize: 0 }}
          slotProps={{ htmlInput: { min: L.quantityMin, max: L.quantityMax, step: 1 } }}
        />
      )}
    />
  );

  const itemCount = itemValues.length;
  const removingTitle =
    removing !== null ? (itemValues[removing]?.localizedTitle.fieldValue ?? '') : '';

  return (
    <EditorForm
      onSubmit={() => void save(false)}
      formError={formError}
      actions={
        !readOnly && (
          <EditorActions
            busy={isSubmitting}
            onSave={() => void save(false)}
            onSaveAndClose={() => void save(true)}
          />
        )
      }
      deleting={{
        open: removing !== null,
        title: t('modifierGroups.removeItemTitle'),
        message: t('modifierGroups.removeItemMessage', { item: removingTitle }),
        onConfirm: () => {
          // §4: removed from the list here; the server forgets it on the next save.
          if (removing !== null) items.remove(removing);
          setRemoving(null);
        },
        onClose: () => setRemoving(null),
      }}
    >
      <Stack component="section" aria-labelledby={infoId} spacing={2}>
        <Typography id={infoId} variant="subtitle1" component="h3">
          {t('modifierGroups.information')}
        </Typography>
        <CountedTextField
          control={control}
          name="name"
          max={L.nameMax}
          label={t('modifierGroups.name')}
          required
          disabled={readOnly}
        />
        <CountedTextField
          control={control}
          name="localizedTitle.fieldValue"
          max={L.titleMax}
          label={t('modifierGroups.title')}
          required
          disabled={readOnly}
        />
        <Stack direction="row" sx={{ gap: 2 }}>
          {quantityField('minQuantity')}
          {quantityField('maxQuantity')}
        </Stack>
        <ToggleField
          control={control}
          name="allowModifierItemCounter"
          kind="checkbox"
          disabled={readOnly || locked}
          label={t('modifierGroups.allowCounter')}
        />
      </Stack>

      <Divider />

      <Box component="section" aria-labelledby={itemsId}>
        <Typography id={itemsId} variant="subtitle1" component="h3" sx={{ marginBlockEnd: 1 }}>
          {t('modifierGroups.items')}
        </Typography>
        {itemCount === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('modifierGroups.noItems')}
          </Typography>
        )}
        <SortableList
          items={items.fields}
          getId={(field) => field.key}
          onReorder={(_, from, to) => items.move(from, to)}
          label={t('modifierGroups.items')}
          disabled={readOnly}
          handleLabel={(_, index) =>
            t('modifierGroups.reorderItem', {
              item: itemValues[index]?.localizedTitle.fieldValue || index + 1,
            })
          }
          renderItem={(_, index) => {
            const title = itemValues[index]?.localizedTitle.fieldValue || String(index + 1);
            const active = itemValues[index]?.active ?? true;
            return (
              <Stack
                spacing={1}
                sx={{ paddingBlock: 1, borderBlockEnd: 1, borderColor: 'divider' }}
                data-testid={`modifier-item-${index}`}
              >
                <Controller
                  control={control}
                  name={`modifierItems.${index}.localizedTitle.fieldValue`}
                  render={({ field, fieldState }) => (
                    <TextField
                      {...field}
                      inputRef={field.ref}
                      size="small"
                      label={t('modifierGroups.itemText', { index: index + 1 })}
                      required
                      fullWidth
                      disabled={readOnly}
                      error={!!fieldState.error}
                      helperText={errorText(fieldState.error, L.itemTextMax)}
                    />
                  )}
                />
                <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
                  <PriceField
                    control={control}
                    name={`modifierItems.${index}.price`}
                    label={t('modifierGroups.itemPrice', { index: index + 1 })}
                    currency={currency}
                    disabled={readOnly}
                    sx={{ inlineSize: 150, flexShrink: 0 }}
                  />
                  <ToggleField
                    control={control}
                    name={`modifierItems.${index}.active`}
                    kind="switch"
                    sx={{ marginInline: 0, minBlockSize: 40 }}
                    disabled={readOnly}
                    inputLabel={t('modifierGroups.itemVisible', { item: title })}
                    // §4: an item switched off shows 'Hide' beside its toggle.
                    label={active ? '' : t('modifierGroups.hide')}
                  />
                  <Box sx={{ flexGrow: 1 }} />
                  <IconButton
                    aria-label={t('modifierGroups.removeItem', { item: title })}
                    onClick={() => setRemoving(index)}
                    disabled={readOnly}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Stack>
              </Stack>
            );
          }}
        />
        {errors.modifierItems?.root?.message && (
          <FormHelperText error>
            {t('modifierGroups.tooManyItems', { max: L.maxItems })}
          </FormHelperText>
        )}
        {!readOnly && canAddModifierItem(name, itemCount) && (
          <Button
            size="small"
            startIcon={<AddIcon />}
            sx={{ marginBlockStart: 1 }}
            onClick={() => items.append(newModifierItem())}
          >
            {t('modifierGroups.addItem')}
          </Button>
        )}
        {!readOnly && name.trim() === '' && (
          <FormHelperText>{t('modifierGroups.nameFirst')}</FormHelperText>
        )}
      </Box>
    </EditorForm>
  );
}
