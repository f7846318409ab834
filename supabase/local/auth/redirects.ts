/** Where e-mail links send people back to, and how the result travels. */
import type { AuthSettings } from './settings.ts'

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

function parse(url: string): URL | undefined {
  try {
    return new URL(url)
  } catch {
    return undefined
  }
}

function isAllowed(settings: AuthSettings, candidate: URL): boolean {
  if (candidate.protocol !== 'http:' && candidate.protocol !== 'https:') return false
  if (LOOPBACK_HOSTS.has(candidate.hostname)) return true
  const allowed = [settings.siteUrl, ...settings.additionalRedirectUrls].map(parse)
  return allowed.some((url) => url?.origin === candidate.origin)
}

/** A redirect that is not allowed silently becomes the site URL, as GoTrue does. */
export function resolveRedirect(settings: AuthSettings, requested: string | null | undefined): string {
  const candidate = requested ? parse(requested) : undefined
  return requested && candidate && isAllowed(settings, candidate) ? requested : settings.siteUrl
}

function sortedParams(values: Record<string, string>): string {
  const keys = Object.keys(values).sort()
  return new URLSearchParams(keys.map((key) => [key, values[key]!])).toString()
}

function withoutFragment(url: string): string {
  const hash = url.indexOf('#')
  return hash < 0 ? url : url.slice(0, hash)
}

export interface RedirectSession {
  access_token: string
  expires_at: number
  expires_in: number
  refresh_token: string
  token_type: string
}

/** Implicit flow: the tokens travel in the fragment, keys sorted like Go's url.Values. */
export function implicitRedirect(redirect: string, session: RedirectSession, type: string): string {
  return `${withoutFragment(redirect)}#${sortedParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    sb: '',
    token_type: session.token_type,
    type,
  })}`
}

export function pkceRedirect(redirect: string, authCode: string): string {
  const url = new URL(redirect)
  url.searchParams.set('code', authCode)
  return url.toString()
}

const ERROR_WORDS: Record<number, string> = { 400: 'invalid_request', 403: 'access_denied', 500: 'server_error' }

export function errorRedirect(
  redirect: string,
  status: number,
  code: string,
  description: string,
  pkce: boolean,
): string {
  const params = {
    error: ERROR_WORDS[status] ?? 'server_error',
    error_code: code,
    error_description: description,
    sb: '',
  }
  const fragment = sortedParams(params)
  if (!pkce) return `${withoutFragment(redirect)}#${fragment}`
  const url = new URL(withoutFragment(redirect))
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  return `${url.toString()}#${fragment}`
}
