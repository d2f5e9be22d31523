import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { localize, type Language, type ModifierGroupResponse } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { SortableList } from '../../../components/sortable-list.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { modifierGroupsQuery } from '../../../lib/catalog-queries.ts';
import { useCatalogSession } from '../api/use-catalog-session.ts';

/** A group's name in the admin's language: its title, else its name. */
export function modifierGroupTitle(group: ModifierGroupResponse, lang: Language): string {
  return localize(group.localizedTitle, lang) || group.name;
}

export interface ItemModifierGroupsProps {
  /** The attached groups' ids, in order. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** The translated error of the field (e.g. a 422 modifier_group_not_found). */
  error?: string;
  disabled?: boolean;
}

/**
 * The item editor's modifier groups (menu-management.md §2 screen 10): the attached groups in
 * their order, sortable, each removable, and a choice of the tenant's other groups to add.
 */
export function ItemModifierGroups({ value, onChange, error, disabled }: ItemModifierGroupsProps) {
  const { t } = useTranslation('catalog');
  const { tenantId, lang } = useCatalogSession();
  const groups = useQuery({ ...modifierGroupsQuery(tenantId), enabled: tenantId !== '' });
  const headingId = useId();

  const byId = new Map((groups.data ?? []).map((g) => [g.id, g]));
  // The title customers read, with the group's own name where it differs: two groups titled
  // alike ("Sauce") are told apart by their names ("Burger sauces", "Grill sauces").
  const labelOf = (group: ModifierGroupResponse) => {
    const title = modifierGroupTitle(group, lang);
    const name = group.name.trim();
    return name && name !== title ? `${title} · ${name}` : title;
  };
  const titleOf = (id: string) => {
    const group = byId.get(id);
    return group ? labelOf(group) : id;
  };
  const addable = (groups.data ?? []).filter((g) => !value.includes(g.id));

  let body;
  if (groups.isPending) body = <Spinner />;
  else if (groups.isError) {
    body = (
      <Typography variant="body2" color="error">
        {t('itemEditor.modifierGroupsLoadFailed')}
      </Typography>
    );
  } else if (value.length === 0 && addable.length === 0) {
    body = (
      <Typography variant="body2" color="text.secondary">
        {t('itemEditor.noModifierGroups')}
      </Typography>
    );
  } else {
    body = (
      <Stack spacing={1}>
        {value.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('itemEditor.modifierGroupsNone')}
          </Typography>
        ) : (
          <SortableList
            items={value}
            getId={(id) => id}
            onReorder={(next) => onChange(next)}
            label={t('itemEditor.modifierGroups')}
            disabled={disabled}
            handleLabel={(id) => t('itemEditor.reorderModifierGroup', { group: titleOf(id) })}
            renderItem={(id, index) => (
              <Stack
                direction="row"
                sx={{ alignItems: 'center', gap: 1, paddingBlock: 0.25 }}
                data-testid={`modifier-group-${index}`}
              >
                <Typography sx={{ flex: 1, minInlineSize: 0 }} noWrap>
                  {titleOf(id)}
                </Typography>
                <IconButton
                  aria-label={t('itemEditor.removeModifierGroup', { group: titleOf(id) })}
                  onClick={() => onChange(value.filter((other) => other !== id))}
                  disabled={disabled}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Stack>
            )}
          />
        )}
        {addable.length > 0 && (
          <TextField
            select
            size="small"
            label={t('itemEditor.addModifierGroup')}
            value=""
            disabled={disabled}
            onChange={(event) => {
              const id = event.target.value;
              if (id && !value.includes(id)) onChange([...value, id]);
            }}
          >
            {addable.map((group) => (
              <MenuItem key={group.id} value={group.id}>
                {labelOf(group)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" sx={{ marginBlockEnd: 1 }}>
        {t('itemEditor.modifierGroups')}
      </Typography>
      {body}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
