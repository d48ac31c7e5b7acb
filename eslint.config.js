import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'data/',
      'bench/results/',
      'bench/.cache/',
      'reports/',
      '.stryker-tmp*/',
      'test-output/',
      'scripts/*.mjs',
      '*.config.*',
    ],
  },
  js.configs.recommended,
  // Typed lint: the rules that need the type checker (floating promises, unnecessary conditions,
  // unsafe any, ...). The server code is one TypeScript project (tsconfig.json); the page in
  // src/web is another (tsconfig.web.json, DOM types), found by the project service alike.
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Numbers in messages and keys are what they read as.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // The project compiles with noUncheckedIndexedAccess: `a[i]!` inside a loop bounded by the
      // array's length is the idiom of the engine's hot loops over typed arrays (some 500 of
      // them); a check or a cast in each would slow or obscure the code without catching a bug.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Fastify handlers and hooks, and implementations of the async JobStore interface, are async
      // by contract: an async function without `await` is how they return a promise.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Tests read parsed JSON bodies and browser-evaluated values, which are `any` by nature; they
    // assert on them at once, which is the check these rules ask for.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // The page has its own TypeScript project (DOM, bundler resolution), beside the server's.
    files: ['src/web/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: false, project: './tsconfig.web.json', tsconfigRootDir: import.meta.dirname },
    },
  },
);
