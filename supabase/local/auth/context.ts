/** What every auth route receives. */
import type { Database } from '../db.ts'
import type { KeyPolicy } from '../jwt.ts'
import type { RouteParams } from '../router.ts'
import type { Mailer } from '../types.ts'
import { badRequest } from './errors.ts'
import type { AuthLimiters } from './rate-limit.ts'
import type { AuthSettings } from './settings.ts'
import type { Json } from './users.ts'

export interface AuthContext {
  req: Request
  url: URL
  body: Json
  db: Database
  mailer: Mailer
  settings: AuthSettings
  limits: AuthLimiters
  /** Whether the legacy JWT keys and HS256 tokens are still accepted. */
  keys: KeyPolicy
}

/** A route's handler: the request's context and the path's `:name` values (see router.ts). */
export type RouteHandler = (ctx: AuthContext, params: RouteParams) => Promise<Response>

/** The client's address as the gateway saw it (it overwrites any X-Real-IP the client sent). */
export function clientAddress(req: Request): string {
  return req.headers.get('x-real-ip') ?? 'unknown'
}

export async function readJsonBody(req: Request): Promise<Json> {
  if (req.method === 'GET' || req.method === 'HEAD') return {}
  const text = await req.text()
  if (!text.trim()) return {}
  try {
    const parsed: unknown = JSON.parse(text)
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Json) : {}
  } catch (error) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(error as Error).message}`)
  }
}

export function stringField(body: Json, key: string): string | undefined {
  const value = body[key]
  return typeof value === 'string' ? value : undefined
}

export function objectField(body: Json, key: string): Json | undefined {
  const value = body[key]
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined
}
