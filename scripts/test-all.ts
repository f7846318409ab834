/**
 * `npm test`: every check and every test, in order: lint, typecheck, knip, `deno check` of the edge
 * functions, unit tests, the schema files against the migrations, production build, integration tests against a fresh local stack (PGlite,
 * and PostgreSQL too when TEST_DATABASE_URL is set; the payment tests once more on a stack whose
 * functions use Stripe instead of PayPlus), the migrations on a database shaped like
 * hosted Supabase and the integration tests again on it (root and PostgreSQL 15 only: skipped with
 * the reason elsewhere, required when CI=true), end-to-end tests in Chromium, then the core journeys
 * in WebKit and Firefox (scripts/e2e-engines.ts). Every step runs even
 * when an earlier one fails, and the run ends with one summary line: `N passed, N failed`.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { hostedCheckUnavailable } from './hosted-check.ts'

const RESULTS = 'test-results'

interface Counts {
  passed: number
  failed: number
  skipped: number
}

interface Step {
  name: string
  command: string[]
  env?: NodeJS.ProcessEnv
  /** Reads the test counts the step wrote; a step without tests counts as one check. */
  counts?: () => Counts
  /** Why the step cannot run on this machine: it is skipped and says so. */
  skip?: string | null
  /**
   * Neighbouring steps with the same label run at the same time, each printing its output when it
   * ends. Only for steps that share nothing and test nothing timed (the static checks): each of
   * them keeps one core busy, and the machine has two.
   */
  together?: string
}

function vitestCounts(file: string): () => Counts {
  return () => {
    const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      numPassedTests: number
      numFailedTests: number
      numPendingTests: number
      numTodoTests: number
    }
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    }
  }
}

function playwrightCounts(file: string): () => Counts {
  return () => {
    const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number }
    }
    const { expected, unexpected, flaky, skipped } = report.stats
    return { passed: expected + flaky, failed: unexpected, skipped }
  }
}

const vitest = (project: string, file: string) => [
  'npx',
  'vitest',
  'run',
  '--project',
  project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${file}`,
]
const withStack = (command: string[]) => ['npx', 'tsx', 'scripts/with-stack.ts', '--', ...command]

const STRIPE_PAYMENT_TESTS = ['create-checkout-session', 'create-memory-book', 'gifts', 'payment-callback-stripe'].map(
  (name) => `tests/integration/functions/${name}.test.ts`,
)

const FUNCTIONS_DIR = 'supabase/functions'
const edgeFunctions = fs
  .readdirSync(FUNCTIONS_DIR, { withFileTypes: true })
  .filter(
    (entry) =>
      entry.isDirectory() &&
      !entry.name.startsWith('_') &&
      fs.existsSync(path.join(FUNCTIONS_DIR, entry.name, 'index.ts')),
  )
  .map((entry) => path.join(FUNCTIONS_DIR, entry.name, 'index.ts'))
  // The local stack's own test function, which uses the project's deno.json and _shared/.
  .concat('supabase/local/functions/local-only/stack-selftest/index.ts')
  // The type test of the functions' database client: names the schema lacks must not compile.
  .concat('supabase/functions/_shared/clients/database.type-test.ts')

// CI must run the hosted-shaped checks; a developer machine without root or PostgreSQL 15 skips them.
const hostedUnavailable = process.env.CI === 'true' ? null : hostedCheckUnavailable()

const steps: Step[] = [
  { name: 'lint', command: ['npx', 'eslint', '.'], together: 'static checks' },
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'], together: 'static checks' },
  {
    name: 'knip (unused files, exports, dependencies)',
    command: ['npx', 'knip', '--no-progress'],
    together: 'static checks',
  },
  {
    // As the local runner does: npm: imports from node_modules, offline.
    name: 'deno check (edge functions)',
    together: 'static checks',
    command: [
      'node_modules/.bin/deno',
      'check',
      '--quiet',
      '--node-modules-dir=manual',
      `--config=${FUNCTIONS_DIR}/deno.json`,
      ...edgeFunctions,
    ],
  },
  { name: 'unit', command: vitest('unit', `${RESULTS}/unit.json`), counts: vitestCounts(`${RESULTS}/unit.json`) },
  {
    // supabase/schemas and supabase/migrations build the same catalogue (two PGlite databases).
    name: 'schema files = migrations',
    command: vitest('schema', `${RESULTS}/schema.json`),
    counts: vitestCounts(`${RESULTS}/schema.json`),
  },
  { name: 'build', command: ['npx', 'vite', 'build'] },
  {
    name: 'integration (PGlite)',
    command: withStack(vitest('integration', `${RESULTS}/integration.json`)),
    counts: vitestCounts(`${RESULTS}/integration.json`),
  },
  {
    // The functions' money paths again with the other provider: the stack and its functions use Stripe.
    name: 'integration (payments through Stripe)',
    command: withStack([...vitest('integration', `${RESULTS}/integration-stripe.json`), ...STRIPE_PAYMENT_TESTS]),
    env: { PAYMENT_PROVIDER: 'stripe' },
    counts: vitestCounts(`${RESULTS}/integration-stripe.json`),
  },
]
if (process.env.TEST_DATABASE_URL) {
  steps.push({
    name: 'integration (PostgreSQL)',
    command: withStack(vitest('integration', `${RESULTS}/integration-postgres.json`)),
    env: { DATABASE_URL: process.env.TEST_DATABASE_URL },
    counts: vitestCounts(`${RESULTS}/integration-postgres.json`),
  })
}
steps.push(
  {
    name: 'hosted-shaped db: check.sh --smoke',
    command: ['npx', 'tsx', 'scripts/hosted-check.ts', 'smoke'],
    skip: hostedUnavailable,
  },
  {
    name: "hosted-shaped db: Supabase's advisor (advisor.sh --allow supabase/advisor-allow.txt)",
    command: ['npx', 'tsx', 'scripts/hosted-check.ts', 'advisor'],
    skip: hostedUnavailable,
  },
  {
    name: 'integration (hosted-shaped)',
    command: [
      'npx',
      'tsx',
      'scripts/hosted-check.ts',
      'integration',
      '--',
      ...vitest('integration', `${RESULTS}/integration-hosted.json`),
    ],
    counts: vitestCounts(`${RESULTS}/integration-hosted.json`),
    skip: hostedUnavailable,
  },
)
steps.push(
  {
    name: 'e2e',
    command: withStack(['npx', 'playwright', 'test']),
    counts: playwrightCounts(`${RESULTS}/e2e-results.json`),
  },
  {
    // The core journeys in Safari's engine (WebKitGTK) and Firefox ESR, which Playwright cannot drive here.
    name: 'e2e (WebKit and Firefox)',
    command: withStack([
      'npx',
      'tsx',
      'scripts/e2e-engines.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${RESULTS}/e2e-engines.json`,
    ]),
    counts: vitestCounts(`${RESULTS}/e2e-engines.json`),
  },
)

fs.mkdirSync(RESULTS, { recursive: true })
const total: Counts = { passed: 0, failed: 0, skipped: 0 }
const lines: string[] = []

interface Outcome {
  ok: boolean
  seconds: string
}

/** Runs a step; a step run beside others keeps its output until it ends, then prints it at once. */
function runStep(step: Step, alone: boolean): Promise<Outcome> {
  if (alone) console.log(`\n━━━ ${step.name}: ${step.command.join(' ')}`)
  const started = Date.now()
  const child = spawn(step.command[0]!, step.command.slice(1), {
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...step.env },
  })
  const output: Buffer[] = []
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
  return new Promise((resolve) => {
    const finish = (ok: boolean) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0)
      if (!alone) {
        console.log(`\n━━━ ${step.name} (run beside others, ${seconds} s): ${step.command.join(' ')}`)
        process.stdout.write(Buffer.concat(output))
      }
      resolve({ ok, seconds })
    }
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`))
      finish(false)
    })
    child.on('close', (code) => finish(code === 0))
  })
}

function record(step: Step, { ok, seconds }: Outcome): void {
  let counts: Counts = ok ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 }
  if (step.counts) {
    try {
      counts = step.counts()
      if (!ok && counts.failed === 0) counts.failed = 1 // the runner failed outside any test
    } catch {
      // the runner died before writing its report; the step's exit status stands
    }
  }
  total.passed += counts.passed
  total.failed += counts.failed
  total.skipped += counts.skipped
  lines.push(
    `${ok ? 'ok  ' : 'FAIL'} ${step.name.padEnd(34)} ${counts.passed} passed, ${counts.failed} failed (${seconds} s)`,
  )
}

/** The steps in order, neighbours with the same `together` label in one batch. */
function batches(all: Step[]): Step[][] {
  const result: Step[][] = []
  for (const step of all) {
    const last = result.at(-1)
    if (step.together && last?.[0]?.together === step.together) last.push(step)
    else result.push([step])
  }
  return result
}

const runStarted = Date.now()
for (const batch of batches(steps)) {
  const runnable = batch.filter((step) => {
    if (!step.skip) return true
    console.log(`\n━━━ ${step.name}: skipped (${step.skip})`)
    total.skipped += 1
    lines.push(`skip ${step.name.padEnd(34)} ${step.skip}`)
    return false
  })
  const started = Date.now()
  const outcomes = await Promise.all(runnable.map((step) => runStep(step, runnable.length === 1)))
  runnable.forEach((step, index) => record(step, outcomes[index]!))
  if (runnable.length > 1) {
    lines.push(
      `     ${`(${runnable[0]!.together}, side by side)`.padEnd(34)} ${((Date.now() - started) / 1000).toFixed(0)} s`,
    )
  }
}
lines.push(`     ${'(whole run)'.padEnd(34)} ${((Date.now() - runStarted) / 1000).toFixed(0)} s`)

console.log(`\n━━━ summary\n${lines.join('\n')}`)
fs.writeFileSync(path.join(RESULTS, 'summary.txt'), `${lines.join('\n')}\n`)
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
process.exit(total.failed > 0 ? 1 : 0)
