/**
 * The PGlite database, driven from the gateway's thread but run in a worker thread
 * (pglite-worker.mjs), so that no statement can stop the gateway from answering. A statement that
 * outlives its deadline is cancelled the only way WASM allows: the worker is terminated, the
 * database reopened from its data directory (PostgreSQL's crash recovery undoes the unfinished
 * transaction) and the statement fails with SQLSTATE 57014, as `statement_timeout` does on
 * PostgreSQL. A worker that dies for any other reason is replaced the same way.
 */
import { Worker } from 'node:worker_threads'
import type { SqlResult } from './queryable.ts'

interface Pending {
  resolve(value: unknown): void
  reject(error: Error): void
  timer?: NodeJS.Timeout
}

interface WorkerReply {
  id?: number
  ready?: boolean
  result?: SqlResult<unknown>
  error?: Record<string, unknown> & { message: string }
}

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url)

/** Errors from the engine keep PostgreSQL's fields (code, detail, hint …) so callers map them as before. */
function engineError(fields: Record<string, unknown> & { message: string }): Error {
  return Object.assign(new Error(fields.message), fields)
}

function statementTimeoutError(): Error {
  return Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014', severity: 'ERROR' })
}

/** SQLSTATE class 08 (connection/protocol) means the backend's protocol state can no longer be trusted. */
const UNTRUSTED_STATE = /^08/

export class PgliteThread {
  private worker!: Worker
  private ready!: Promise<void>
  private nextId = 1
  private readonly pending = new Map<number, Pending>()
  private closed = false
  private readonly retired = new WeakSet<Worker>()
  /** How many times the engine was restarted (timeouts, crashes). */
  restarts = 0

  constructor(private readonly dataDir: string) {
    this.spawn()
  }

  private spawn(): void {
    const worker = new Worker(WORKER_URL, { workerData: { dataDir: this.dataDir } })
    this.worker = worker
    this.ready = new Promise<void>((resolve, reject) => {
      const onFirst = (message: WorkerReply) => {
        worker.off('message', onFirst)
        if (message.ready) resolve()
        else reject(engineError(message.error ?? { message: 'PGlite did not start' }))
      }
      worker.on('message', onFirst)
      worker.once('exit', () => reject(new Error('PGlite worker exited while starting')))
    })
    this.ready.catch(() => undefined)
    worker.on('message', (message: WorkerReply) => this.settle(message))
    worker.on('error', (error) => console.error('[stack] PGlite worker error', error))
    worker.on('exit', () => {
      if (this.retired.has(worker)) return
      this.failAll(new Error('the database engine stopped; it is being restarted'))
      if (!this.closed) this.restart()
    })
  }

  private settle(message: WorkerReply): void {
    if (message.id === undefined) return
    const pending = this.pending.get(message.id)
    if (!pending) return
    this.pending.delete(message.id)
    clearTimeout(pending.timer)
    if (message.error) {
      const error = engineError(message.error)
      pending.reject(error)
      if (typeof message.error.code === 'string' && UNTRUSTED_STATE.test(message.error.code)) this.restart()
    } else {
      pending.resolve(message.result)
    }
  }

  private failAll(error: Error): void {
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer)
      pending.reject(error)
      this.pending.delete(id)
    }
  }

  /** The old engine is gone before the new one opens the same data directory. */
  private restart(): void {
    this.restarts += 1
    const old = this.worker
    this.retired.add(old)
    this.ready = old.terminate().then(() => {
      this.spawn()
      return this.ready
    })
    this.ready.catch(() => undefined)
  }

  async start(): Promise<void> {
    await this.ready
  }

  /** Runs one operation; past `timeoutMs` the engine is restarted and the call fails with 57014. */
  async call<T>(op: 'query' | 'exec' | 'close', sql = '', params?: unknown[], timeoutMs?: number): Promise<T> {
    await this.ready
    const id = this.nextId++
    return new Promise<T>((resolve, reject) => {
      const pending: Pending = { resolve: resolve as (value: unknown) => void, reject }
      if (timeoutMs && timeoutMs > 0) {
        pending.timer = setTimeout(() => {
          this.pending.delete(id)
          reject(statementTimeoutError())
          this.failAll(statementTimeoutError())
          this.restart()
        }, timeoutMs)
      }
      this.pending.set(id, pending)
      this.worker.postMessage({ id, op, sql, params })
    })
  }

  async close(): Promise<void> {
    this.closed = true
    try {
      await this.call('close', '', undefined, 30_000)
    } finally {
      this.retired.add(this.worker)
      await this.worker.terminate()
    }
  }
}
