/**
 * The journeys in WebKit and Firefox (e2e-engines/), run inside scripts/with-stack.ts:
 * `tsx scripts/with-stack.ts -- tsx scripts/e2e-engines.ts [vitest arguments…]`.
 * Builds the app against a cut-off proxy in front of the stack (e2e-engines/harness/cut-off-proxy.ts),
 * serves it on E2E_PORT (the stack's site address, where payments return; a port another run took
 * fails the run instead of testing that run's app), and runs the `engines` vitest project under a virtual X screen of a phone's
 * size (WebKitGTK's MiniBrowser needs a display; Firefox runs headless). Needs Debian's
 * webkit2gtk-driver, firefox-esr and xvfb (.ci/run installs them).
 */
import { spawn } from 'node:child_process'
import { startCutOffProxy } from '../e2e-engines/harness/cut-off-proxy.ts'
import { PHONE } from '../e2e-engines/harness/engine.ts'
import { sql } from '../supabase/local/testing/index.ts'
import { serveProductionBuild } from './serve-production-build.ts'

const stackUrl = process.env.SUPABASE_URL
const appPort = process.env.E2E_PORT
if (!stackUrl || !appPort) {
  console.error('run inside scripts/with-stack.ts: SUPABASE_URL and E2E_PORT are not set')
  process.exit(2)
}

function run(command: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit', env })
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))))
}

const proxy = await startCutOffProxy(stackUrl)
// The browser knows the project by the proxy's address: files uploaded through it are this project's.
await sql(`update "public"."project_settings" set "project_url" = $1`, [proxy.url])
const app = await serveProductionBuild(proxy.url, Number(appPort))

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
  // The SQL the journeys check with goes to the stack itself, so it answers while the proxy is cut.
  {
    ...process.env,
    SUPABASE_URL: proxy.url,
    TEST_SQL_URL: stackUrl,
    ENGINES_PROXY_URL: proxy.url,
    E2E_BASE_URL: app.url,
  },
)
await app.close()
await proxy.close()
process.exit(code)
