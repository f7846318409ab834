/**
 * One long-lived Deno process per edge function, started on its first request. Its stdout and
 * stderr go to the stack's log; if it exits (crash, `Deno.exit`), the next request starts a new one,
 * and so does a request after the function's code (its folder, `_shared/`, deno.json, the app's
 * `functionSources`) changed.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { PROJECT_ROOT } from '../config.ts'

const READY_MARKER = '__stack_function_ready__'
const START_TIMEOUT_MS = 60_000
const STOP_GRACE_MS = 2_000

export const DENO_BINARY = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'deno')
const RUNNER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'deno-runner.ts')

export interface FunctionProcessOptions {
  name: string
  /** The project's supabase/functions: its deno.json, `_shared/` and `.env`. */
  functionsDir: string
  /** The folder holding `<name>/index.ts`: functionsDir, or the stack's own local-only functions. */
  entryDir: string
  /** Folders outside functionsDir the function imports. */
  sources: string[]
  env: () => Record<string, string>
  log: (message: string) => void
}

/** A function's own deno.json wins over the shared supabase/functions/deno.json, as in the CLI. */
function denoConfig(functionsDir: string, name: string): string[] {
  for (const candidate of [path.join(functionsDir, name, 'deno.json'), path.join(functionsDir, 'deno.json')]) {
    if (fs.existsSync(candidate)) return [`--config=${candidate}`]
  }
  return []
}

/** Only what Deno itself needs from the stack's environment; never the stack's own secrets. */
function denoProcessEnv(): Record<string, string> {
  const env: Record<string, string> = { DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' }
  for (const name of ['PATH', 'HOME', 'DENO_DIR', 'TMPDIR', 'TZ', 'LANG']) {
    const value = process.env[name]
    if (value) env[name] = value
  }
  return env
}

function newestChange(target: string): number {
  let stat: fs.Stats
  try {
    stat = fs.statSync(target)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  return fs
    .readdirSync(target)
    .filter((entry) => entry !== 'node_modules' && !entry.startsWith('.'))
    .reduce((newest, entry) => Math.max(newest, newestChange(path.join(target, entry))), stat.mtimeMs)
}

/** Changes whenever a file the function is built from changes (a few stats; cheap per request). */
function sourceStamp(options: FunctionProcessOptions): number {
  const { functionsDir, entryDir, name, sources } = options
  const own = ['_shared', 'deno.json', '.env'].map((entry) => path.join(functionsDir, entry))
  return Math.max(...[path.join(entryDir, name), ...own, ...sources].map(newestChange))
}

function forwardLines(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let buffered = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk: string) => {
    buffered += chunk
    const lines = buffered.split('\n')
    buffered = lines.pop() ?? ''
    for (const line of lines) onLine(line)
  })
  stream.on('end', () => {
    if (buffered) onLine(buffered)
  })
}

export class FunctionProcess {
  private child?: ChildProcess
  private ready?: Promise<number>
  private startedFromStamp = 0
  /** Milliseconds from spawn to listening, of the latest start. */
  coldStartMs?: number

  constructor(private readonly options: FunctionProcessOptions) {}

  /** The port the function listens on, (re)starting its process if none is running or its code changed. */
  async port(): Promise<number> {
    const stamp = sourceStamp(this.options)
    if (this.ready && stamp !== this.startedFromStamp) {
      this.options.log(`function ${this.options.name} changed; restarting it`)
      await this.stop()
    }
    if (!this.ready) {
      this.startedFromStamp = stamp
      this.ready = this.start().catch((error: unknown) => {
        this.ready = undefined
        throw error
      })
    }
    return this.ready
  }

  private start(): Promise<number> {
    const { name, functionsDir, entryDir, log } = this.options
    const entry = pathToFileURL(path.join(entryDir, name, 'index.ts')).href
    const args = ['run', '--allow-net', '--allow-env', '--allow-read', '--no-prompt', '--node-modules-dir=manual']
    const startedAt = Date.now()
    const child = spawn(DENO_BINARY, [...args, ...denoConfig(functionsDir, name), RUNNER, entry], {
      cwd: functionsDir,
      env: { ...denoProcessEnv(), ...this.options.env() },
      stdio: ['pipe', 'pipe', 'pipe'], // stdin stays open: its end tells the function to exit
    })
    this.child = child
    return new Promise<number>((resolve, reject) => {
      const recentErrors: string[] = []
      const timer = setTimeout(() => {
        reject(new Error(`function ${name} did not call Deno.serve within ${START_TIMEOUT_MS / 1000} s`))
        child.kill('SIGKILL')
      }, START_TIMEOUT_MS)
      forwardLines(child.stdout!, (line) => {
        const marker = line.startsWith(READY_MARKER) ? Number(line.slice(READY_MARKER.length + 1)) : undefined
        if (marker === undefined) return log(`[fn:${name}] ${line}`)
        clearTimeout(timer)
        this.coldStartMs = Date.now() - startedAt
        log(`function ${name} started in ${this.coldStartMs} ms`)
        resolve(marker)
      })
      forwardLines(child.stderr!, (line) => {
        recentErrors.push(line)
        if (recentErrors.length > 20) recentErrors.shift()
        log(`[fn:${name}] ${line}`)
      })
      child.on('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
      child.on('exit', (code, signal) => {
        clearTimeout(timer)
        if (this.child === child) {
          this.child = undefined
          this.ready = undefined
        }
        log(`function ${name} exited (${signal ?? code})`)
        reject(new Error(`function ${name} exited before serving (${signal ?? code}): ${recentErrors.join('\n')}`))
      })
    })
  }

  async stop(): Promise<void> {
    const child = this.child
    this.child = undefined
    this.ready = undefined
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
    await exited
    clearTimeout(timer)
  }
}
