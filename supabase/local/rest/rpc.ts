/**
 * `/rest/v1/rpc/<fn>`: POST with named arguments in the body, GET/HEAD with arguments in the query
 * string. Arguments reach the function through `json_to_record`, so PostgreSQL converts JSON to
 * the parameter types (arrays, json, dates …) as PostgREST does.
 */
import { RestError } from './errors.ts'
import { capRows, maxRows } from './max-rows.ts'
import { parseQuery } from './parse/query.ts'
import { readResponse, requireSingle } from './response.ts'
import { EXPOSED_SCHEMA, type DbFunction } from './schema-types.ts'
import { runDocument, type RestScope } from './scope.ts'
import { ident, Params, qualified } from './sql/params.ts'
import { documentSql, ReadBuilder, type ReadSource } from './sql/read.ts'
import { isObject, readJsonBody } from './table.ts'

type Arguments = Record<string, unknown>

function isJsonType(type: string): boolean {
  return type === 'json' || type === 'jsonb'
}

/** A single unnamed json/jsonb parameter receives the whole body. */
function takesWholeBody(fn: DbFunction): boolean {
  return fn.params.length === 1 && fn.params[0]!.name === '' && isJsonType(fn.params[0]!.type)
}

function accepts(fn: DbFunction, names: string[]): boolean {
  const known = new Set(fn.params.map((p) => p.name))
  return names.every((name) => known.has(name)) && fn.params.every((p) => p.hasDefault || names.includes(p.name))
}

function notFound(name: string, argNames: string[]): RestError {
  const signature = argNames.length ? `(${argNames.join(', ')})` : ' without parameters'
  const searched = argNames.length ? ` with parameters ${argNames.join(', ')}` : ' without parameters'
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${EXPOSED_SCHEMA}.${name}${signature} in the schema cache`,
    `Searched for the function ${EXPOSED_SCHEMA}.${name}${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    null,
  )
}

function chooseFunction(candidates: DbFunction[], name: string, argNames: string[], body: unknown): DbFunction {
  const matches = candidates.filter((fn) => accepts(fn, argNames))
  if (matches.length === 1) return matches[0]!
  if (matches.length > 1) {
    const exact = matches.filter((fn) => fn.params.length === argNames.length)
    if (exact.length === 1) return exact[0]!
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${matches.map((fn) => `${EXPOSED_SCHEMA}.${fn.name}(${fn.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    )
  }
  const wholeBody = body !== undefined ? candidates.find(takesWholeBody) : undefined
  if (wholeBody) return wholeBody
  throw notFound(name, argNames)
}

/** GET: query keys naming a parameter of some candidate are arguments, the others filters. */
function queryArguments(candidates: DbFunction[], params: URLSearchParams): Arguments {
  const names = new Set(candidates.flatMap((fn) => fn.params.map((p) => p.name)).filter(Boolean))
  const args: Arguments = {}
  for (const [key, value] of params) if (names.has(key)) args[key] = value
  return args
}

/** `from json_to_record(…) as args(…), lateral fn(…)`, or the plain call without arguments. */
function callSql(
  fn: DbFunction,
  args: Arguments | unknown,
  params: Params,
  wholeBody: boolean,
): { from: string; call: string } {
  const name = qualified(EXPOSED_SCHEMA, fn.name)
  if (wholeBody) return { from: '', call: `${name}(${params.typed(JSON.stringify(args), fn.params[0]!.type)})` }
  const used = fn.params.filter((p) => Object.prototype.hasOwnProperty.call(args, p.name))
  if (used.length === 0) return { from: '', call: `${name}()` }
  const definition = used.map((p) => `${ident(p.name)} ${p.type}`).join(', ')
  const from = `json_to_record(${params.typed(JSON.stringify(args), 'json')}) as "pgrst_args"(${definition})`
  return { from, call: `${name}(${used.map((p) => `${ident(p.name)} := "pgrst_args".${ident(p.name)}`).join(', ')})` }
}

function fromCall(from: string, call: string): string {
  return from ? `${from} cross join lateral ${call} as "pgrst_call"` : `${call} as "pgrst_call"`
}

export async function callFunction(scope: RestScope, name: string): Promise<Response> {
  const candidates = scope.cache.functions.get(name) ?? []
  const isRead = scope.req.method === 'GET' || scope.req.method === 'HEAD'
  if (!isRead && scope.req.method !== 'POST')
    throw new RestError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for functions')
  const body = isRead ? undefined : await readRpcBody(scope.req)
  const args: Arguments = isRead ? queryArguments(candidates, scope.url.searchParams) : isObject(body) ? body : {}
  const argNames = isRead || isObject(body) ? Object.keys(args) : []
  if (candidates.length === 0) throw notFound(name, argNames)
  const fn = chooseFunction(candidates, name, argNames, body)
  const wholeBody = !isRead && takesWholeBody(fn) && !accepts(fn, argNames)
  const query = parseQuery(scope.url.searchParams, isRead ? new Set(Object.keys(args)) : new Set())
  if (fn.returnsSet) capRows(query.nodes.get('')!)
  const params = new Params()
  const { from, call } = callSql(fn, wholeBody ? body : args, params, wholeBody)
  const readOnly = isRead || fn.volatility !== 'volatile'
  const head = scope.req.method === 'HEAD'

  if (fn.returns.kind === 'composite') {
    const source: ReadSource = {
      name: fn.name,
      columns: fn.returns.columns,
      relation: fn.returns.table,
      from: `(select "pgrst_call".* from ${fromCall(from, call)})`,
    }
    const select = new ReadBuilder(scope.cache, params, query.nodes).root(source, query.select)
    const single = scope.accept.media === 'object' || !fn.returnsSet
    const sql = documentSql(select, {
      count: scope.prefs.count !== undefined,
      body: head ? 'none' : single ? 'single' : 'array',
      stripNulls: scope.accept.stripNulls,
    })
    const document = await runDocument(scope, sql, params.values, {
      readOnly,
      check: scope.accept.media === 'object' ? requireSingle : undefined,
    })
    if (!fn.returnsSet && document.body === null && !head) document.body = 'null'
    return readResponse(scope, document, query.nodes.get('')!.offset ?? 0)
  }

  const fromSql = from ? ` from ${from}` : ''
  const bodySql =
    fn.returns.kind === 'void'
      ? 'null'
      : fn.returnsSet
        ? `(select coalesce(json_agg("pgrst_rows"."pgrst_call"), '[]') from (select "pgrst_call" from ${fromCall(from, call)} limit ${maxRows()}) as "pgrst_rows")::text`
        : `coalesce(to_json(${call})::text, 'null')`
  const voidCall = fn.returns.kind === 'void' ? `, ${call} as "pgrst_void"` : ''
  const sql = `select null::bigint as "total", 1::bigint as "page_count", ${bodySql} as "body"${voidCall}${fromSql}`
  const document = await runDocument(scope, sql, params.values, { readOnly })
  if (fn.returns.kind === 'void') return new Response(null, { status: 204 })
  return new Response(head ? null : document.body, {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })
}

/** An empty POST body means no arguments (supabase-js always sends `{}`, curl may send nothing). */
async function readRpcBody(req: Request): Promise<unknown> {
  const text = await req.clone().text()
  if (text.trim() === '') return {}
  return readJsonBody(req)
}
