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
        { type: 'shared', pattern: 'apps/admin/src/(components|lib|hooks|locales|test)/**' },
        { type: 'main', pattern: 'apps/admin/src/main.tsx', mode: 'file' },
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Direction app → features → shared; features never import each other.
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [
            { from: 'main', allow: ['app', 'shared'] },
            { from: 'app', allow: ['app', 'shell', 'feature', 'shared'] },
            { from: 'shell', allow: ['shell', 'shared', 'app'] },
            {
              from: 'feature',
              allow: ['shared', 'app', ['feature', { feature: '${from.feature}' }]],
            },
            { from: 'shared', allow: ['shared'] },
          ],
        },
      ],
    },
  },
);
