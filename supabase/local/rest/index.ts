/**
 * The PostgREST-compatible `/rest/v1` service: tables and views of `public`, and
 * its functions under `/rpc`. Every request runs in one transaction as the caller's role with the
 * JWT claims set, so PostgreSQL's grants and row-level security decide what it may see and do.
 *
 * The schema cache is read at start. When a request names a table, column, relationship or
 * function the cache does not know (a migration or a test fixture created it since), the cache
 * is reloaded once and the request retried; `reloadSchema()` forces a reload.
 */
import { JwtError, resolveCaller, type Caller } from '../jwt.ts'
import { EngineWaitTimeout, type RequestContext } from '../db.ts'
import { createRouter, type RouteParams } from '../router.ts'
import type { Stack, StackService } from '../types.ts'
import { errorResponse, fromPgError, isPgError, RestError } from './errors.ts'
import { checkProfile, parseAccept, parsePreferences } from './preferences.ts'
import { callFunction } from './rpc.ts'
import { SchemaCacheHolder } from './schema-cache.ts'
import type { SchemaCache } from './schema-types.ts'
import type { RestScope } from './scope.ts'
import { deleteRows, findRelation, insertRows, readTable, updateRows } from './table.ts'
import { openApiDocument } from './openapi.ts'

export interface RestService extends StackService {
  reloadSchema(): Promise<void>
}

const SCHEMA_MISS_SQLSTATES = new Set(['42703', '42P01', '42883'])

function isSchemaMiss(error: unknown): boolean {
  if (error instanceof RestError) return error.isSchemaMiss
  return isPgError(error) && SCHEMA_MISS_SQLSTATES.has(error.code!)
}

function jwtFailure(error: JwtError): RestError {
  const description = error.reason === 'expired' ? 'JWT expired' : error.message
  const headers = {
    'www-authenticate': `Bearer error="invalid_token", error_description="${description.replace(/"/g, "'")}"`,
  }
  if (error.reason === 'expired') return new RestError(401, 'PGRST303', 'JWT expired', null, null, headers)
  if (/^role ".*" does not exist$/.test(error.message))
    return new RestError(401, '22023', error.message, null, null, headers)
  return new RestError(401, 'PGRST301', error.message, null, null, headers)
}

function toRestError(error: unknown, caller: Caller | undefined): RestError {
  if (error instanceof RestError) return error
  if (error instanceof JwtError) return jwtFailure(error)
  if (error instanceof EngineWaitTimeout) return new RestError(504, 'PGRST003', error.message)
  if (isPgError(error)) {
    const restError = fromPgError(error, caller?.role ?? 'anon')
    if (restError.status === 401) restError.headers['www-authenticate'] = 'Bearer'
    return restError
  }
  return new RestError(500, 'PGRST000', 'Internal server error', error instanceof Error ? error.message : String(error))
}

function requestContext(req: Request, caller: Caller, subpath: string): RequestContext {
  const headers: Record<string, string> = {}
  req.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value
  })
  return { role: caller.role, claims: caller.claims, method: req.method, path: subpath, headers }
}

type Handler = (scope: RestScope, params: RouteParams) => Promise<Response>

const unsupportedMethod = (method: string) => new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)
const relationOf = (scope: RestScope, params: RouteParams) => findRelation(scope, decodeURIComponent(params.relation!))
const openApi: Handler = (scope) => Promise.resolve(openApiDocument(scope.cache, scope.stack.urls.api))
const read: Handler = (scope, params) => readTable(scope, relationOf(scope, params))

/** The API's routes; an empty segment is no segment (`/books/` is `/books`). */
const route = createRouter<Handler>([
  ['/', { GET: openApi, HEAD: openApi }],
  ['/rpc/:name', { '*': (scope, params) => callFunction(scope, decodeURIComponent(params.name!)) }],
  [
    '/:relation',
    {
      GET: read,
      HEAD: read,
      POST: (scope, params) => insertRows(scope, relationOf(scope, params)),
      PATCH: (scope, params) => updateRows(scope, relationOf(scope, params)),
      DELETE: (scope, params) => deleteRows(scope, relationOf(scope, params)),
      // An unknown table is told before an unsupported method.
      '*': (scope, params) => {
        relationOf(scope, params)
        throw unsupportedMethod(scope.req.method)
      },
    },
  ],
])

function serveRoute(scope: RestScope, subpath: string): Promise<Response> {
  const match = route(scope.req.method, `/${subpath.split('/').filter(Boolean).join('/')}`)
  if (match.kind === 'method-not-allowed') throw unsupportedMethod(scope.req.method)
  if (match.kind === 'not-found') throw new RestError(404, 'PGRST125', `Invalid path specified in request URL`)
  return match.handler(scope, match.params)
}

export function createRestService(stack: Stack): RestService {
  const schema = new SchemaCacheHolder(stack.db)

  async function serve(req: Request, url: URL, subpath: string, caller: Caller, cache: SchemaCache): Promise<Response> {
    const scope: RestScope = {
      req,
      url,
      stack,
      caller,
      context: requestContext(req, caller, subpath),
      prefs: parsePreferences(req.headers.get('prefer')),
      accept: parseAccept(req.headers.get('accept')),
      cache,
    }
    return serveRoute(scope, subpath)
  }

  return {
    prefix: '/rest/v1',
    async start() {
      await schema.reload()
    },
    async reloadSchema() {
      await schema.reload()
    },
    async handle(req, { url, subpath }) {
      let caller: Caller | undefined
      try {
        checkProfile(req)
        caller = await resolveCaller(req, stack.config)
        const loadedVersion = schema.version
        // The body is read once, so a request retried after a schema reload can read it again.
        const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer()
        const fresh = () => new Request(req, { body })
        try {
          return await serve(fresh(), url, subpath, caller, schema.current)
        } catch (error) {
          if (!isSchemaMiss(error)) throw error
          if (schema.version === loadedVersion) await schema.reload()
          return await serve(fresh(), url, subpath, caller, schema.current)
        }
      } catch (error) {
        const restError = toRestError(error, caller)
        if (restError.status >= 500)
          stack.log(`rest ${req.method} ${url.pathname}: ${restError.code} ${restError.message}`)
        return errorResponse(restError)
      }
    },
  }
}
