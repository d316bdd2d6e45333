import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'data/', 'dist/', 'web/dist/', 'web/dist-server/', '**/generated/', 'test-results/', 'api/public/'] },
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
        { patterns: [{ group: ['**/bff/**', '**/web/**', '**/machines/**', '**/tests/**'], message: 'api/ imports only api/ and domain/.' }] },
      ],
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/api/**', '**/bff/**', '**/web/**', '**/machines/**'], message: 'domain/ depends on nothing.' }] },
      ],
    },
  },
  {
    files: ['bff/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/api/**', '**/web/**', '**/machines/**', '**/tests/**'], message: 'bff/ talks to the API over HTTP only; it imports bff/ and domain/.' }] },
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
          patterns: [{ group: ['**/api/**', '**/bff/**', '**/web/**'], message: 'machines/ imports only machines/ and domain/.' }],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/api/**', '**/bff/**', '**/tests/**'], message: 'web/ talks to the BFF over GraphQL only.' }] },
      ],
    },
  },
  {
    // Only the config modules read the environment.
    files: ['api/src/**/*.ts', 'bff/src/**/*.ts'],
    ignores: ['api/src/config.ts', 'bff/src/config.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through config.ts.' }],
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
