import TextField, { type TextFieldProps } from '@mui/material/TextField';
import {
  Controller,
  type Control,
  type FieldError,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/use-error-text.ts';

export type CountedTextFieldProps<T extends FieldValues, TOut> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error' | 'helperText'
> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /** The longest text the contracts allow; shown as the counter while no rule is broken. */
  max: number;
  /** The message of a broken rule; the catalogue's messages when not given. */
  errorText?: (error: FieldError | undefined, max: number) => string | undefined;
};

/**
 * A form text field with its length counter (spec: "with counter") that gives way to the
 * message of a broken rule: the name, title and description fields of the catalogue editors.
 */
export function CountedTextField<T extends FieldValues, TOut = T>({
  control,
  name,
  max,
  errorText,
  ...props
}: CountedTextFieldProps<T, TOut>) {
  const { t } = useTranslation('catalog');
  const catalogErrorText = useErrorText();
  const describe = errorText ?? catalogErrorText;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = (field.value as string | null | undefined) ?? '';
        return (
          <TextField
            {...field}
            value={value}
            inputRef={field.ref}
            fullWidth
            {...props}
            error={!!fieldState.error}
            helperText={
              describe(fieldState.error, max) ?? t('counter', { count: value.length, max })
            }
          />
        );
      }}
    />
  );
}
