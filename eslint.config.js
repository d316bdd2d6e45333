import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** One import form for domain/ in every area (package.json's imports). */
const DOMAIN_FORM = { regex: '^(\\.\\./)+domain/', message: 'Import domain/ as #domain/*.' };

const WEB_BASE = [
  { group: ['**/api/**', '**/bff/**', '**/tests/**'], message: 'web/ talks to the BFF over GraphQL only.' },
  {
    regex: '^(\\.\\./)+(domain|machines)/',
    message: 'Import domain/ and machines/ as #domain/* and #machines/*.',
  },
];

/** One web/ zone: the rules every web file has, and the zone's own (flat config replaces a rule, it does not merge). */
function webZone(files, patterns) {
  return [{ files, rules: { 'no-restricted-imports': ['error', { patterns: [...WEB_BASE, ...patterns] }] } }];
}

/** A feature's files, `up` being the way out of the feature's folder ('../' at its top, '../../' one folder down). */
function featureRules(up) {
  const escaped = up.replaceAll('.', '\\.');
  return [
    {
      regex: `^${escaped}\\.\\./app(/|$)`,
      message: 'features/ never import app/: the app composes the features.',
    },
    {
      regex: `^${escaped}(?!\\.\\.)[^/]+/`,
      message: 'Another feature is used through its index.ts (../cart), not its files.',
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'data/',
      'dist/',
      'web/dist/',
      'web/dist-server/',
      '**/generated/',
      'test-results/',
      'api/public/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-confusing-void-expression': 'off',
    },
  },
  {
    // Imports flow one way: the API never reaches into the other areas.
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/bff/**', '**/web/**', '**/machines/**', '**/tests/**'],
              message: 'api/ imports only api/, domain/ and lib/.',
            },
            DOMAIN_FORM,
          ],
        },
      ],
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/**', '**/bff/**', '**/web/**', '**/machines/**'],
              message: 'domain/ depends on nothing.',
            },
          ],
        },
      ],
    },
  },
  {
    // Generic server helpers (bounded caches, single flight) for api/ and bff/: they know nothing of the store.
    files: ['lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/**', '**/bff/**', '**/web/**', '**/machines/**', '**/domain/**'],
              message: 'lib/ depends on nothing.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['bff/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/**', '**/web/**', '**/machines/**', '**/tests/**'],
              message: 'bff/ talks to the API over HTTP only; it imports bff/, domain/ and lib/.',
            },
            DOMAIN_FORM,
          ],
        },
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react', message: 'Machines are plain TypeScript: the UI provides effects.' }],
          patterns: [
            {
              group: ['**/api/**', '**/bff/**', '**/web/**'],
              message: 'machines/ imports only machines/ and domain/.',
            },
            DOMAIN_FORM,
          ],
        },
      ],
    },
  },
  // Inside web/src, imports flow down: app/ (routes, shell, nav) → features/ (one folder per screen) → shared/ and
  // graphql/ (the kit). A feature reaches another only through its index.ts; the kit knows neither app/ nor
  // features/. domain/ and machines/ come through the package's #domain/* and #machines/* imports.
  ...webZone(['web/**/*.{ts,tsx}'], []),
  ...webZone(
    ['web/src/shared/**/*.{ts,tsx}', 'web/src/graphql/**/*.{ts,tsx}'],
    [
      {
        regex: '^(\\.\\./)+(app|features)(/|$)',
        message: 'shared/ and graphql/ are the kit: they import neither app/ nor features/.',
      },
    ],
  ),
  ...webZone(['web/src/features/*/*.{ts,tsx}'], featureRules('../')),
  ...webZone(['web/src/features/*/*/*.{ts,tsx}'], featureRules('../../')),
  // A test may reach into another feature to set up its state.
  ...webZone(['web/src/features/**/*.test.{ts,tsx}'], []),
  {
    files: ['tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DOMAIN_FORM] }] },
  },
  {
    // zod/mini's `z` export is a namespace object of all of zod: a bundler that cannot see through it (esbuild,
    // which builds the service worker) keeps every schema and locale.
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod/mini'] > ImportSpecifier[imported.name='z']",
          message: "Import zod/mini as a namespace: import * as z from 'zod/mini'.",
        },
      ],
    },
  },
  {
    // Only the config modules read the environment.
    files: ['api/src/**/*.ts', 'bff/src/**/*.ts'],
    ignores: ['api/src/config.ts', 'bff/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config.ts.' },
      ],
    },
  },
  {
    // The storefront runs in the browser and follows the Rules of React (hooks + compiler checks).
    files: ['web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
