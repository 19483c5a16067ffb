import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The modules of src/core that only a browser may load: they hold the page's state or reach
 * the network, storage or location. The rest of src/core is pure and the server may import it.
 */
const browserCore = [
  'api(/.*)?',
  'config',
  'http',
  'i18n(/index)?',
  'language',
  'list-window',
  'methods',
  'navigation',
  'notices',
  'print-keys',
  'session',
  'shared',
  'storage',
];

/**
 * The browser reads the contract's types only (src/contract): its schemas are the server's,
 * and TypeBox must not reach the bundle.
 */
const contractTypesOnly = {
  group: ['**/contract/**'],
  allowTypeImports: true,
  message: 'The browser imports only types from src/contract (the schemas stay on the server).',
};

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'coverage', 'bench/results', '**/*.tmp.*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'demo/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // src/core is framework-free: it must never pull React or emotion in, from any depth.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'react',
            'react-dom',
            'react/*',
            '@emotion/*',
            '**/ui',
            '**/ui/**',
            '**/elements',
            '**/elements/**',
          ],
        },
      ],
    },
  },
  {
    files: [
      'src/core/**/*.ts',
      'src/ui/**/*.{ts,tsx}',
      'src/elements/**/*.{ts,tsx}',
      'demo/**/*.{ts,tsx}',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [contractTypesOnly] }],
    },
  },
  {
    // The contract is read by the server and the browser alike: TypeBox and nothing else.
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/core/**', '**/ui/**', '**/elements/**', '**/server/**', 'react'] },
      ],
    },
  },
  {
    // The server never imports browser code: not the UI, and not the browser half of src/core
    // (its request layer, session, storage, navigation and stores; docs/architecture.md).
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/ui/**', '**/src/elements/**', '**/demo/**', 'react', 'react-dom'] },
            {
              regex: `/src/core/(${browserCore.join('|')})(\\.ts)?$`,
              message:
                'Browser-only part of src/core (docs/architecture.md): the server imports only its pure modules.',
            },
          ],
        },
      ],
      // A route reads its request typed from its TypeBox schema (withTypeProvider): a cast
      // would let the handler's type and the schema the server checks drift apart.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "TSAsExpression:has(> MemberExpression.expression[object.name='request'][property.name=/^(query|body|params)$/]), TSAsExpression > LogicalExpression > MemberExpression[object.name='request'][property.name=/^(query|body|params)$/]",
          message:
            "Type the request from the route's schema (app.withTypeProvider<TypeBoxTypeProvider>()), not with a cast.",
        },
      ],
    },
  },
  {
    // Plain scripts served as they are to pages of their own (the guides' sample forms).
    files: ['demo/public/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['bench/**/*.ts', 'scripts/**/*.ts', 'server/**/*.ts', 'tests/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
