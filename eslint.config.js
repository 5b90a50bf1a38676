import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import local from './.eslint-plugin-local/index.js';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'out/**', 'e2e/artifacts/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { local },
    rules: {
      'local/layers': 'error',
      'local/aliases': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    // One data door: views get their data through the data source (renderer/data), never from the bridge.
    files: ['renderer/views/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/services/useBridgeEvent', '**/app/ipc/bridge', '@app/ipc/bridge'],
              message: 'Views get their data through the data source (renderer/data).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='bridge']",
          message: 'Views get their data through the data source (renderer/data), not the bridge.',
        },
        {
          selector: "MemberExpression[property.name='bridge']",
          message: 'Views get their data through the data source (renderer/data), not the bridge.',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
);
