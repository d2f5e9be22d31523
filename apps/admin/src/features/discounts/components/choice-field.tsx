import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { type DiscountForm } from '../lib/discount-form.ts';

type ChoiceProps<V extends string> = {
  control: Control<DiscountForm>;
  name: 'discountApplication' | 'discountType';
  label: string;
  options: readonly V[];
  optionLabel: (value: V) => string;
  hint?: (value: V) => string | undefined;
  message: (code: string | undefined) => string | undefined;
};

/** A required single choice shown as radio buttons, with its error or the chosen one's hint. */
export function Choice<V extends string>({
  control,
  name,
  label,
  options,
  optionLabel,
  hint,
  message,
}: ChoiceProps<V>) {
  const labelId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const help = fieldState.error
          ? message(fieldState.error.message)
          : field.value
            ? hint?.(field.value as V)
            : undefined;
        return (
          <FormControl error={!!fieldState.error} required>
            <FormLabel id={labelId}>{label}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={labelId}
              name={field.name}
              value={field.value}
              onChange={(_, value) => field.onChange(value)}
              onBlur={field.onBlur}
            >
              {options.map((option, index) => (
                <FormControlLabel
                  key={option}
                  value={option}
                  control={<Radio inputRef={index === 0 ? field.ref : undefined} />}
                  label={optionLabel(option)}
                />
              ))}
            </RadioGroup>
            {help && <FormHelperText>{help}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
