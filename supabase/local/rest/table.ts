/** `/rest/v1/<table>`: GET/HEAD reads, POST inserts and upserts, PATCH updates, DELETE deletes. */
import { RestError } from './errors.ts'
import { parseQuery, type NodeModifiers, type ParsedQuery } from './parse/query.ts'
import { capRows } from './max-rows.ts'
import { parseRangeHeader } from './preferences.ts'
import { mutationResponse, readResponse, requireSingle, type MutationKind } from './response.ts'
import { EXPOSED_SCHEMA, type Relation } from './schema-types.ts'
import { runDocument, type RestScope } from './scope.ts'
import { conditionSql, treeSql } from './sql/conditions.ts'
import { ident, Params, qualified } from './sql/params.ts'
import { documentSql, ReadBuilder, relationSource, type ReadSource } from './sql/read.ts'

export function findRelation(scope: RestScope, name: string): Relation {
  const relation = scope.cache.relations.get(name)
  if (!relation) {
    throw new RestError(
      404,
      'PGRST205',
      `Could not find the table '${EXPOSED_SCHEMA}.${name}' in the schema cache`,
      null,
      null,
    )
  }
  return relation
}

/** Applies the Range header on top of limit/offset (their intersection). */
function applyRange(scope: RestScope, root: NodeModifiers): void {
  const range = parseRangeHeader(scope.req.headers.get('range'))
  if (!range) return
  const offset = (root.offset ?? 0) + range.offset
  root.offset = offset || undefined
  if (range.limit !== undefined) root.limit = Math.min(root.limit ?? Infinity, range.limit)
}

export async function readTable(scope: RestScope, relation: Relation): Promise<Response> {
  const query = parseQuery(scope.url.searchParams)
  const root = query.nodes.get('')!
  applyRange(scope, root)
  capRows(root)
  const params = new Params()
  const select = new ReadBuilder(scope.cache, params, query.nodes).root(relationSource(relation), query.select)
  const single = scope.accept.media === 'object'
  const sql = documentSql(select, {
    count: scope.prefs.count !== undefined,
    body: scope.req.method === 'HEAD' ? 'none' : single ? 'single' : 'array',
    stripNulls: scope.accept.stripNulls,
  })
  const document = await runDocument(scope, sql, params.values, {
    readOnly: true,
    check: single ? requireSingle : undefined,
  })
  return readResponse(scope, document, root.offset ?? 0)
}

// ----------------------------------------------------------------------------------- writes

type JsonObject = Record<string, unknown>

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A JSON body, or as PostgREST also takes one, an `application/x-www-form-urlencoded` row. */
export async function readJsonBody(req: Request): Promise<unknown> {
  const text = await req.text()
  if (/^application\/x-www-form-urlencoded/i.test(req.headers.get('content-type') ?? '')) {
    return Object.fromEntries(new URLSearchParams(text))
  }
  try {
    if (text.trim() === '') throw new Error('empty')
    return JSON.parse(text) as unknown
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', null, null)
  }
}

function bodyRows(body: unknown): JsonObject[] {
  const rows = Array.isArray(body) ? body : [body]
  if (!rows.every(isObject))
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'Expected an object or an array of objects', null)
  return rows
}

/** The payload's columns: `columns=` when given, else every key of every row, checked against the cache. */
function payloadColumns(relation: Relation, rows: JsonObject[], listed: string[] | undefined): string[] {
  const names = listed ?? [...new Set(rows.flatMap((row) => Object.keys(row)))]
  for (const name of names) {
    if (!relation.columns.has(name)) {
      throw new RestError(
        400,
        'PGRST204',
        `Could not find the '${name}' column of '${relation.name}' in the schema cache`,
        null,
        null,
      )
    }
  }
  return names
}

/** The modifiers that shape the returned representation; root filters belong to the mutation. */
function representationModifiers(query: ParsedQuery): Map<string, NodeModifiers> {
  const nodes = new Map(query.nodes)
  nodes.set('', { conditions: [], trees: [] })
  return nodes
}

function wantsRepresentation(scope: RestScope): boolean {
  return scope.prefs.return === 'representation'
}

interface Mutation {
  kind: MutationKind
  /** The data-modifying statement, with `returning` left for the caller to add. */
  statement: string
  /** Whether the statement can tell inserted rows from updated ones (upserts). */
  tracksInserts: boolean
}

async function runMutation(
  scope: RestScope,
  relation: Relation,
  query: ParsedQuery,
  params: Params,
  mutation: Mutation,
): Promise<Response> {
  const representation = wantsRepresentation(scope)
  const single = scope.accept.media === 'object'
  let sql: string
  if (representation) {
    const inserted = mutation.tracksInserts ? `, ("pgrst_target".xmax = 0) as "pgrst_inserted"` : ''
    const withSql = `with "pgrst_source" as (${mutation.statement} returning "pgrst_target" as "pgrst_row"${inserted}) `
    const source: ReadSource = {
      ...relationSource(relation),
      from: `(select ("pgrst_source"."pgrst_row").* from "pgrst_source")`,
    }
    const select = new ReadBuilder(scope.cache, params, representationModifiers(query)).root(source, query.select)
    const insertedSql = mutation.tracksInserts
      ? `(select count(*) filter (where "pgrst_inserted") from "pgrst_source")`
      : 'null'
    sql = documentSql(select, {
      count: true,
      body: single ? 'single' : 'array',
      stripNulls: scope.accept.stripNulls,
      totalSql: scope.prefs.count ? `(select count(*) from "pgrst_source")` : 'null',
      withSql,
      insertedSql,
    })
  } else {
    // `returning 1` reads no column, so SELECT policies do not apply (as in PostgREST).
    sql = `with "pgrst_source" as (${mutation.statement} returning 1) select ${scope.prefs.count ? 'count(*)' : 'null'}::bigint as "total", count(*)::bigint as "page_count", null::text as "body" from "pgrst_source"`
  }
  const document = await runDocument(scope, sql, params.values, {
    readOnly: false,
    check: single ? requireSingle : undefined,
  })
  return mutationResponse(scope, mutation.kind, document, representation)
}

function insertStatement(
  scope: RestScope,
  relation: Relation,
  query: ParsedQuery,
  params: Params,
  rows: JsonObject[],
): Mutation {
  const columns = payloadColumns(relation, rows, query.columns)
  const target = qualified(EXPOSED_SCHEMA, relation.name)
  const payload = params.typed(JSON.stringify(rows), 'jsonb')
  const values = columns.map((name) => {
    const value = `"pgrst_rec".${ident(name)}`
    if (!scope.prefs.missingDefault) return value
    const fallback = relation.columns.get(name)!.defaultSql ?? 'null'
    return `case when "pgrst_elem"."value" ? ${params.text(name)} then ${value} else ${fallback} end`
  })
  let statement =
    `insert into ${target} as "pgrst_target"${columns.length ? ` (${columns.map(ident).join(', ')})` : ''} ` +
    `select ${values.join(', ')} from jsonb_array_elements(${payload}) with ordinality as "pgrst_elem"("value", "ordinality") ` +
    `cross join lateral jsonb_populate_record(null::${target}, "pgrst_elem"."value") as "pgrst_rec" order by "pgrst_elem"."ordinality"`
  const resolution = scope.prefs.resolution
  if (resolution) {
    const conflict = query.onConflict ?? relation.primaryKey
    for (const name of conflict)
      if (!relation.columns.has(name)) throw new RestError(400, '42703', `column "${name}" does not exist`)
    if (conflict.length === 0)
      throw new RestError(400, 'PGRST100', `on_conflict is required: '${relation.name}' has no primary key`)
    const updates = columns.map((name) => `${ident(name)} = excluded.${ident(name)}`)
    statement += ` on conflict (${conflict.map(ident).join(', ')}) `
    statement +=
      resolution === 'ignore-duplicates' || updates.length === 0 ? 'do nothing' : `do update set ${updates.join(', ')}`
  }
  return { kind: 'insert', statement, tracksInserts: resolution === 'merge-duplicates' }
}

export async function insertRows(scope: RestScope, relation: Relation): Promise<Response> {
  const query = parseQuery(scope.url.searchParams)
  const rows = bodyRows(await readJsonBody(scope.req))
  const params = new Params()
  return runMutation(scope, relation, query, params, insertStatement(scope, relation, query, params, rows))
}

/** The root filters as a WHERE clause on the mutated table; pg-safeupdate's rule when empty. */
function mutationWhere(relation: Relation, query: ParsedQuery, params: Params, verb: 'UPDATE' | 'DELETE'): string {
  const root = query.nodes.get('')!
  const source = relationSource(relation)
  const conditions = [
    ...root.conditions.map((condition) => conditionSql(source, 'pgrst_target', condition, params)),
    ...root.trees.map((tree) => treeSql(source, 'pgrst_target', tree, params)),
  ]
  if (conditions.length === 0) throw new RestError(400, '21000', `${verb} requires a WHERE clause`, null, null)
  return conditions.join(' and ')
}

export async function updateRows(scope: RestScope, relation: Relation): Promise<Response> {
  const query = parseQuery(scope.url.searchParams)
  const body = await readJsonBody(scope.req)
  if (!isObject(body)) throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'Expected a JSON object', null)
  const params = new Params()
  const columns = payloadColumns(relation, [body], query.columns)
  const target = qualified(EXPOSED_SCHEMA, relation.name)
  const where = mutationWhere(relation, query, params, 'UPDATE')
  if (columns.length === 0) {
    // Nothing to set: PostgREST answers without touching the table.
    const empty = { total: scope.prefs.count ? 0 : null, pageCount: 0, body: '[]', inserted: null }
    return mutationResponse(scope, 'update', empty, wantsRepresentation(scope))
  }
  const payload = params.typed(JSON.stringify(body), 'jsonb')
  const statement =
    `update ${target} as "pgrst_target" set ${columns.map((name) => `${ident(name)} = "pgrst_rec".${ident(name)}`).join(', ')} ` +
    `from jsonb_populate_record(null::${target}, ${payload}) as "pgrst_rec" where ${where}`
  return runMutation(scope, relation, query, params, { kind: 'update', statement, tracksInserts: false })
}

export async function deleteRows(scope: RestScope, relation: Relation): Promise<Response> {
  const query = parseQuery(scope.url.searchParams)
  const params = new Params()
  const where = mutationWhere(relation, query, params, 'DELETE')
  const statement = `delete from ${qualified(EXPOSED_SCHEMA, relation.name)} as "pgrst_target" where ${where}`
  return runMutation(scope, relation, query, params, { kind: 'delete', statement, tracksInserts: false })
}
