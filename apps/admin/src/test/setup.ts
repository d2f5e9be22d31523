import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import i18n from 'i18next';
import { initI18n } from '../lib/i18n.ts';
import { allTranslations } from './translations.ts';

// Every file at once: a test never waits for a namespace to load.
initI18n({ stored: 'en' }, allTranslations);
// A loaded machine (CI beside other work) renders slower than the 1 s default; waits stay waits.
configure({ asyncUtilTimeout: 5_000 });

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});
