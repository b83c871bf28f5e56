// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', 'dist.*/', '.*.building-*/', '.astro/', 'node_modules/', 'test-output/', 'scratch/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...astro.configs.recommended,
  {
    // Rules that read types: floating promises, needless assertions and conditions, unsafe any.
    files: ['**/*.ts'],
    extends: [tseslint.configs.strictTypeChecked],
    languageOptions: { parserOptions: { projectService: { allowDefaultProject: ['.config/*.ts'] }, tsconfigRootDir: import.meta.dirname + '/..' } },
    rules: {
      // Numbers in messages and paths are what templates are for; objects and nullish values are not.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // A style rule (no `() => void call()` shorthands), not a bug finder.
      '@typescript-eslint/no-confusing-void-expression': 'off',
    },
  },
  {
    // vitest's asymmetric matchers (expect.stringContaining) are typed any.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // The mnrent-mcp launcher is plain JavaScript for Node (it must run on Node 20).
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
);
