// Lint: ESLint flat config with typescript-eslint. Formatting is Prettier's job (npm run format).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'assets/', 'node_modules/', 'coverage/', 'scratch/', 'mod-bridge/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // CommonJS config files (dependency-cruiser reads .cjs)
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // stdout is the MCP channel: nothing in src/ may print to it
  { files: ['src/**/*.ts'], rules: { 'no-console': 'error' } },
);
