/**
 * One database interface over PGlite (embedded, default) and a real PostgreSQL server
 * (node-postgres, when DATABASE_URL is set). Every service of the stack goes through it.
 *
 * PGlite has a single connection, so every query and transaction is serialised through one
 * queue: a request's `set local role` and claims can never be seen by another request.
 */
import fs from 'node:fs'
import pg from 'pg'
import { PgliteThread } from './pglite-thread.ts'
import type { Queryable, SqlResult } from './queryable.ts'
import { durationSettingMs, FALLBACK_STATEMENT_TIMEOUT, roleStatementTimeout } from './role-settings.ts'

export type { Queryable, SqlField, SqlResult } from './queryable.ts'

export interface TransactionOptions {
  readOnly?: boolean
  /** Each statement's deadline (PGlite cannot cancel by itself; PostgreSQL uses `statement_timeout`). */
  statementTimeoutMs?: number
}

/** A single query outside a request's transaction may not hold the PGlite engine longer than this. */
const DEFAULT_QUERY_TIMEOUT_MS = 30_000

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  transaction<T>(work: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>
  close(): Promise<void>
}

/** A promise chain that runs one task at a time, in arrival order. */
class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve()

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task)
    this.tail = result.catch(() => undefined)
    return result
  }
}

class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const
  private readonly queue = new SerialQueue()

  constructor(private readonly engine: PgliteThread) {}

  private rawQuery<T>(sql: string, params?: unknown[], timeoutMs = DEFAULT_QUERY_TIMEOUT_MS): Promise<SqlResult<T>> {
    return this.engine.call<SqlResult<T>>('query', sql, params, timeoutMs)
  }

  private rawExec(sql: string, timeoutMs?: number): Promise<void> {
    return this.engine.call<void>('exec', sql, undefined, timeoutMs)
  }

  query<T>(sql: string, params?: unknown[]): Promise<SqlResult<T>> {
    return this.queue.run(() => this.rawQuery<T>(sql, params))
  }

  exec(sql: string): Promise<void> {
    return this.queue.run(() => this.rawExec(sql))
  }

  transaction<T>(work: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    return this.queue.run(async () => {
      const deadline = options.statementTimeoutMs || undefined
      const tx: Queryable = {
        query: (sql, params) => this.rawQuery(sql, params, deadline ?? DEFAULT_QUERY_TIMEOUT_MS),
        exec: (sql) => this.rawExec(sql, deadline),
      }
      await this.rawExec(options.readOnly ? 'begin read only' : 'begin')
      try {
        const value = await work(tx)
        await this.rawExec('commit')
        return value
      } catch (error) {
        await this.rawExec('rollback').catch(() => undefined)
        throw error
      }
    })
  }

  async close(): Promise<void> {
    await this.queue.run(() => this.engine.close())
  }
}

function pgResult<T>(result: pg.QueryResult): SqlResult<T> {
  return {
    rows: result.rows as T[],
    rowCount: result.rowCount ?? result.rows.length,
    fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  }
}

class PostgresDatabase implements Database {
  readonly kind = 'postgres' as const

  constructor(private readonly pool: pg.Pool) {}

  async query<T>(sql: string, params?: unknown[]): Promise<SqlResult<T>> {
    return pgResult<T>(await this.pool.query(sql, params))
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql)
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const client = await this.pool.connect()
    const tx: Queryable = {
      query: async (sql, params) => pgResult(await client.query(sql, params)),
      exec: async (sql) => {
        await client.query(sql)
      },
    }
    try {
      await client.query(options.readOnly ? 'begin read only' : 'begin')
      const value = await work(tx)
      await client.query('commit')
      return value
    } catch (error) {
      await client.query('rollback').catch(() => undefined)
      throw error
    } finally {
      client.release()
    }
  }

  async close(): Promise<void> {
    await this.pool.end()
  }
}

/** Both drivers hand back JSON, timestamps and numbers the same way. */
function alignPgTypeParsers(): void {
  const { types } = pg
  types.setTypeParser(types.builtins.INT8, (v) => Number(v))
  types.setTypeParser(types.builtins.NUMERIC, (v) => Number(v))
}

export async function openDatabase(options: { dataDir: string; databaseUrl?: string }): Promise<Database> {
  if (options.databaseUrl) {
    alignPgTypeParsers()
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    await pool.query('select 1')
    return new PostgresDatabase(pool)
  }
  fs.mkdirSync(options.dataDir, { recursive: true })
  const engine = new PgliteThread(options.dataDir)
  await engine.start()
  return new PgliteDatabase(engine)
}

export type RequestRole = 'anon' | 'authenticated' | 'service_role'

export interface RequestContext {
  role: RequestRole
  /** The verified JWT claims (role included), or `{ role: 'anon' }`. */
  claims: Record<string, unknown>
  method: string
  path: string
  /** Request headers with lower-cased names. */
  headers: Record<string, string>
}

/**
 * What PostgREST does at the start of every request's transaction: switch to the JWT's role and
 * expose the claims and headers to SQL (`auth.uid()`, `auth.jwt()`, policies). Everything is
 * `set local`, so it ends with the transaction.
 */
export async function applyRequestContext(
  tx: Queryable,
  context: RequestContext,
  statementTimeout = FALLBACK_STATEMENT_TIMEOUT[context.role],
): Promise<void> {
  const claims: Record<string, unknown> = { ...context.claims, role: context.role }
  await tx.query(
    `select set_config('search_path', 'public, extensions', true),
            set_config('request.jwt.claims', $1, true),
            set_config('request.jwt.claim.sub', $2, true),
            set_config('request.jwt.claim.role', $3, true),
            set_config('request.jwt.claim.email', $4, true),
            set_config('request.method', $5, true),
            set_config('request.path', $6, true),
            set_config('request.headers', $7, true),
            set_config('statement_timeout', $8, true),
            set_config('role', $3, true)`,
    [
      JSON.stringify(claims),
      typeof claims.sub === 'string' ? claims.sub : '',
      context.role,
      typeof claims.email === 'string' ? claims.email : '',
      context.method,
      context.path,
      JSON.stringify(context.headers),
      statementTimeout,
    ],
  )
}

/** Runs `work` in one transaction as the caller's role, with the role's settings, as PostgREST does. */
export async function asRequestRole<T>(
  db: Database,
  context: RequestContext,
  work: (tx: Queryable) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const statementTimeout = await roleStatementTimeout(db, context.role)
  const statementTimeoutMs = durationSettingMs(statementTimeout) || undefined
  return db.transaction(
    async (tx) => {
      await applyRequestContext(tx, context, statementTimeout)
      return work(tx)
    },
    { statementTimeoutMs, ...options },
  )
}
