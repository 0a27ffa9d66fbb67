// Type-aware linting for every workspace; `npm run lint` allows no warnings.
import fs from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/** Import patterns that cross a module boundary in apps/server (decision 0007). */
export const moduleBoundaries = {
  ownTables: [
    {
      regex: '(^|/)db/schema(/|$)',
      message:
        "Import your module's own <module>.schema.ts; db/schema/index is the aggregate for drizzle-kit and the client only.",
    },
  ],
  otherRepo: {
    regex: '^\\.\\./[^/]+/[^/]+\\.repo$',
    message: "Another module's repo is private: call that module's service.",
  },
  otherSchema: {
    regex: '^\\.\\./[^/]+/[^/]+\\.schema$',
    message: "Another module's tables are private: call that module's service.",
  },
  ledger: {
    regex: '^\\.\\./wallets/ledger',
    message: 'The ledger is private to the wallets module: use debitWallet, creditWallet or reverseJournal.',
  },
  anyModule: {
    regex: '(^|/)modules/',
    message: 'Adapters and db/ sit below the modules: take a port (a function) from app.ts instead.',
  },
};

const WEB = './apps/web/src';
const WEB_FEATURES = fs.readdirSync(new URL(`${WEB}/features`, import.meta.url));
const WEB_SHARED = ['api', 'components', 'lib', 'test'].map((folder) => `${WEB}/${folder}`);

/** Import zones of apps/web (decision 0021): features stand alone, app/ composes them, shared code sits below both. */
const webZones = [
  ...WEB_FEATURES.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: move what both need to api/, components/ or lib/, or compose them in app/.',
  })),
  { target: `${WEB}/features`, from: `${WEB}/app`, message: 'app/ composes the features; a feature never imports it.' },
  {
    target: WEB_SHARED,
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Shared code (api/, components/, lib/, test/) never imports a feature or app/.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tsbuild/**',
      'apps/server/drizzle/**',
      'data/**',
      '.test-data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.ts', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Route handlers and adapters are async by contract even when one implementation needs no await.
      '@typescript-eslint/require-await': 'off',
      // Services are closures over their dependencies, never classes: their methods use no `this`.
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests read the API's JSON envelopes, whose data is untyped by nature.
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  // Module boundaries (decision 0007): a module reaches another only through its service. Its
  // own files are imported as `./…`, another module's as `../<module>/…`.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...moduleBoundaries.ownTables,
            moduleBoundaries.otherRepo,
            moduleBoundaries.otherSchema,
            moduleBoundaries.ledger,
          ],
        },
      ],
    },
  },
  {
    // A schema file may name another module's table, for a foreign key only.
    files: ['apps/server/src/modules/**/*.schema.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...moduleBoundaries.ownTables, moduleBoundaries.otherRepo, moduleBoundaries.ledger] },
      ],
    },
  },
  {
    // Adapters and the database layer sit below the modules: they are given ports, never import them.
    // The schema aggregate is the one exception: drizzle-kit and the client read every module's tables.
    files: ['apps/server/src/adapters/**/*.ts', 'apps/server/src/db/**/*.ts'],
    ignores: ['apps/server/src/db/schema/index.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [moduleBoundaries.anyModule] }] },
  },
  {
    // No import cycles in the web app, the server or the packages; type-only imports do not count.
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  { files: ['apps/web/src/**/*.{ts,tsx}'], rules: { 'import-x/no-restricted-paths': ['error', { zones: webZones }] } },
  // Node scripts: undefined names are TypeScript's job elsewhere; here, Node's globals are fine.
  { files: ['**/*.js', '**/*.mjs'], extends: [tseslint.configs.disableTypeChecked], rules: { 'no-undef': 'off' } },
);
