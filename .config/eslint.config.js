// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { LAYERS } from './layers.ts';

/** The root's modules are the ground floor: they import only each other, never a layer. */
const groundFloor = {
  files: ['src/lib/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ regex: `^\\./(${LAYERS.join('|')})/`, message: "a module of src/lib's root is the ground floor (docs/architecture.md): it imports only the root's other modules." }] },
    ],
  },
};
const layerRules = LAYERS.map((layer, index) => ({
  files: [layer === 'cli' ? 'src/cli/**' : `src/lib/${layer}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: LAYERS.slice(index + 1).map((later) => ({
          regex: `(^|/)${later === 'cli' ? 'cli' : `(lib/)?${later}`}/`,
          message: `src/lib/${layer} is below ${later} in the pipeline (docs/architecture.md): move the shared piece down, or pass it in.`,
        })),
      },
    ],
  },
}));

export default defineConfig(
  { ignores: ['**/generated/', 'dist/', 'dist.*/', '.wrangler/', '.*.building-*/', '.astro/', 'node_modules/', 'test-output/', 'scratch/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...astro.configs.recommended,
  {
    // Rules that read types: floating promises, needless assertions and conditions, unsafe any.
    files: ['**/*.ts'],
    extends: [tseslint.configs.strictTypeChecked],
    languageOptions: { parserOptions: { projectService: { allowDefaultProject: ['.config/vitest*.ts'] }, tsconfigRootDir: import.meta.dirname + '/..' } },
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
  groundFloor,
  ...layerRules,
  {
    // Pages, components and the content config sit on top: they may import any layer but the commands.
    files: ['src/pages/**', 'src/components/**', 'src/layouts/**', 'src/*.ts', 'src/packages/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)cli/', message: 'nothing imports src/cli: commands are entry points' }] }] },
  },
  {
    // A build's options travel as values (the render request, the site entry): no module of src/
    // hands one on through the environment, and none reads the base path from Vite's env.
    files: ['src/**/*.ts', 'src/**/*.astro'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "AssignmentExpression > MemberExpression.left[object.object.name='process'][object.property.name='env']", message: 'no process.env write in src/: hand the value on as an argument (the render request, a spawn env made as a value)' },
        { selector: "UnaryExpression[operator='delete'] > MemberExpression[object.object.name='process'][object.property.name='env']", message: 'no process.env write in src/: hand the value on as an argument' },
        { selector: "MemberExpression[property.name='BASE_URL'][object.property.name='env']", message: "the path prefix is a value of the site entry (page.prefix, page.href), not Vite's BASE_URL" },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
);
