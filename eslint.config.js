import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.dist-*/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/admin/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, boundaries },
    settings: {
      'boundaries/include': ['apps/admin/src/**/*'],
      'boundaries/elements': [
        { type: 'app', pattern: 'apps/admin/src/app/**' },
        { type: 'shell', pattern: 'apps/admin/src/shell/**' },
        { type: 'feature', pattern: 'apps/admin/src/features/*/**', capture: ['feature'] },
        { type: 'test', pattern: 'apps/admin/src/test/**' },
        { type: 'shared', pattern: 'apps/admin/src/(components|lib|hooks|locales)/**' },
        { type: 'main', pattern: 'apps/admin/src/main.tsx', mode: 'file' },
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Direction app → shell, features → shared; features never import each other or the app.
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [
            { from: 'main', allow: ['app', 'shared'] },
            { from: 'app', allow: ['app', 'shell', 'feature', 'shared'] },
            { from: 'shell', allow: ['shell', 'shared'] },
            { from: 'feature', allow: ['shared', ['feature', { feature: '${from.feature}' }]] },
            { from: 'shared', allow: ['shared'] },
            { from: 'test', allow: ['test', 'shared', 'app'] },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/storefront/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests render the app's providers; the code under test still may not.
    files: ['apps/admin/src/**/*.test.{ts,tsx}', 'apps/admin/src/features/*/test/**'],
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [
            { from: 'app', allow: ['app', 'shell', 'feature', 'shared', 'test'] },
            { from: 'shell', allow: ['shell', 'shared', 'app', 'test'] },
            {
              from: 'feature',
              allow: ['shared', 'app', 'test', ['feature', { feature: '${from.feature}' }]],
            },
            { from: 'shared', allow: ['shared', 'test', 'app', 'shell'] },
          ],
        },
      ],
    },
  },
);
