import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every TypeScript project, so the type-checked rules and the import resolver see each file with its
// own compiler options (the first project that includes a file wins).
const PROJECTS = [
  'contracts/tsconfig.json',
  'backend/tsconfig.spec.json',
  'dashboard-web/tsconfig.json',
  'admin-web/tsconfig.json',
  'e2e/tsconfig.json',
  'bench/tsconfig.json',
];

/** Backend features: each one's public API is its index.ts; nothing else of it may be imported from outside. */
const BACKEND_FEATURES = ['identity', 'merchants', 'onboarding', 'audit', 'health', 'payments', 'sandbox-gateway', 'seed'];
/** Composition roots: they wire features together, but through the same public APIs. */
const BACKEND_APPS = ['cli', 'main.ts', 'app.module.ts'];
const DASHBOARD_FEATURES = [
  'api-docs', 'applications', 'auth', 'community', 'dashboard', 'developers', 'guides', 'home', 'legal',
  'not-found', 'pricing', 'products', 'status', 'crypto-checkout', 'checkout', 'crypto-payments', 'client-api-test',
];

const featureZones = (root, features, outsiders, except) =>
  features.flatMap((feature) =>
    [...features.filter((other) => other !== feature), ...outsiders].map((importer) => ({
      target: `./${root}/${importer}`,
      from: `./${root}/${feature}`,
      except,
      message: `${feature} is another feature: import only its public API (${except.length ? `${feature}/${except.join(', ')}` : 'none'}), or react to its events.`,
    })),
  );

const boundaryZones = [
  ...featureZones('backend/src', BACKEND_FEATURES, BACKEND_APPS, ['./index.ts']),
  // platform/ is the ground the features stand on: it never knows them, nor the app that assembles them.
  ...[...BACKEND_FEATURES, ...BACKEND_APPS].map((part) => ({
    target: './backend/src/platform',
    from: `./backend/src/${part}`,
    message: 'platform/ never imports a feature or the app: take what you need as a parameter or a provider.',
  })),
  ...featureZones('dashboard-web/src/features', DASHBOARD_FEATURES, [], []),
  // Frontends and contracts share code only through `contracts`.
  ...['admin-web', 'dashboard-web', 'contracts'].flatMap((target) =>
    ['backend', 'admin-web', 'dashboard-web', 'e2e', 'bench']
      .filter((from) => from !== target)
      .map((from) => ({ target: `./${target}`, from: `./${from}`, message: `${target} imports only @tallyline/contracts, never ${from}.` })),
  ),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/.tmp/**', '**/node_modules/**', '**/coverage/**', '.data/**', '**/*.cjs', 'lint/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { project: PROJECTS, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: PROJECTS, alwaysTryTypes: true })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-console': 'off',
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      // Async functions implementing a promise-returning contract (react-admin's authProvider, the event store
      // port, test doubles) are async for that contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      // React event handlers may be async: React ignores the returned promise, and rejections are handled inside.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // node:test's describe/it return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'before', 'after'] }] },
      ],
    },
  },
  {
    // Frontends see the backend only through the HTTP contract in `contracts` (bench measures the backend itself).
    files: ['admin-web/**', 'dashboard-web/**', 'contracts/**', 'e2e/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@tallyline/backend', '@tallyline/backend/*'], message: 'Only the backend imports backend code; share through @tallyline/contracts.' }] }],
    },
  },
  {
    // Tests read HTTP answers with `response.json()`, typed any, and assert on their shape: the unsafe-any
    // rules would ask for a cast on every line without making a single assertion stronger.
    files: ['backend/test/**', '**/*.spec.ts', '**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // expect(spy.method).toHaveBeenCalled() reads a method without calling it, by design.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // react-admin types filter values, meta and JSON bodies as any; admin-web narrows them where it reads
    // them (typeof checks, casts to the contracts' types), which these rules cannot follow.
    files: ['admin-web/src/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    // Nest injects by the constructor parameter's runtime type: those imports must stay value imports.
    files: ['backend/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['admin-web/src/**/*.tsx', 'admin-web/src/**/*.ts', 'dashboard-web/src/**/*.tsx', 'dashboard-web/src/**/*.ts'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Plain JavaScript config files are outside every TypeScript project.
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
