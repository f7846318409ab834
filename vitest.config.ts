import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@contracts': fileURLToPath(new URL('./contracts', import.meta.url)),
      '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'eslint/**/*.test.ts'],
          setupFiles: ['./src/test/setup.ts'],
          restoreMocks: true,
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['supabase/local/**/*.test.ts', 'supabase/tests/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'schema',
          environment: 'node',
          include: ['tests/schema/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          // WebKit and Firefox journeys: run by scripts/e2e-engines.ts, which serves the app for them.
          name: 'engines',
          environment: 'node',
          include: ['e2e-engines/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // As the Chromium e2e run does in CI: a journey that fails once is run again.
          retry: 1,
        },
      },
    ],
  },
})
