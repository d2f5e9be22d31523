import type { Ref } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * A required set of options ticked in a row (e.g. checkout templates); the value keeps the
 * options in `order`, whatever order they were ticked in.
 */
type CheckboxSetProps<T extends string> = {
  label: string;
  options: readonly T[];
  order?: readonly T[];
  value: readonly T[];
  onChange: (next: T[]) => void;
  onBlur?: () => void;
  /** Focused on the first option, for a refused form. */
  inputRef?: Ref<HTMLInputElement>;
  optionLabel: (option: T) => string;
  invalid: boolean;
  helperText?: string;
  disabled?: boolean;
};

export function CheckboxSet<T extends string>({
  label,
  options,
  order = options,
  value,
  onChange,
  onBlur,
  inputRef,
  optionLabel,
  invalid,
  helperText,
  disabled,
}: CheckboxSetProps<T>) {
  return (
    <FormControl component="fieldset" error={invalid} required>
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup row>
        {options.map((option, index) => (
          <FormControlLabel
            key={option}
            control={
              <Checkbox
                disabled={disabled}
                checked={value.includes(option)}
                inputRef={index === 0 ? inputRef : undefined}
                onBlur={onBlur}
                onChange={(_, checked) =>
                  onChange(order.filter((x) => (x === option ? checked : value.includes(x))))
                }
              />
            }
            label={optionLabel(option)}
          />
        ))}
      </FormGroup>
      {invalid && <FormHelperText>{helperText}</FormHelperText>}
    </FormControl>
  );
}

/** A CheckboxSet bound to a react-hook-form field; `message` words the field's error code. */
export function CheckboxSetField<F extends FieldValues, TOut, T extends string>({
  control,
  name,
  message,
  ...props
}: Omit<
  CheckboxSetProps<T>,
  'value' | 'onChange' | 'onBlur' | 'inputRef' | 'invalid' | 'helperText'
> & {
  control: Control<F, unknown, TOut>;
  name: FieldPath<F>;
  message: (code: string | undefined) => string | undefined;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <CheckboxSet
          {...props}
          value={field.value as readonly T[]}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          invalid={!!fieldState.error}
          helperText={message(fieldState.error?.message)}
        />
      )}
    />
  );
}
