import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import reactHooks from 'eslint-plugin-react-hooks'
import { reactRefresh } from 'eslint-plugin-react-refresh'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { boundariesPlugin } from './eslint/layer-ranks.js'

const hebrewText = '/[\\u0590-\\u05FF]/'
const hebrewTextMessage =
  'Hebrew text belongs in a string catalogue (src/i18n/*.ts or src/domains/<domain>/strings/*.ts); use its t().'

// Physical direction utilities break in RTL; use ms-/me-/ps-/pe-/start-/end-/text-start/text-end.
const physicalDirectionClass =
  '/(^|[\\s:"\'`])-?(m[lr]|p[lr]|left|right|border-[lr]|rounded-[lr]|rounded-[tb][lr]|scroll-[mp][lr])-[^\\s]|(^|[\\s:])(text|float|clear)-(left|right)(\\s|$)/'
const physicalDirectionMessage =
  'Use logical start/end classes (ms-, me-, ps-, pe-, start-, end-, text-start, text-end).'

const serverCallInComponentMessage =
  'Components do not call the server: put the call in an api/ file with its hook (useMutation for writes, useQuery for reads).'
const isSubmittingMessage =
  "A form that calls the server shows its api hook's isPending and error (useMutation), not react-hook-form's isSubmitting."

const inlineQueryKeyMessage =
  "A query or mutation key comes from its domain's key factory (api/<domain>-keys.ts, e.g. giftKeys.mineOf(userId)), never an inline array."
const queryWithoutSignalMessage =
  "A query passes TanStack's signal to its request: queryFn: ({ signal }) => fetchX(…, signal), and the request takes it (.abortSignal(signal), { signal })."

const restrictedSyntax = [
  { selector: `Literal[value=${hebrewText}]`, message: hebrewTextMessage },
  { selector: `TemplateElement[value.raw=${hebrewText}]`, message: hebrewTextMessage },
  { selector: `JSXText[value=${hebrewText}]`, message: hebrewTextMessage },
  { selector: `Literal[value=${physicalDirectionClass}]`, message: physicalDirectionMessage },
  { selector: `TemplateElement[value.raw=${physicalDirectionClass}]`, message: physicalDirectionMessage },
  { selector: "Identifier[name='isSubmitting']", message: isSubmittingMessage },
  {
    selector: 'Property[key.name=/^(queryKey|mutationKey)$/] > ArrayExpression:has(> Literal)',
    message: inlineQueryKeyMessage,
  },
  {
    selector: "Property[key.name='queryFn']:matches([value.type='Identifier'], [value.params.length=0])",
    message: queryWithoutSignalMessage,
  },
]

export default defineConfig([
  globalIgnores([
    'dist',
    'node_modules',
    'supabase/local/functions/local-only',
    'test-results',
    'playwright-report',
    'e2e/artifacts',
    '.stack-*',
  ]),
  {
    files: ['**/*.{js,ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest'], reactRefresh.configs.vite()],
    languageOptions: { globals: globals.browser },
    plugins: { boundaries: boundariesPlugin },
    rules: {
      'boundaries/layer-ranks': 'error',
      'no-restricted-syntax': ['error', ...restrictedSyntax],
    },
  },
  {
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...restrictedSyntax,
        {
          selector: 'CallExpression[callee.name=/^(getSupabase|invokeEdgeFunction)$/]',
          message: serverCallInComponentMessage,
        },
      ],
    },
  },
  {
    files: ['src/i18n/**', 'src/domains/*/strings/**', 'src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: [
      '*.{js,ts}',
      'eslint/**/*.{js,ts}',
      'e2e/**/*.ts',
      'e2e-engines/**/*.ts',
      'scripts/**/*.ts',
      'supabase/local/**/*.ts',
      'supabase/tests/**/*.ts',
      'tests/**/*.ts',
    ],
    languageOptions: { globals: globals.node },
  },
])
