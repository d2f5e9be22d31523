import type { PublicStorefront } from '@app/contracts';
import { LANGS, LANG_NAMES, useI18n } from '../lib/i18n.tsx';
import { BASE } from '../lib/router.ts';

/** The tenant's logo and name in its brand colour, and the language choice. */
export function Header({ store }: { store: PublicStorefront }) {
  const { t, l, lang, setLang } = useI18n();
  return (
    <header className="top">
      <a className="brand" href={`${BASE}/${encodeURIComponent(store.slug)}${location.search}`}>
        {store.logoUrl && <img src={store.logoUrl} alt="" width={36} height={36} />}
        <span>{l(store.localizedName)}</span>
      </a>
      <label className="lang">
        <span className="visually-hidden">{t('lang.label')}</span>
        <select
          value={lang}
          onChange={(e) => setLang(e.target.value as typeof lang)}
          aria-label={t('lang.label')}
        >
          {LANGS.map((code) => (
            <option key={code} value={code} lang={code}>
              {LANG_NAMES[code]}
            </option>
          ))}
        </select>
      </label>
    </header>
  );
}
