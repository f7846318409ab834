/** The query parameter of /login that says where to continue after signing in. */
const RETURN_TO = 'returnTo'

/** /login, keeping the address the visitor asked for so that signing in leads back to it. */
export function loginPathReturningTo(location: { pathname: string; search: string }): string {
  return `/login?${new URLSearchParams({ [RETURN_TO]: location.pathname + location.search })}`
}

/**
 * Where /login was asked to return, if it is an address inside this app: an absolute path, never
 * another site (`//evil.example`, `/\evil.example`) and never /login itself.
 */
export function returnPathOf(search: string): string | null {
  const value = new URLSearchParams(search).get(RETURN_TO)
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  if (value === '/login' || value.startsWith('/login?')) return null
  return value
}
