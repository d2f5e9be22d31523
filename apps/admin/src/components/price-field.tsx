import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/use-error-text.ts';

/** The tenant's currency before an amount typed left to right, in every UI language. */
export const currencyAdornment = (currency: string | null | undefined) =>
  currency
    ? { startAdornment: <InputAdornment position="start">{currency}</InputAdornment> }
    : undefined;

/** A percentage's % after the number, or else the currency before an amount. */
export const amountAdornment = (percent: boolean, currency: string | null | undefined) =>
  percent
    ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
    : currencyAdornment(currency);

/**
 * A required catalogue price (a variant's, a modifier's): typed as decimal text, an empty one
 * says "required", any other broken rule the catalogue's message.
 */
export function PriceField<F extends FieldValues, TOut>({
  control,
  name,
  label,
  currency,
  disabled,
  sx,
}: {
  control: Control<F, unknown, TOut>;
  name: FieldPath<F>;
  label: string;
  currency: string | null | undefined;
  disabled?: boolean;
  sx?: TextFieldProps['sx'];
}) {
  const { t } = useTranslation('catalog');
  const errorText = useErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          inputRef={field.ref}
          size="small"
          label={label}
          required
          disabled={disabled}
          sx={sx}
          error={!!fieldState.error}
          helperText={
            fieldState.error && String(field.value).trim() === ''
              ? t('errors.required')
              : errorText(fieldState.error)
          }
          slotProps={{
            htmlInput: { inputMode: 'decimal', dir: 'ltr' },
            input: currencyAdornment(currency),
          }}
        />
      )}
    />
  );
}
