import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    // src/core is framework-free: it must never pull React or emotion in.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-dom', 'react/*', '@emotion/*', '../ui/*', '../elements/*'] },
      ],
    },
  },
  {
    // The server never imports browser code.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/src/ui/**', '**/src/elements/**', '**/demo/**', 'react', 'react-dom'] },
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
