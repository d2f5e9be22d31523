import { useId, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TranslateIcon from '@mui/icons-material/Translate';
import { LANGUAGES, type Language } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, setLanguage, useLanguage } from '../lib/i18n.ts';
import { LazyTooltip } from '../components/lazy-tooltip.tsx';

export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const label = t('language.change');

  const choose = (lang: Language) => {
    setAnchor(null);
    void setLanguage(lang);
  };

  return (
    <>
      <LazyTooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <TranslateIcon />
        </IconButton>
      </LazyTooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((lang) => (
          <MenuItem
            key={lang}
            lang={lang}
            selected={lang === current}
            aria-current={lang === current ? 'true' : undefined}
            onClick={() => choose(lang)}
          >
            <ListItemText primary={LANGUAGE_NAMES[lang]} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
