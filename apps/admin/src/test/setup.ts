import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import i18n from 'i18next';
import { initI18n } from '../lib/i18n.ts';
import { allTranslations } from './translations.ts';
import { contractViolations } from './fake-server.ts';

// Every file at once: a test never waits for a namespace to load.
initI18n({ stored: 'en' }, allTranslations);
// A loaded machine (CI beside other work) renders slower than the 1 s default; waits stay waits.
configure({ asyncUtilTimeout: 5_000 });

afterEach(async () => {
  const violations = contractViolations.splice(0);
  cleanup();
  window.localStorage.clear();
  await i18n.changeLanguage('en');
  // A fake answer the contracts do not allow fails the test that gave it.
  expect(violations, 'fake answers outside the contracts').toEqual([]);
});
