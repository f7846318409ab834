/**
 * Cold and warm start of the local stack, in seconds: cold = empty data folder (bootstrap,
 * migrations, seed, demo photos), warm = the same folder again. Not a test; prints figures.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadStackConfig } from '../supabase/local/config.ts'
import { zochrimApp } from '../supabase/local/app/index.ts'
import { startStack } from '../supabase/local/stack.ts'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zochrim-startup-'))
const config = loadStackConfig({
  ...process.env,
  STACK_DATA_DIR: dataDir,
  STACK_PORT: '59321',
  MAILBOX_PORT: '59324',
  PAYMENTS_PORT: '59326',
  STACK_QUIET: 'true',
})

async function timedStart(label: string): Promise<void> {
  const started = performance.now()
  const running = await startStack(config, zochrimApp)
  const health = await fetch(`${running.stack.urls.api}/health`)
  const seconds = (performance.now() - started) / 1000
  console.log(`${label.padEnd(5)} start: ${seconds.toFixed(1)} s (health ${health.status})`)
  await running.stop()
}

await timedStart('cold')
await timedStart('warm')
fs.rmSync(dataDir, { recursive: true, force: true })
