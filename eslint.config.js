// Lint rules, including the import boundaries between rooms (eslint-rules/boundaries.js says which).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import house from './eslint-rules/boundaries.js'

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'coverage', 'tests/e2e/artifacts', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Node scripts in plain JavaScript (the TypeScript parser knows Node's globals from @types/node elsewhere).
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['src/**', 'server/**', 'api-contract/**', 'ledger-sim/**'],
    plugins: { house },
    rules: { 'house/boundaries': 'error' },
  },
)
