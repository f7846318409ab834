/**
 * media: GET|HEAD /functions/v1/media/<object name>[?expires=…&signature=…]
 *
 * Serves the files of the private memory-images bucket. For each request the database decides
 * (media_access, asked with the service role): a file of a public book is open to anyone and
 * cacheable by all; any other file (a private book's, a hidden memory's) only with the unexpired
 * signature that the read deciding access put into its address (supabase/schemas/92-private-media.sql). Anything else is 404,
 * whether or not the file exists. The bytes come from the Storage API with the secret key;
 * ranges (videos) and conditional requests pass through.
 * Public (verify_jwt = false in supabase/config.toml): an <img> or <video> sends no Authorization.
 */
import { secretKey } from '../_shared/clients/api-keys.ts'
import { serviceClient, type ServiceClient } from '../_shared/clients/clients.ts'
import { corsHeaders } from '../_shared/http/cors.ts'
import { requireEnv } from '../_shared/clients/env.ts'
import { handleRequest, HttpError } from '../_shared/http/http.ts'
import { messages } from '../../../contracts/messages.ts'

const BUCKET = 'memory-images'
const OBJECT_NAME = /^(memories|videos|profiles|books)\/[A-Za-z0-9_-]+\/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/
/** How long anyone may keep an open file: a book that turns private stops being served within it. */
const OPEN_MAX_AGE_SECONDS = 600
const FORWARDED_REQUEST_HEADERS = ['range', 'if-none-match', 'if-modified-since']
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
]

type Access = 'open' | 'signed'

let database: ServiceClient | undefined

const notFound = () => new HttpError(404, 'הקובץ לא נמצא', 'media_not_found')

/** The object name after `/media/`, or null when it is not a name of this bucket's folders. */
function objectNameOf(url: URL): string | null {
  const marker = '/media/'
  const at = url.pathname.indexOf(marker)
  if (at < 0) return null
  try {
    const name = decodeURIComponent(url.pathname.slice(at + marker.length))
    return OBJECT_NAME.test(name) ? name : null
  } catch {
    return null
  }
}

async function accessTo(name: string, url: URL): Promise<{ access: Access; expires: number | null } | null> {
  const expiresText = url.searchParams.get('expires')
  const expires = expiresText && /^\d{1,12}$/.test(expiresText) ? Number(expiresText) : null
  const signature = url.searchParams.get('signature')
  const { data, error } = await (database ??= serviceClient()).rpc('media_access', {
    object_name: name,
    expires,
    signature: signature && /^[0-9a-f]{64}$/.test(signature) ? signature : null,
  })
  if (error) throw new Error(`media_access failed: ${error.message}`)
  return data === 'open' || data === 'signed' ? { access: data, expires } : null
}

function cacheControl(access: Access, expires: number | null): string {
  if (access === 'open') return `public, max-age=${OPEN_MAX_AGE_SECONDS}`
  const left = Math.max(0, (expires ?? 0) - Math.floor(Date.now() / 1000))
  return `private, max-age=${left}`
}

async function download(req: Request, name: string): Promise<Response> {
  const key = secretKey()
  const headers = new Headers({ apikey: key, Authorization: `Bearer ${key}` })
  for (const header of FORWARDED_REQUEST_HEADERS) {
    const value = req.headers.get(header)
    if (value) headers.set(header, value)
  }
  const path = name.split('/').map(encodeURIComponent).join('/')
  return await fetch(`${requireEnv('SUPABASE_URL')}/storage/v1/object/${BUCKET}/${path}`, {
    method: req.method === 'HEAD' ? 'HEAD' : 'GET',
    headers,
  })
}

Deno.serve(
  handleRequest(async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      throw new HttpError(405, messages.methodNotAllowed, 'method_not_allowed')
    }
    const url = new URL(req.url)
    const name = objectNameOf(url)
    if (!name) throw notFound()
    const granted = await accessTo(name, url)
    if (!granted) throw notFound()
    const upstream = await download(req, name)
    if (upstream.status === 400 || upstream.status === 404) {
      await upstream.body?.cancel()
      throw notFound()
    }
    if (!upstream.ok && upstream.status !== 304 && upstream.status !== 206) {
      await upstream.body?.cancel()
      throw new Error(`storage answered ${upstream.status} for ${name}`)
    }
    const headers = new Headers(corsHeaders)
    for (const header of FORWARDED_RESPONSE_HEADERS) {
      const value = upstream.headers.get(header)
      if (value) headers.set(header, value)
    }
    headers.set('Cache-Control', cacheControl(granted.access, granted.expires))
    headers.set('X-Content-Type-Options', 'nosniff')
    headers.set('Cross-Origin-Resource-Policy', 'cross-origin')
    return new Response(req.method === 'HEAD' ? null : upstream.body, { status: upstream.status, headers })
  }),
)
