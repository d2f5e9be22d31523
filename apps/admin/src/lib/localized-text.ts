import type { LocalizedText } from '@app/contracts';

const LANGS = ['en', 'ar', 'es'] as const;

/**
 * The editors change the default text (fieldValue). Translations that were a mere copy of the
 * old default follow the new one; real translations (from the localize screens) are kept.
 */
export function withDefaultText(
  old: LocalizedText | null | undefined,
  text: string,
): LocalizedText {
  const next: LocalizedText = { ...(old ?? {}), fieldValue: text };
  for (const lang of LANGS) {
    if (old?.[lang] !== undefined && old[lang] === old.fieldValue) next[lang] = text;
  }
  return next;
}
