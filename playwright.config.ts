import { defineConfig, devices } from '@playwright/test'

const isCI = Boolean(process.env.CI)
const appPort = process.env.E2E_PORT ?? '5174'
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${appPort}`

/** Debian's Chromium; Playwright's own browser download does not work on these machines. */
const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}

/** Environment handed to the dev server; scripts/with-stack.ts sets these after starting the backend. */
function viteEnv(): Record<string, string> {
  const env: Record<string, string> = {}
  for (const name of ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'] as const) {
    const value = process.env[name]
    if (value) env[name] = value
  }
  return env
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: 1,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]],
  outputDir: 'test-results/e2e',
  use: {
    baseURL,
    locale: 'he-IL',
    timezoneId: 'Asia/Jerusalem',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'mobile',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 412, height: 915 },
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
        launchOptions: chromium,
      },
    },
  ],
  webServer: {
    command: `npx vite --host 127.0.0.1 --port ${appPort} --strictPort`,
    url: baseURL,
    // A dev server left running may point at another stack: always start our own.
    reuseExistingServer: false,
    timeout: 120_000,
    env: viteEnv(),
  },
})
