/**
 * One database interface over PGlite (embedded, default) and a real PostgreSQL server
 * (node-postgres, when DATABASE_URL is set). Every service of the stack goes through it.
 *
 * PGlite has a single connection, so every query and transaction is serialised through one
 * queue: a request's `set local role` and claims can never be seen by another request. The queue
 * takes turns between clients (FairQueue), and a request that gets no turn in time is refused.
 */
import fs from 'node:fs'
import pg from 'pg'
import { EngineWaitTimeout, FairQueue, STACK_LANE } from './fair-queue.ts'
import { PgliteThread } from './pglite-thread.ts'
import type { Queryable, SqlResult } from './queryable.ts'
import { durationSettingMs, FALLBACK_STATEMENT_TIMEOUT, roleStatementTimeout } from './role-settings.ts'

export type { Queryable, SqlField, SqlResult } from './queryable.ts'
export { EngineWaitTimeout } from './fair-queue.ts'

export interface TransactionOptions {
  readOnly?: boolean
  /** Each statement's deadline (PGlite cannot cancel by itself; PostgreSQL uses `statement_timeout`). */
  statementTimeoutMs?: number
  /** Whose work this is on PGlite's one connection (see FairQueue): a client's address or the stack. */
  lane?: string
  /** Longest wait for a connection; past it the transaction fails with EngineWaitTimeout. */
  waitLimitMs?: number
}

/**
 * How long a request waits for the database before it is answered 504 (PostgREST's
 * db-pool-acquisition-timeout, 10 s by default): on PGlite the wait for its one connection, on
 * PostgreSQL for a pooled one.
 */
const REQUEST_WAIT_LIMIT_MS = 10_000

/** A single query outside a request's transaction may not hold the PGlite engine longer than this. */
const DEFAULT_QUERY_TIMEOUT_MS = 30_000

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  transaction<T>(work: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>
  close(): Promise<void>
}

class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const
  private readonly queue = new FairQueue()

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
    const turn = { lane: options.lane, waitLimitMs: options.waitLimitMs }
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
    }, turn)
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
    const client = await this.connect()
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

  /** A pooled connection; none free within the pool's connection timeout is EngineWaitTimeout. */
  private async connect(): Promise<pg.PoolClient> {
    const asked = Date.now()
    try {
      return await this.pool.connect()
    } catch (error) {
      if (error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message)) {
        throw new EngineWaitTimeout(Date.now() - asked)
      }
      throw error
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
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: REQUEST_WAIT_LIMIT_MS,
    })
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

/** The first four groups of an IPv6 address (its /64), written out without `::`. */
function ipv6Prefix64(address: string): string {
  const [head = '', tail] = address.toLowerCase().split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const zeros =
    tail === undefined ? [] : Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0')
  return [...headGroups, ...zeros, ...tailGroups]
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')
}

/**
 * The lane a request's work waits in: the stack's own for the secret key (the functions), else
 * the client's address as the gateway saw it, an IPv6 address by its /64 (one household's block).
 */
export function requestLane(context: RequestContext): string {
  if (context.role === 'service_role') return STACK_LANE
  const address = (context.headers['cf-connecting-ip'] || context.headers['x-real-ip'] || '').trim()
  return address.includes(':') ? `client:${ipv6Prefix64(address)}::/64` : `client:${address}`
}

/**
 * Runs `work` in one transaction as the caller's role, with the role's settings, as PostgREST does:
 * in the caller's lane, refused with EngineWaitTimeout after REQUEST_WAIT_LIMIT_MS without a turn.
 */
export async function asRequestRole<T>(
  db: Database,
  context: RequestContext,
  work: (tx: Queryable) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const turn = { lane: requestLane(context), waitLimitMs: REQUEST_WAIT_LIMIT_MS }
  // The role's setting is read (when not cached) in the request's own turn, under the same wait limit.
  const reader: Queryable = {
    query: (sql, params) => db.transaction((tx) => tx.query(sql, params), turn),
    exec: (sql) => db.transaction((tx) => tx.exec(sql), turn),
  }
  const statementTimeout = await roleStatementTimeout(db, context.role, reader)
  const statementTimeoutMs = durationSettingMs(statementTimeout) || undefined
  return db.transaction(
    async (tx) => {
      await applyRequestContext(tx, context, statementTimeout)
      return work(tx)
    },
    { statementTimeoutMs, ...turn, ...options },
  )
}
