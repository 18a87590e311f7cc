// ESLint flat config for the whole workspace. `pnpm lint` runs it with `prettier --check` and the typecheck.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import moduleCycles from './apps/server/lint/module-cycles.js';

const root = path.dirname(fileURLToPath(import.meta.url));
const dirs = (dir) =>
  existsSync(path.join(root, dir))
    ? readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules')
        .map((entry) => entry.name)
    : [];

/** Every app (the shell, the remotes, the server); read from disk so a new app is covered without editing this. */
const APPS = dirs('apps');
/** Apps whose UI is split into features/<f>/ (the remotes, and the shell should it grow some). */
const FEATURE_APPS = APPS.filter((app) => existsSync(path.join(root, 'apps', app, 'src/features')));

/**
 * Import boundaries (STYLE.md habits 1 and 4), by resolved file path, so relative imports count too:
 * - an app never imports another app (remotes share only packages; the shell never reaches into a remote);
 * - a feature never imports another feature of its app: pages in routes/ and exposes/ combine them; inside a
 *   feature (features/<f>/{api,components,hooks,lib}), api/ and lib/ never import components/;
 * - packages never import apps.
 */
const boundaryZones = [
  ...APPS.map((app) => ({
    target: `./apps/${app}`,
    from: APPS.filter((other) => other !== app).map((other) => `./apps/${other}`),
    message: 'Apps never import each other: share code through packages/.',
  })),
  ...FEATURE_APPS.flatMap((app) =>
    dirs(`apps/${app}/src/features`).flatMap((feature) => [
      {
        target: `./apps/${app}/src/features/${feature}`,
        from: `./apps/${app}/src/features`,
        except: [`./${feature}`],
        message: 'Features never import each other: combine them in a page under routes/ or exposes/.',
      },
      // The one layout of a feature (docs/front-end.md): api/ and lib/ are below its React code.
      {
        target: [`./apps/${app}/src/features/${feature}/api`, `./apps/${app}/src/features/${feature}/lib`],
        from: `./apps/${app}/src/features/${feature}/components`,
        message: "A feature's api/ and lib/ never import its components/.",
      },
    ]),
  ),
  { target: './packages', from: './apps', message: 'Packages never import apps.' },
];

// ---- The server (docs/server.md) ----
/**
 * The server's own zones, by resolved path: src/modules/<m>/ are business domains, src/platform/<p>/ what they
 * stand on, and the files and folders beside them (app.ts, server.ts, jobs/, cli/, seed/) put them together.
 * - a module is reached from anywhere else only through its face, modules/<m>/index.ts, or its operator commands,
 *   modules/<m>/<m>.ops.ts (the CLI's face: HTTP calls only, so `pnpm ops` starts without the module's code);
 * - platform code never imports a business module (a module that must act on a platform event registers a hook),
 *   except that a restore re-derives the ledger through the ledger's face;
 * - neither imports the assemblies that put them together;
 * - a face never hands on its tables (the ledger's included): other modules call its functions.
 */
const SERVER_SRC = 'apps/server/src';
const serverModules = dirs(`${SERVER_SRC}/modules`);
const serverTopLevel = existsSync(path.join(root, SERVER_SRC))
  ? readdirSync(path.join(root, SERVER_SRC)).filter((name) => name !== 'modules')
  : [];
const tableFilesOf = (module) =>
  existsSync(path.join(root, SERVER_SRC, 'modules', module))
    ? readdirSync(path.join(root, SERVER_SRC, 'modules', module)).filter((file) => file.endsWith('.table.ts'))
    : [];
const serverZones = [
  ...serverModules.map((module) => ({
    target: [
      ...serverModules.filter((other) => other !== module).map((other) => `./${SERVER_SRC}/modules/${other}`),
      ...serverTopLevel.map((name) => `./${SERVER_SRC}/${name}`),
    ],
    from: `./${SERVER_SRC}/modules/${module}`,
    except: ['./index.ts', `./${module}.ops.ts`, ...tableFilesOf(module).map((file) => `./${file}`)],
    message: `Reach modules/${module} only through its face, modules/${module}/index.ts (or ${module}.ops.ts).`,
  })),
  // A foreign key is a relation of the schema: only another module's table file may import a table file.
  ...serverModules
    .filter((module) => tableFilesOf(module).length > 0)
    .map((module) => ({
      target: [
        `./${SERVER_SRC}/modules/!(${module})/**/!(*.table).ts`,
        `./${SERVER_SRC}/!(modules)/**`,
        `./${SERVER_SRC}/*.ts`,
      ],
      from: tableFilesOf(module).map((file) => `./${SERVER_SRC}/modules/${module}/${file}`),
      message: `modules/${module}'s tables are its own: call its face. Only a table file imports them, for a foreign key.`,
    })),
  {
    target: `./${SERVER_SRC}/platform`,
    from: `./${SERVER_SRC}/modules`,
    except: ['./ledger/index.ts'],
    message: 'Platform code never imports a business module: let the module register a hook at boot.',
  },
  {
    target: [`./${SERVER_SRC}/platform`, `./${SERVER_SRC}/modules`],
    from: serverTopLevel.filter((name) => name !== 'platform').map((name) => `./${SERVER_SRC}/${name}`),
    message:
      'The assemblies (app.ts, admin-app.ts, server.ts, jobs/, cli/, seed/) import the parts, never the reverse.',
  },
  // A face hands on functions and types, never a table (test/architecture/table-owners.test.ts lists who may name
  // another owner's table in SQL, and why).
  ...serverModules.flatMap((module) =>
    tableFilesOf(module).map((file) => ({
      target: `./${SERVER_SRC}/modules/${module}/index.ts`,
      from: `./${SERVER_SRC}/modules/${module}/${file}`,
      message: `A face hands on functions and types, never a table: modules/${module} owns ${file}.`,
    })),
  ),
];
const serverLint = {
  files: [`${SERVER_SRC}/**/*.{ts,mts,mjs}`],
  plugins: { server: { rules: { 'module-cycles': moduleCycles } } },
  rules: {
    // Repeats the workspace's zones: a rule set again for some files replaces, not extends, its options.
    'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...boundaryZones, ...serverZones] }],
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
    'server/module-cycles': ['error', { src: path.join(root, SERVER_SRC) }],
  },
};
// ---- end of the server ----

/** The same rule for bare specifiers that do not resolve to a file (an app is never a dependency). */
const appPackageNames = (except) =>
  APPS.filter((app) => app !== except).flatMap((app) => [`@app/${app}`, `@app/${app}/*`]);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'data/**',
      '**/.data-*/**',
      '**/.tmp/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json', '.css'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // The TypeScript compiler already reports undefined names, with the right globals per tsconfig.
      'no-undef': 'off',
      // CSS-module declarations are ambient: packages/ui's index references them so every app gets the types.
      '@typescript-eslint/triple-slash-reference': ['error', { path: 'always', types: 'prefer-import', lib: 'always' }],
    },
  },
  // Front-end code: browser globals, React hooks, accessibility.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['apps/server/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // The "latest ref" pattern (ref.current = callback during render, read in an effect) is how the modal,
      // stream and countdown hooks keep a stable effect while calling the newest handler; the React Compiler
      // rule that flags it does not apply: this codebase does not use the compiler.
      'react-hooks/refs': 'off',
    },
  },
  serverLint,
  // No app or package imports an app by its package name either.
  ...APPS.map((app) => ({
    files: [`apps/${app}/**/*.{ts,tsx,js,mjs}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: appPackageNames(app), message: 'Apps never import each other: share code through packages/.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['packages/**/*.{ts,tsx,js,mjs}', 'tools/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: appPackageNames(), message: 'Packages and tools never import apps.' }] },
      ],
    },
  },
  // Tests read the real server's JSON answers without typing each one (the routes check them against the
  // schemas of packages/contracts already); a typed copy of every answer in the tests would be noise.
  {
    files: ['**/__tests__/**', '**/*.test.{ts,tsx}', 'apps/server/test/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
