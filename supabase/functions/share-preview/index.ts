/**
 * share-preview: GET /functions/v1/share-preview/{book}[?family=true] (the book's short code or uuid)
 *
 * Answers link-preview crawlers for a book's share page with server-rendered HTML carrying the
 * page's title and Open Graph / Twitter tags (the SPA sets them too, but WhatsApp runs no
 * JavaScript), and sends people on to `${SITE_URL}/share/{short_code}` with a meta refresh and a link.
 * Public (verify_jwt = false in supabase/config.toml): crawlers send no Authorization. It reads
 * only the book's public card (get_book_card, with the publishable key).
 *
 * Deployment: shared links stay {site}/share/{id}; the site's host routes crawler requests for
 * /share/* here (see README.md in this folder).
 */
import { publicClient } from '../_shared/clients/clients.ts'
import { siteUrl } from '../_shared/clients/env.ts'
import { handleRequest, HttpError } from '../_shared/http/http.ts'
import { renderPreviewPage, type PreviewCard } from './preview-page.ts'
import { messages } from '../../../contracts/messages.ts'

const BOOK_REF_PATTERN = /^[A-Za-z0-9-]{4,40}$/
const DEFAULT_BRAND = 'זוכרים'

/** The book's reference: the path segment after the function's name (or `?book=`). */
function requestedBookRef(url: URL): string {
  const segments = url.pathname.split('/').filter(Boolean)
  const at = segments.indexOf('share-preview')
  const fromPath = at >= 0 ? segments[at + 1] : segments.at(-1)
  try {
    return decodeURIComponent(fromPath ?? url.searchParams.get('book') ?? '').trim()
  } catch {
    return ''
  }
}

async function fetchCard(bookId: string): Promise<PreviewCard | null> {
  const { data, error } = await publicClient().rpc('get_book_card', { book_ref: bookId })
  if (error) throw new Error(`get_book_card failed: ${error.message}`)
  const rows = data ?? []
  return rows[0] ?? null
}

/** The page is tags, a link and a meta refresh: no script, style, frame or form may run in it. */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src https: http: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

function htmlResponse(html: string, status: number, method: string): Response {
  return new Response(method === 'HEAD' ? null : html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': status === 200 ? 'public, max-age=300' : 'no-store',
      'Access-Control-Allow-Origin': '*',
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    },
  })
}

Deno.serve(
  handleRequest(async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      throw new HttpError(405, messages.methodNotAllowed, 'method_not_allowed')
    }
    const url = new URL(req.url)
    const site = siteUrl()
    const brand = Deno.env.get('BRAND_NAME') || DEFAULT_BRAND
    const bookRef = requestedBookRef(url)
    if (!BOOK_REF_PATTERN.test(bookRef)) {
      return htmlResponse(renderPreviewPage({ card: null, pageUrl: `${site}/`, brand }), 404, req.method)
    }
    const card = await fetchCard(bookRef)
    const family = url.searchParams.get('family') === 'true' ? '?family=true' : ''
    const pageUrl = `${site}/share/${encodeURIComponent(card?.short_code ?? bookRef)}${family}`
    return htmlResponse(renderPreviewPage({ card, pageUrl, brand }), card ? 200 : 404, req.method)
  }),
)
