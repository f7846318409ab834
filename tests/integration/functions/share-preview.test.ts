/**
 * share-preview: link-preview crawlers get the book's title and social tags as server-rendered
 * HTML (no JavaScript, no Authorization), escaped, and people are sent on to the SPA's share page.
 */
import { describe, expect, it } from 'vitest'
import { sql, testEnv } from '../../../supabase/local/testing/index.ts'

const functionUrl = (path: string) => `${testEnv.apiUrl}/functions/v1/share-preview/${path}`

async function createBook(fullName: string, profileImageUrl: string | null, isPublic = true): Promise<string> {
  const [row] = await sql<{ short_code: string }>(
    `insert into "public"."memory_books" ("full_name", "creator_name", "plan_type", "payment_status", "profile_image_url", "is_public")
     values ($1, 'יוצר בדיקה', 'pro', 'paid', $2, $3) returning "short_code"`,
    [fullName, profileImageUrl, isPublic],
  )
  return row!.short_code
}

/** The content of `<meta property|name="key" content="…">`, as written (still escaped). */
function metaContent(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)
  return match ? match[1]! : null
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

describe('share-preview function', () => {
  it('answers a crawler without Authorization with the title, Open Graph and Twitter tags of the book', async () => {
    const picture = 'profiles/00000000-0000-4000-8000-000000000001/face.jpg'
    const bookId = await createBook('רחל אברהמי', `${testEnv.apiUrl}/storage/v1/object/public/memory-images/${picture}`)
    // A public book's portrait, at the open address the media function serves it at.
    const image = `${testEnv.apiUrl}/functions/v1/media/${picture}`

    const response = await fetch(functionUrl(bookId), { headers: { 'user-agent': 'WhatsApp/2.23.20.0' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await response.text()

    const shareUrl = `${testEnv.siteUrl}/share/${bookId}`
    expect(html).toContain('<html lang="he" dir="rtl">')
    expect(html).toContain('<title>רחל אברהמי ז״ל – ספר זיכרון | זוכרים</title>')
    expect(metaContent(html, 'og:title')).toBe('רחל אברהמי ז״ל – ספר זיכרון | זוכרים')
    expect(metaContent(html, 'og:description')).toBe(
      'הוזמנתם לשתף זיכרון על רחל אברהמי ז״ל בספר הזיכרון הדיגיטלי של המשפחה.',
    )
    expect(metaContent(html, 'og:image')).toBe(image)
    expect(metaContent(html, 'og:url')).toBe(shareUrl)
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image')
    expect(metaContent(html, 'twitter:title')).toBe('רחל אברהמי ז״ל – ספר זיכרון | זוכרים')
    expect(metaContent(html, 'twitter:image')).toBe(image)
    expect(html).toContain(`<meta http-equiv="refresh" content="0; url=${shareUrl}">`)
    expect(html).toContain(`<a href="${shareUrl}">`)
  })

  it("shows no crawler a private book's portrait", async () => {
    const stored = `${testEnv.apiUrl}/storage/v1/object/public/memory-images/profiles/00000000-0000-4000-8000-000000000002/face.jpg`
    const bookId = await createBook('דוד פרטי', stored, false)
    const html = await (await fetch(functionUrl(bookId))).text()
    expect(metaContent(html, 'og:title')).toBe('דוד פרטי ז״ל – ספר זיכרון | זוכרים')
    expect(metaContent(html, 'og:image')).toBeNull()
    expect(html).not.toContain('face.jpg')
  })

  it('finds the book by its short id in any case, and keeps family=true on the way to the SPA', async () => {
    const bookId = await createBook('משה לוי', null)
    const html = await (await fetch(functionUrl(`${bookId.toLowerCase()}?family=true`))).text()
    expect(metaContent(html, 'og:url')).toBe(`${testEnv.siteUrl}/share/${bookId}?family=true`)
    expect(metaContent(html, 'og:image')).toBeNull()
    expect(metaContent(html, 'twitter:card')).toBe('summary')
  })

  it('escapes everything it writes', async () => {
    const name = `<script>alert("x")</script> & 'o'`
    const bookId = await createBook(name, null)
    const html = await (await fetch(functionUrl(bookId))).text()
    expect(html).not.toContain('<script>')
    expect(html).not.toContain(`"x"`)
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;o&#39;')
    expect(unescapeHtml(metaContent(html, 'og:title')!)).toBe(`${name} ז״ל – ספר זיכרון | זוכרים`)
  })

  it('answers 404 for an unknown or malformed id, still leading people to the site', async () => {
    const unknown = await fetch(functionUrl('NOBOOK23'))
    expect(unknown.status).toBe(404)
    const html = await unknown.text()
    expect(html).toContain('ספר זיכרון לא נמצא')
    expect(html).toContain(`url=${testEnv.siteUrl}/share/NOBOOK23`)

    const malformed = await fetch(functionUrl(encodeURIComponent('"><img src=x>')))
    expect(malformed.status).toBe(404)
    const malformedHtml = await malformed.text()
    expect(malformedHtml).not.toContain('<img')
    expect(malformedHtml).toContain(`url=${testEnv.siteUrl}/"`)
  })

  it('serves HEAD for crawlers that check first, and refuses other methods', async () => {
    const bookId = await createBook('שרה כהן', null)
    const head = await fetch(functionUrl(bookId), { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const post = await fetch(functionUrl(bookId), { method: 'POST' })
    expect(post.status).toBe(405)
  })
})
