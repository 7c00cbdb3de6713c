// Lint rules, including the import boundaries between rooms (DESIGN §2, CONVENTIONS habit 1).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

const forbid = (...groups) => [
  'error',
  { patterns: groups.map((group) => ({ group, message: 'crosses a room boundary (DESIGN §2)' })) },
]

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
  { files: ['src/**'], rules: { 'no-restricted-imports': forbid(['**/server/**', '**/ledger-sim/**']) } },
  { files: ['server/**'], rules: { 'no-restricted-imports': forbid(['**/src/**']) } },
  {
    files: ['api-contract/**'],
    rules: { 'no-restricted-imports': forbid(['**/src/**', '**/server/**', '**/ledger-sim/**']) },
  },
  {
    files: ['ledger-sim/**'],
    rules: { 'no-restricted-imports': forbid(['**/src/**', '**/server/**', '**/api-contract/**']) },
  },
)
