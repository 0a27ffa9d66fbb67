// Type-aware linting for every workspace; `npm run lint` allows no warnings.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Import patterns that cross a module boundary in apps/server (decision 0007). */
export const moduleBoundaries = {
  ownTables: [{ regex: '(^|/)db/schema(/|$)', message: "Import your module's own <module>.schema.ts; db/schema/index is the aggregate for drizzle-kit and the client only." }],
  otherRepo: { regex: '^\\.\\./[^/]+/[^/]+\\.repo$', message: "Another module's repo is private: call that module's service." },
  otherSchema: { regex: '^\\.\\./[^/]+/[^/]+\\.schema$', message: "Another module's tables are private: call that module's service." },
  ledger: { regex: '^\\.\\./wallets/ledger', message: 'The ledger is private to the wallets module: use debitWallet, creditWallet or reverseJournal.' },
  anyModule: { regex: '(^|/)modules/', message: 'Adapters and db/ sit below the modules: take a port (a function) from app.ts instead.' },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/server/drizzle/**', 'data/**', '.test-data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.ts', 'scripts/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Route handlers and adapters are async by contract even when one implementation needs no await.
      '@typescript-eslint/require-await': 'off',
      // Services are closures over their dependencies, never classes: their methods use no `this`.
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
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
    rules: { 'no-restricted-imports': ['error', { patterns: [...moduleBoundaries.ownTables, moduleBoundaries.otherRepo, moduleBoundaries.otherSchema, moduleBoundaries.ledger] }] },
  },
  {
    // A schema file may name another module's table, for a foreign key only.
    files: ['apps/server/src/modules/**/*.schema.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...moduleBoundaries.ownTables, moduleBoundaries.otherRepo, moduleBoundaries.ledger] }] },
  },
  {
    // Adapters and the database layer sit below the modules: they are given ports, never import them.
    // The schema aggregate is the one exception: drizzle-kit and the client read every module's tables.
    files: ['apps/server/src/adapters/**/*.ts', 'apps/server/src/db/**/*.ts'],
    ignores: ['apps/server/src/db/schema/index.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [moduleBoundaries.anyModule] }] },
  },
  // Node scripts: undefined names are TypeScript's job elsewhere; here, Node's globals are fine.
  { files: ['**/*.js', '**/*.mjs'], extends: [tseslint.configs.disableTypeChecked], rules: { 'no-undef': 'off' } },
);
