/**
 * Deploys the edge functions to a hosted project and checks that each one starts:
 *
 *   npx tsx scripts/deploy-functions.ts --project-ref <ref>      deploy, then check
 *   npx tsx scripts/deploy-functions.ts --check <project URL>    check only
 *
 * The deploy runs the Supabase CLI version supabase/config.toml is tested against, with the
 * functions config.toml names (never the local stack's own test function), bundled by Docker: that
 * bundler binds what the functions import beside supabase/functions (contracts/, shared/) into its
 * container. Without a running Docker the CLI would only print a warning and bundle on the server
 * instead, so this refuses to start without one. The check sends each function a CORS preflight: a
 * function answers it only once its whole module graph has loaded, so a file left out of a bundle
 * shows as a function that does not answer (hosted: 5xx, worker boot error).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'smol-toml'

const ROOT = path.resolve(import.meta.dirname, '..')
const CLI_VERSION = (
  JSON.parse(
    fs.readFileSync(path.join(ROOT, 'supabase', 'tests', 'fixtures', 'supabase-cli-config-keys.json'), 'utf8'),
  ) as { cli_version: string }
).cli_version.replace(/^v/, '')

function functionNames(): string[] {
  const config = parse(fs.readFileSync(path.join(ROOT, 'supabase', 'config.toml'), 'utf8'))
  return Object.keys((config.functions ?? {}) as object).sort()
}

function dockerIsRunning(): boolean {
  try {
    execFileSync('docker', ['info', '--format', '{{.ServerVersion}}'], { stdio: 'pipe', timeout: 20_000 })
    return true
  } catch {
    return false
  }
}

function deploy(projectRef: string, names: string[]): void {
  if (!dockerIsRunning()) {
    console.error(
      'Docker is not running (`docker info` failed). Start Docker and run this again: without it the ' +
        'Supabase CLI falls back to bundling on the server with only a warning.',
    )
    process.exit(1)
  }
  const args = ['--yes', `supabase@${CLI_VERSION}`, 'functions', 'deploy', ...names]
  args.push('--project-ref', projectRef, '--use-docker')
  console.log(`npx ${args.join(' ')}`)
  const result = spawnSync('npx', args, { cwd: ROOT, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

/** Each function's answer to a browser's CORS preflight: the status, or the network error. */
async function preflight(projectUrl: string, name: string): Promise<{ ok: boolean; answer: string }> {
  try {
    const response = await fetch(`${projectUrl.replace(/\/+$/, '')}/functions/v1/${name}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://deploy-check.invalid',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, apikey, content-type, x-client-info',
      },
      signal: AbortSignal.timeout(30_000),
    })
    await response.body?.cancel()
    const cors = response.headers.has('access-control-allow-origin')
    return { ok: response.ok && cors, answer: `${response.status}${cors ? '' : ' without CORS headers'}` }
  } catch (error) {
    return { ok: false, answer: error instanceof Error ? error.message : String(error) }
  }
}

async function check(projectUrl: string, names: string[]): Promise<void> {
  const answers = await Promise.all(names.map(async (name) => ({ name, ...(await preflight(projectUrl, name)) })))
  for (const { name, ok, answer } of answers) console.log(`${ok ? 'ok  ' : 'FAIL'}  ${name.padEnd(26)} ${answer}`)
  const failed = answers.filter((answer) => !answer.ok)
  console.log(
    failed.length === 0
      ? `${names.length} functions answer at ${projectUrl}`
      : `${failed.length} of ${names.length} functions do not answer: see their logs (Edge Functions → the function → Logs)`,
  )
  if (failed.length > 0) process.exit(1)
}

const [mode, target] = process.argv.slice(2)
const names = functionNames()
if (mode === '--project-ref' && target && /^[a-z]{20}$/.test(target)) {
  deploy(target, names)
  await check(`https://${target}.supabase.co`, names)
} else if (mode === '--check' && target) {
  await check(target, names)
} else {
  console.error('usage: tsx scripts/deploy-functions.ts --project-ref <20-letter ref> | --check <project URL>')
  process.exit(2)
}
