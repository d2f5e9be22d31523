import { useId } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  LANGUAGES,
  TRANSLATION_LIMITS,
  type LocalizedText,
  type TranslatedField,
} from '@app/contracts';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CountedTextField } from '../../../components/counted-text-field.tsx';
import { directionOf } from '../../../lib/i18n.ts';

export interface TranslationFieldsetProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  /** The form path of the field's translations, e.g. `variants.0.localizedTitle`. */
  name: string;
  legend: string;
  /** The stored text: its default is shown beside the inputs. */
  original: LocalizedText | null;
  limit: TranslatedField;
  multiline?: boolean;
}

/**
 * One text in each product language. Every input is typed and shown in its own language's
 * direction (Arabic right to left) whatever the admin's language.
 */
export function TranslationFieldset<T extends FieldValues, TOut>({
  control,
  name,
  legend,
  original,
  limit,
  multiline = false,
}: TranslationFieldsetProps<T, TOut>) {
  const { t } = useTranslation('localization');
  const hintId = useId();
  const defaultText = original?.fieldValue.trim() ?? '';
  return (
    <Box
      component="fieldset"
      aria-describedby={hintId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, margin: 0, padding: 2 }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ paddingInline: 0.5 }}>
        {legend}
      </Typography>
      <Typography
        id={hintId}
        variant="body2"
        color="text.secondary"
        sx={{ marginBlockEnd: 2, overflowWrap: 'anywhere' }}
      >
        {defaultText ? t('form.defaultText', { text: defaultText }) : t('form.noDefault')}
      </Typography>
      <Stack spacing={2}>
        {LANGUAGES.map((lang) => (
          <CountedTextField
            key={lang}
            control={control}
            name={`${name}.${lang}` as FieldPath<T>}
            max={TRANSLATION_LIMITS[limit].max}
            label={t(`language.${lang}`)}
            multiline={multiline}
            minRows={multiline ? 2 : undefined}
            slotProps={{ htmlInput: { dir: directionOf(lang), lang } }}
          />
        ))}
      </Stack>
    </Box>
  );
}
