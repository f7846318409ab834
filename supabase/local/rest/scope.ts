/** One request as the handlers see it, and how its SQL runs: in a transaction, as the caller. */
import { asRequestRole, type RequestContext } from '../db.ts'
import type { Caller } from '../jwt.ts'
import type { Stack } from '../types.ts'
import { RestError } from './errors.ts'
import type { AcceptInfo, Preferences } from './preferences.ts'
import type { SchemaCache } from './schema-types.ts'

export interface RestScope {
  req: Request
  url: URL
  stack: Stack
  caller: Caller
  context: RequestContext
  prefs: Preferences
  accept: AcceptInfo
  cache: SchemaCache
}

/** The row every document statement returns. */
export interface DocumentRow {
  total: number | string | null
  page_count: number | string
  body: string | null
  inserted?: number | string | null
}

export interface Document {
  total: number | null
  pageCount: number
  body: string | null
  inserted: number | null
}

function toNumber(value: number | string | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value)
}

class Rollback {
  constructor(readonly document: Document) {}
}

export interface RunOptions {
  readOnly: boolean
  /** Checked inside the transaction: throwing rolls the statement back. */
  check?: (document: Document) => void
}

/**
 * Runs one document statement as the caller (role, claims, headers set locally), then commits,
 * or rolls back when the check fails or the client asked for `Prefer: tx=rollback`.
 */
export async function runDocument(
  scope: RestScope,
  sql: string,
  values: string[],
  options: RunOptions,
): Promise<Document> {
  try {
    return await asRequestRole(
      scope.stack.db,
      scope.context,
      async (tx) => {
        const { rows } = await tx.query<DocumentRow>(sql, values)
        const row = rows[0]
        if (!row) throw new RestError(500, 'PGRST000', 'The statement returned no row')
        const document = {
          total: toNumber(row.total),
          pageCount: Number(row.page_count),
          body: row.body,
          inserted: toNumber(row.inserted),
        }
        options.check?.(document)
        if (scope.prefs.rollback && !options.readOnly) throw new Rollback(document)
        return document
      },
      { readOnly: options.readOnly },
    )
  } catch (error) {
    if (error instanceof Rollback) return error.document
    throw error
  }
}
