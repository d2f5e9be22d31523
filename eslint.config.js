import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

/**
 * The server's modules in layers: a module may import its own files, the tables of any module
 * (the schema, gathered in db/schema.ts) and the modules of a lower layer, never one of its own
 * layer or above, so the module graph has no circle. Pure rules shared with the admin and the
 * storefront live below every module, in packages/contracts/src/rules.
 */
const SERVER_LAYERS = [
  // The history of changes: every module records its changes there.
  ['audit'],
  [
    'identity',
    'images',
    'catalog',
    'discounts',
    'modifier-groups',
    'localization',
    'bulk-upload',
    'pos-mapping',
    'dispatch',
  ],
  ['outlet-settings', 'tickets', 'dashboard', 'platform', 'reports', 'price-adjustments'],
  ['service-areas', 'table-bills', 'storefront'],
];
const serverModuleRules = SERVER_LAYERS.flatMap((layer, level) =>
  layer.map((module) => ({
    from: [['module', { module }]],
    allow: [
      'core',
      'table',
      ['module', { module }],
      ...SERVER_LAYERS.slice(0, level)
        .flat()
        .map((lower) => ['module', { module: lower }]),
    ],
  })),
);

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
    // The service worker: plain script served as it is, in a worker's global scope.
    files: ['apps/admin/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
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
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['apps/server/src/**/*'],
      'boundaries/elements': [
        { type: 'table', pattern: 'apps/server/src/modules/*/*.table.ts', mode: 'file' },
        { type: 'module', pattern: 'apps/server/src/modules/*/**', capture: ['module'] },
        { type: 'core', pattern: 'apps/server/src/**/*', mode: 'file' },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [
            // The composition root (app.ts), the database, plugins and integrations.
            { from: 'core', allow: ['core', 'table', 'module'] },
            { from: 'table', allow: ['core', 'table'] },
            ...serverModuleRules,
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
