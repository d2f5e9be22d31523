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

/** The focus ring: the primary colour, 3:1 or more against the page and the side menu. */
const FOCUS_RING = '#1d5b94';

const MUI_LOCALES = { en: enUS, ar: arSD, es: esES } as const;

export function createAppTheme(lang: Language): Theme {
  return createTheme(
    {
      direction: directionOf(lang),
      palette: {
        primary: { main: '#1d5b94' },
        secondary: { main: '#c2410c' },
        // MUI's warning.dark (#e65100) reads at 3.8:1 as text; this one at 5:1 on white.
        warning: { main: '#ed6c02', dark: '#b45309' },
        // MUI's info.main (#0288d1) reads at 3.5:1 as a chip's text on a hovered row; this one at
        // 5.4:1 (the In Progress chip).
        info: { main: '#0369a1' },
        background: { default: '#f4f6f8' },
        // WCAG AA: a colour's text (chips, buttons, badges) is white or black, whichever gives 4.5:1.
        contrastThreshold: 4.5,
      },
      shape: { borderRadius: 8 },
      typography: { fontFamily: FONT_STACKS[lang] },
      components: {
        MuiAppBar: { defaultProps: { elevation: 0 } },
        MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
        // A keyboard user sees where they are: MUI's own focus ripple alone is faint.
        MuiButtonBase: {
          styleOverrides: {
            root: {
              '&.Mui-focusVisible': { outline: `2px solid ${FOCUS_RING}`, outlineOffset: 2 },
            },
          },
        },
        // A bare input (the rows-per-page select of a table) has no border to show focus.
        MuiInputBase: {
          styleOverrides: {
            root: {
              '&.Mui-focused:not(.MuiOutlinedInput-root):not(.MuiFilledInput-root):not(.MuiInput-root)':
                {
                  outline: `2px solid ${FOCUS_RING}`,
                  outlineOffset: 2,
                  borderRadius: 4,
                },
            },
          },
        },
        // A disabled field's hint still explains it (e.g. fixed after creation): keep it readable.
        MuiFormHelperText: {
          styleOverrides: {
            root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
          },
        },
        MuiLink: {
          styleOverrides: {
            root: { '&:focus-visible': { outline: `2px solid ${FOCUS_RING}`, outlineOffset: 2 } },
          },
        },
      },
    },
    MUI_LOCALES[lang],
  );
}
