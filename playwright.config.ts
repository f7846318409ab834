import { defineConfig, devices } from '@playwright/test'

const isCI = Boolean(process.env.CI)
const appPort = process.env.E2E_PORT ?? '5174'
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${appPort}`
/** The dev server, for the pages only a development build has (/dev-navigation). */
const devPort = process.env.E2E_DEV_PORT ?? String(Number(appPort) + 1)
const devURL = `http://127.0.0.1:${devPort}`
/** Each run builds the app for its own stack, into a folder of its own. */
const buildDir = `test-results/e2e-app-${appPort}`
/** Tests of screens that exist only in a development build: they run against the dev server. */
const devOnly = /\/dev-navigation has no axe violations/

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

/** Environment handed to the build and the dev server; scripts/with-stack.ts sets these after starting the backend. */
function viteEnv(): Record<string, string> {
  const env: Record<string, string> = {}
  for (const name of ['VITE_SUPABASE_URL', 'VITE_SUPABASE_PUBLISHABLE_KEY'] as const) {
    const value = process.env[name]
    if (value) env[name] = value
  }
  return env
}

const phone = {
  ...devices['Desktop Chrome'],
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
  launchOptions: chromium,
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
      grepInvert: devOnly,
      use: phone,
    },
    {
      name: 'dev-server',
      testMatch: 'accessibility.spec.ts',
      grep: devOnly,
      use: { ...phone, baseURL: devURL },
    },
  ],
  // The tests run against the production build (what users get, and far faster to load than the
  // dev server's hundreds of modules); the dev server serves only the development-only screens.
  webServer: [
    {
      command: [
        `npx vite build --logLevel warn --emptyOutDir --outDir ${buildDir}`,
        `npx vite preview --outDir ${buildDir} --host 127.0.0.1 --port ${appPort} --strictPort`,
      ].join(' && '),
      url: baseURL,
      // A server left running may point at another stack: always start our own.
      reuseExistingServer: false,
      timeout: 180_000,
      env: viteEnv(),
    },
    {
      command: `npx vite --host 127.0.0.1 --port ${devPort} --strictPort`,
      url: devURL,
      reuseExistingServer: false,
      timeout: 120_000,
      env: viteEnv(),
    },
  ],
})
