/** Status codes, Content-Range and bodies of PostgREST responses. */
import { jsonArrayToCsv } from './csv.ts'
import { RestError } from './errors.ts'
import type { Document, RestScope } from './scope.ts'

const JSON_TYPE = 'application/json; charset=utf-8'
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8'
const CSV_TYPE = 'text/csv; charset=utf-8'

function singularError(rows: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
    null,
  )
}

/** For `.single()`: throws inside the transaction so a mutation is rolled back. */
export function requireSingle(document: Document): void {
  if (document.pageCount !== 1) throw singularError(document.pageCount)
}

function baseHeaders(scope: RestScope, contentRange: string): Headers {
  const headers = new Headers({
    'content-type': scope.accept.media === 'object' ? OBJECT_TYPE : scope.accept.media === 'csv' ? CSV_TYPE : JSON_TYPE,
    'content-range': contentRange,
  })
  if (scope.prefs.applied.length) headers.set('preference-applied', scope.prefs.applied.join(', '))
  return headers
}

function totalText(document: Document): string {
  return document.total === null ? '*' : String(document.total)
}

function pageRange(offset: number, document: Document): string {
  const range = document.pageCount > 0 ? `${offset}-${offset + document.pageCount - 1}` : '*'
  return `${range}/${totalText(document)}`
}

/** A read (table, view or set-returning function): 200, 206 partial page, 416 past the end. */
export function readResponse(scope: RestScope, document: Document, offset: number): Response {
  const { total, pageCount } = document
  if (total !== null && offset > 0 && offset > total) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
      null,
      { 'content-range': `*/${total}` },
    )
  }
  const status = total !== null && pageCount < total ? 206 : 200
  const body = scope.accept.media === 'csv' && document.body ? jsonArrayToCsv(document.body) : document.body
  return new Response(body ?? '', { status, headers: baseHeaders(scope, pageRange(offset, document)) })
}

export type MutationKind = 'insert' | 'update' | 'delete'

/** Writes: 201/200/204 with or without the representation. */
export function mutationResponse(
  scope: RestScope,
  kind: MutationKind,
  document: Document,
  representation: boolean,
): Response {
  const range =
    kind === 'update' && document.pageCount > 0
      ? `0-${document.pageCount - 1}/${totalText(document)}`
      : `*/${totalText(document)}`
  const headers = baseHeaders(scope, range)
  let status: number
  if (kind === 'insert') {
    const onlyUpdated =
      scope.prefs.resolution === 'merge-duplicates' && document.inserted === 0 && document.pageCount > 0
    status = onlyUpdated ? 200 : 201
  } else {
    status = representation ? 200 : 204
  }
  if (!representation) {
    headers.delete('content-type')
    return new Response(null, { status, headers })
  }
  return new Response(document.body ?? '', { status, headers })
}
