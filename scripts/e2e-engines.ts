/**
 * The journeys in WebKit and Firefox (e2e-engines/), run inside scripts/with-stack.ts:
 * `tsx scripts/with-stack.ts -- tsx scripts/e2e-engines.ts [vitest arguments…]`.
 * Builds the app against a cut-off proxy in front of the stack (e2e-engines/harness/cut-off-proxy.ts),
 * serves it on E2E_PORT, and runs the `engines` vitest project under a virtual X screen of a phone's
 * size (WebKitGTK's MiniBrowser needs a display; Firefox runs headless). Needs Debian's
 * webkit2gtk-driver, firefox-esr and xvfb (.ci/run installs them).
 */
import { spawn } from 'node:child_process'
import { startCutOffProxy } from '../e2e-engines/harness/cut-off-proxy.ts'
import { PHONE, waitUntil } from '../e2e-engines/harness/engine.ts'
import { sql } from '../supabase/local/testing/index.ts'

const stackUrl = process.env.SUPABASE_URL
const appPort = process.env.E2E_PORT
if (!stackUrl || !appPort) {
  console.error('run inside scripts/with-stack.ts: SUPABASE_URL and E2E_PORT are not set')
  process.exit(2)
}
const baseUrl = `http://127.0.0.1:${appPort}`
const buildDir = `test-results/engines-app-${appPort}`

function run(command: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit', env })
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))))
}

const proxy = await startCutOffProxy(stackUrl)
// The browser knows the project by the proxy's address: files uploaded through it are this project's.
await sql(`update "public"."project_settings" set "project_url" = $1`, [proxy.url])
const appEnv = { ...process.env, VITE_SUPABASE_URL: proxy.url }
const built = await run(['npx', 'vite', 'build', '--logLevel', 'warn', '--emptyOutDir', '--outDir', buildDir], appEnv)
if (built !== 0) process.exit(built)
const preview = spawn(
  'npx',
  ['vite', 'preview', '--outDir', buildDir, '--host', '127.0.0.1', '--port', appPort, '--strictPort'],
  { stdio: 'ignore', env: appEnv, detached: true },
)
await waitUntil('the app to be served', async () => (await fetch(baseUrl).catch(() => null))?.ok, 60_000)

const code = await run(
  [
    'xvfb-run',
    '--auto-servernum',
    `--server-args=-screen 0 ${PHONE.width}x${PHONE.height}x24`,
    'npx',
    'vitest',
    'run',
    '--project',
    'engines',
    ...process.argv.slice(2),
  ],
  // The test kit's calls and the photos it seeds go through the proxy too: the app's
  // Content-Security-Policy admits only the API origin it was built with.
  { ...process.env, SUPABASE_URL: proxy.url, ENGINES_PROXY_URL: proxy.url, E2E_BASE_URL: baseUrl },
)
if (preview.pid) process.kill(-preview.pid)
await proxy.close()
process.exit(code)
