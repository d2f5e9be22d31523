import { createTheme, type Theme } from '@mui/material/styles';
import { arSD, enUS, esES } from '@mui/material/locale';
import type { Language } from '@app/contracts';
import { directionOf } from '../lib/i18n.ts';

const ROBOTO = '"Roboto Variable", "Roboto", "Helvetica", "Arial", sans-serif';
const FONT_STACKS: Record<Language, string> = {
  en: ROBOTO,
  es: ROBOTO,
  ar: `"Noto Sans Arabic", ${ROBOTO}`,
};

const MUI_LOCALES = { en: enUS, ar: arSD, es: esES } as const;

export function createAppTheme(lang: Language): Theme {
  return createTheme(
    {
      direction: directionOf(lang),
      palette: {
        primary: { main: '#1d5b94' },
        secondary: { main: '#c2410c' },
        background: { default: '#f4f6f8' },
      },
      shape: { borderRadius: 8 },
      typography: { fontFamily: FONT_STACKS[lang] },
      components: {
        MuiAppBar: { defaultProps: { elevation: 0 } },
        MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
      },
    },
    MUI_LOCALES[lang],
  );
}
