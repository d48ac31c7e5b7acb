import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Every folder (and top-level module) of src/ a layer may be told apart from. */
const PARTS = [
  'lib',
  'domain',
  'search',
  'store',
  'ingest',
  'demo',
  'runtime',
  'http',
  'cli',
  'server',
  'config',
  'web',
];

/**
 * One `no-restricted-imports` rule per layer: a relative import that climbs out of the layer's
 * folder into a part of src/ it may not use is an error.
 */
function layers(allowed) {
  return Object.entries(allowed).map(([files, may]) => {
    const own = files.split('/')[1].replace(/\.ts$/, '');
    const banned = PARTS.filter((part) => part !== own && !may.includes(part));
    return {
      files: [files],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^\\.\\.?/(\\.\\./)*(${banned.join('|')})(/|\\.js$)`,
                message: `${files} may import only from ${may.length > 0 ? may.join(', ') : 'itself'} (see its folder's README).`,
              },
            ],
          },
        ],
      },
    };
  });
}

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
      'bin/*.mjs',
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
  // The layers of src/, each importing only those below it (each folder's README says which):
  // lib < domain < search, store < ingest < runtime < http < server.ts < cli; demo feeds ingest.
  ...layers({
    'src/lib/**/*.ts': [],
    'src/domain/**/*.ts': ['lib'],
    'src/search/**/*.ts': ['lib', 'domain'],
    'src/store/**/*.ts': ['lib', 'domain'],
    'src/ingest/**/*.ts': ['lib', 'domain', 'store'],
    'src/demo/**/*.ts': ['lib', 'domain', 'store', 'ingest'],
    'src/config.ts': ['lib', 'domain', 'store'],
    'src/runtime/**/*.ts': ['lib', 'domain', 'search', 'store', 'config'],
    'src/http/**/*.ts': ['lib', 'domain', 'search', 'store', 'runtime', 'config'],
    'src/server.ts': ['lib', 'domain', 'search', 'store', 'ingest', 'demo', 'runtime', 'http', 'config'],
  }),
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
