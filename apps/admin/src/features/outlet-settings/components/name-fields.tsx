import Stack from '@mui/material/Stack';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { CountedTextField } from '../../../components/counted-text-field.tsx';
import { useSettingsErrorText } from '../lib/settings-form.ts';

type NameForm = FieldValues & { name: { en: string; ar: string; es: string } };

/**
 * A name in English (required), Arabic (typed right to left) and Spanish, side by side on
 * wide screens: the branch's name and the business name.
 */
export function NameFields<T extends NameForm, TOut>({
  control,
  max,
  labels,
}: {
  control: Control<T, unknown, TOut>;
  max: number;
  labels: { en: string; ar: string; es: string };
}) {
  const errorText = useSettingsErrorText();
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <CountedTextField
        control={control}
        name={'name.en' as FieldPath<T>}
        max={max}
        label={labels.en}
        required
        errorText={errorText}
      />
      <CountedTextField
        control={control}
        name={'name.ar' as FieldPath<T>}
        max={max}
        label={labels.ar}
        errorText={errorText}
        slotProps={{ htmlInput: { dir: 'rtl', lang: 'ar' } }}
      />
      <CountedTextField
        control={control}
        name={'name.es' as FieldPath<T>}
        max={max}
        label={labels.es}
        errorText={errorText}
      />
    </Stack>
  );
}
