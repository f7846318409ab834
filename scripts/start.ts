/**
 * `npm start`: the whole product on this machine — the local stack (database, auth, REST,
 * storage, functions, mailbox, payment sandbox) and the SPA's dev server pointed at it.
 * Ctrl-C stops everything.
 */
import { spawn } from 'node:child_process'
import { PUBLISHABLE_KEY, loadStackConfig } from '../supabase/local/config.ts'
import { printStackBanner } from '../supabase/local/app/banner.ts'
import { zochrimApp } from '../supabase/local/app/index.ts'
import { startStack } from '../supabase/local/stack.ts'

const APP_HOST = '127.0.0.1'
const APP_PORT = process.env.APP_PORT ?? '5173'
const appUrl = `http://${APP_HOST}:${APP_PORT}`

const running = await startStack(loadStackConfig({ SITE_URL: appUrl, ...process.env }), zochrimApp)

const vite = spawn('npx', ['vite', '--host', APP_HOST, '--port', APP_PORT, '--strictPort'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, VITE_SUPABASE_URL: running.stack.urls.api, VITE_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY },
})

printStackBanner(running.stack, appUrl)

let stopping = false
async function stop(code: number): Promise<void> {
  if (stopping) return
  stopping = true
  vite.kill('SIGTERM')
  await running.stop()
  process.exit(code)
}

vite.on('exit', (code) => void stop(code ?? 0))
process.once('SIGINT', () => void stop(0))
process.once('SIGTERM', () => void stop(0))
