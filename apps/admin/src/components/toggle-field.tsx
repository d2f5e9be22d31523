import type { ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel, { type FormControlLabelProps } from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type ToggleFieldProps<T extends FieldValues, TOut> = {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: ReactNode;
  /** A switch shows or hides something (active, show); a checkbox picks an option. */
  kind: 'checkbox' | 'switch';
  disabled?: boolean;
  /** The accessible name, where the visible label does not say what is toggled. */
  inputLabel?: string;
  sx?: FormControlLabelProps['sx'];
};

/** A form's yes/no field: a labelled checkbox or switch bound to one boolean of the form. */
export function ToggleField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  kind,
  disabled,
  inputLabel,
  sx,
}: ToggleFieldProps<T, TOut>) {
  const Toggle = kind === 'switch' ? Switch : Checkbox;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          sx={sx}
          control={
            <Toggle
              checked={!!field.value}
              onChange={(_, checked) => field.onChange(checked)}
              inputRef={field.ref}
              disabled={disabled}
              slotProps={inputLabel ? { input: { 'aria-label': inputLabel } } : undefined}
            />
          }
          label={label}
        />
      )}
    />
  );
}
