// Flat config: typescript-eslint's recommended rules everywhere, plus the one-way import rule the
// style guide asks for (routes -> features -> shared; features never import each other).
import { readdirSync } from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const appLayers = ['@/app', '@/app/*', '@/routes', '@/routes/*', '@/routeTree.gen'];

/** @param {string[]} group @param {string} message */
const restrictImports = (group, message) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group, message }] }],
});

export default defineConfig(
  globalIgnores([
    'dist/',
    'node_modules/',
    '.local/',
    'src/routeTree.gen.ts',
    // Deno code: linted by `deno lint` with its own globals and npm: specifiers.
    'edge-functions/',
    'test-results/',
    'playwright-report/',
  ]),
  tseslint.configs.recommended,
  // Hooks only at the top level of components and hooks, with complete dependency lists.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    rules: {
      // A leading underscore marks a value left unused on purpose (e.g. a destructured option
      // removed from `...rest`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  // Leaving the page goes through src/shared/routing/web-url.ts (goTo), which lets only paths and http(s) URLs
  // pass: a stored `javascript:` URL given to location would run script on the app's origin (issue 24).
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/routing/web-url.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['assign', 'replace'].map((property) => ({
          object: 'location',
          property,
          message: 'Use goTo from @/shared/routing/web-url: it refuses any URL but a path or http(s).',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.property.name='location'][property.name=/^(assign|replace)$/]",
          message: 'Use goTo from @/shared/routing/web-url: it refuses any URL but a path or http(s).',
        },
        {
          selector:
            "AssignmentExpression > MemberExpression.left:matches([property.name='location'], [property.name='href'][object.name='location'], [property.name='href'][object.property.name='location'])",
          message: 'Use goTo from @/shared/routing/web-url instead of assigning a location.',
        },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: restrictImports(
      [...appLayers, '@/features', '@/features/*'],
      'shared/ is the bottom layer: it must not import features, routes or the app.',
    ),
  },
  features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: restrictImports(
      [
        ...appLayers,
        ...features
          .filter((other) => other !== feature)
          .flatMap((other) => [`@/features/${other}`, `@/features/${other}/*`]),
      ],
      'A feature may import only itself and shared/; compose features in routes instead.',
    ),
  })),
);
