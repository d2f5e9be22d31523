import { useId, useMemo } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChecklistIcon from '@mui/icons-material/Checklist';
import { useTranslation } from 'react-i18next';
import { useCatalogTree } from '../../../lib/catalog-queries.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { pickableItems } from './items-picker-dialog.tsx';
import { type DiscountForm } from '../lib/discount-form.ts';

/** §5.1 "Affected products": all items, or the chosen ones. */
export function AffectedItems({
  control,
  onChoose,
  message,
}: {
  control: Control<DiscountForm>;
  onChoose: () => void;
  message: (code: string | undefined) => string | undefined;
}) {
  const { t } = useTranslation('discounts');
  const { tenantId, lang } = useTenantSession();
  const labelId = useId();
  const limited = useWatch({ control, name: 'limitedToItems' });
  const tree = useCatalogTree(limited ? tenantId : '');
  const titles = useMemo(
    () => new Map((tree.data ? pickableItems(tree.data, lang) : []).map((i) => [i.id, i.title])),
    [tree.data, lang],
  );
  return (
    <Stack spacing={1}>
      <Controller
        control={control}
        name="limitedToItems"
        render={({ field }) => (
          <FormControl>
            <FormLabel id={labelId}>{t('form.affected')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={labelId}
              value={field.value ? 'selected' : 'all'}
              onChange={(_, value) => field.onChange(value === 'selected')}
            >
              <FormControlLabel
                value="all"
                control={<Radio inputRef={field.ref} />}
                label={t('form.allItems')}
              />
              <FormControlLabel
                value="selected"
                control={<Radio />}
                label={t('form.selectedItems')}
              />
            </RadioGroup>
          </FormControl>
        )}
      />
      {limited && (
        <Controller
          control={control}
          name="itemIds"
          render={({ field, fieldState }) => (
            <FormControl error={!!fieldState.error} component="fieldset">
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                {field.value.length === 0 && (
                  <Typography color="text.secondary">{t('form.noItemsChosen')}</Typography>
                )}
                {field.value.map((id) => {
                  const name = titles.get(id) ?? '…';
                  return (
                    // Focusable; Delete or Backspace removes it, like its cross.
                    <Chip
                      key={id}
                      label={name}
                      onDelete={() => field.onChange(field.value.filter((x) => x !== id))}
                    />
                  );
                })}
              </Stack>
              <Box sx={{ marginBlockStart: 1 }}>
                <Button
                  variant="outlined"
                  startIcon={<ChecklistIcon />}
                  onClick={onChoose}
                  ref={field.ref}
                >
                  {t('form.chooseItems')}
                </Button>
              </Box>
              {fieldState.error && (
                <FormHelperText>{message(fieldState.error.message)}</FormHelperText>
              )}
            </FormControl>
          )}
        />
      )}
    </Stack>
  );
}
