/**
 * Runs a command against a fresh, isolated local stack: `tsx scripts/with-stack.ts -- <command…>`.
 * The stack gets its own ports and an empty data folder (or DATABASE_URL's server), so tests never
 * touch a developer's running `npm start`. The command's environment gets the URLs and keys.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import pg from 'pg'
import { PROJECT_ROOT, PUBLISHABLE_KEY, SECRET_KEY, loadStackConfig } from '../supabase/local/config.ts'
import { hasSupabasePlatform } from '../supabase/local/migrate.ts'
import { zochrimApp } from '../supabase/local/app/index.ts'
import { startStack } from '../supabase/local/stack.ts'

/** A port that is free now: the preferred one, or any the system hands out. */
function freePort(preferred: number): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = net.createServer()
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        const { port: bound } = server.address() as net.AddressInfo
        server.close(() => resolve(bound))
      })
    })
  return tryListen(preferred).catch(() => tryListen(0))
}

// Several test runs may share a machine: each takes the usual test ports when free, others if not.
const appPort = await freePort(Number(process.env.E2E_PORT ?? 5174))
// playwright.config.ts serves the development-only screens from a dev server on this port.
const devPort = await freePort(Number(process.env.E2E_DEV_PORT ?? appPort + 1))
const TEST_STACK_ENV = {
  STACK_PORT: String(await freePort(Number(process.env.TEST_STACK_PORT ?? 55321))),
  MAILBOX_PORT: String(await freePort(Number(process.env.TEST_MAILBOX_PORT ?? 55324))),
  PAYMENTS_PORT: String(await freePort(Number(process.env.TEST_PAYMENTS_PORT ?? 55326))),
  E2E_PORT: String(appPort),
  E2E_BASE_URL: `http://127.0.0.1:${appPort}`,
  E2E_DEV_PORT: String(devPort),
  SITE_URL: `http://127.0.0.1:${appPort}`,
  STACK_QUIET: 'true',
  // Tests call send-reminders themselves, with the day they need.
  STACK_SCHEDULED_JOBS: 'off',
  // The suites run on the keys of a project created today: publishable, secret, ES256 tokens only.
  STACK_LEGACY_API_KEYS: 'off',
}

const separator = process.argv.indexOf('--')
const command = separator >= 0 ? process.argv.slice(separator + 1) : process.argv.slice(2)
if (command.length === 0) {
  console.error('usage: tsx scripts/with-stack.ts -- <command> [args…]')
  process.exit(2)
}

/** On a PostgreSQL server every run gets a database of its own, dropped afterwards. */
async function withFreshDatabase(serverUrl: string, name: string, action: 'create' | 'drop'): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    if (action === 'create') await admin.query(`create database "${name}"`)
    else await admin.query(`drop database if exists "${name}" with (force)`)
  } finally {
    await admin.end()
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * A database that already holds Supabase's platform (`scripts/hosted-check.ts integration` builds
 * one) is used as it is: a fresh database on that server would lack the platform.
 */
async function isSupabasePlatform(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await hasSupabasePlatform(client)
  } finally {
    await client.end()
  }
}

const runId = `stack_test_${process.pid}`
const dataDir = path.join(PROJECT_ROOT, `.stack-test-${process.pid}`)
const givenUrl = process.env.DATABASE_URL || undefined
const usesPlatform = givenUrl ? await isSupabasePlatform(givenUrl) : false
const serverUrl = usesPlatform ? undefined : givenUrl
const databaseUrl = serverUrl ? await withFreshDatabase(serverUrl, runId, 'create') : givenUrl
if (usesPlatform) console.log('[with-stack] DATABASE_URL already holds the Supabase platform: using it as it is')
const config = loadStackConfig({
  ...process.env,
  ...TEST_STACK_ENV,
  STACK_DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl ?? '',
})
fs.rmSync(dataDir, { recursive: true, force: true })

const started = Date.now()
const running = await startStack(config, zochrimApp)
console.log(
  `[with-stack] stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s on ${running.stack.urls.api} (${running.stack.db.kind})`,
)

const env = {
  ...process.env,
  DATABASE_URL: databaseUrl ?? '',
  STACK_HOSTED_PLATFORM: String(usesPlatform),
  ...TEST_STACK_ENV,
  // Where the stack keeps files' bytes, so tests can check that a removal reached them.
  STACK_DATA_DIR: dataDir,
  SUPABASE_URL: running.stack.urls.api,
  SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
  SUPABASE_SECRET_KEY: SECRET_KEY,
  MAILBOX_URL: running.stack.urls.mailbox,
  PAYMENTS_URL: running.stack.urls.payments,
  VITE_SUPABASE_URL: running.stack.urls.api,
  VITE_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
}

const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit', env, shell: process.platform === 'win32' })
const code: number = await new Promise((resolve) => {
  child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)))
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))

await running.stop()
fs.rmSync(dataDir, { recursive: true, force: true })
if (serverUrl) await withFreshDatabase(serverUrl, runId, 'drop')
process.exit(code)
