/**
 * The checks against a database shaped like hosted Supabase, built by `check.sh` in
 * HOSTED_SUPABASE_DIR (its default is CHECK_SCRIPT's below): needs root and PostgreSQL 15.
 *
 *   tsx scripts/hosted-check.ts smoke                        every migration and the seed apply; every
 *                                                            table is reachable through the Data API
 *   tsx scripts/hosted-check.ts integration -- <command…>    <command> under with-stack on a database
 *                                                            built by check.sh --keep, stopped afterwards
 *   tsx scripts/hosted-check.ts advisor                      Supabase's advisor lints (advisor.sh): no
 *                                                            WARN outside supabase/advisor-allow.txt
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { PROJECT_ROOT } from '../supabase/local/config.ts'
import { advisorAllowProblems, ADVISOR_ALLOW_FILE } from '../supabase/advisor-allow.ts'

const POSTGRES_15 = '/usr/lib/postgresql/15/bin/initdb'

export const CHECK_SCRIPT = path.resolve(
  PROJECT_ROOT,
  process.env.HOSTED_SUPABASE_DIR ?? path.join('..', 'shared', 'hosted-supabase'),
  'check.sh',
)

/** Why the hosted-shaped checks cannot run on this machine, or null when they can. */
export function hostedCheckUnavailable(): string | null {
  if (!fs.existsSync(CHECK_SCRIPT)) return `${CHECK_SCRIPT} not found (set HOSTED_SUPABASE_DIR)`
  if (process.getuid?.() !== 0) return 'check.sh needs root'
  if (!fs.existsSync(POSTGRES_15)) return 'PostgreSQL 15 is not installed (apt-get install -y postgresql-15)'
  return null
}

function advisor(): number {
  const problems = advisorAllowProblems(fs.readFileSync(ADVISOR_ALLOW_FILE, 'utf8'))
  if (problems.length) {
    console.error(`[hosted-check] ${path.relative(PROJECT_ROOT, ADVISOR_ALLOW_FILE)}:\n  ${problems.join('\n  ')}`)
    return 1
  }
  const script = path.join(path.dirname(CHECK_SCRIPT), 'advisor.sh')
  return spawnSync(script, ['--allow', ADVISOR_ALLOW_FILE], { cwd: PROJECT_ROOT, stdio: 'inherit' }).status ?? 1
}

function checkSh(args: string[], capture = false) {
  return spawnSync(CHECK_SCRIPT, args, {
    cwd: PROJECT_ROOT,
    stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
  })
}

function integration(command: string[]): number {
  const kept = checkSh(['--keep'], true)
  process.stdout.write(kept.stdout ?? '')
  const url = /^DATABASE_URL=(\S+)/m.exec(kept.stdout ?? '')?.[1]
  const dir = /--stop (\S+)/m.exec(kept.stdout ?? '')?.[1]
  try {
    if (kept.status !== 0 || !url) {
      console.error(`[hosted-check] check.sh --keep failed (exit ${kept.status})`)
      return 1
    }
    // The hosted CLI's login role works as postgres after SET ROLE postgres.
    const databaseUrl = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent('-c role=postgres')}`
    const run = spawnSync('npx', ['tsx', 'scripts/with-stack.ts', '--', ...command], {
      cwd: PROJECT_ROOT,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: databaseUrl },
    })
    return run.status ?? 1
  } finally {
    if (dir) checkSh(['--stop', dir])
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)
if (isMain) {
  const [mode, ...rest] = process.argv.slice(2)
  const reason = hostedCheckUnavailable()
  if (reason) {
    console.error(`[hosted-check] cannot run: ${reason}`)
    process.exit(2)
  }
  if (mode === 'smoke') process.exit(checkSh(['--smoke']).status ?? 1)
  if (mode === 'advisor') process.exit(advisor())
  if (mode === 'integration') {
    const separator = rest.indexOf('--')
    process.exit(integration(separator >= 0 ? rest.slice(separator + 1) : rest))
  }
  console.error('usage: tsx scripts/hosted-check.ts smoke | advisor | integration -- <command…>')
  process.exit(2)
}
