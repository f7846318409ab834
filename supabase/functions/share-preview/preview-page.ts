/**
 * The HTML a link-preview crawler reads for /share/{id} (WhatsApp, Facebook, Telegram … run no
 * JavaScript): the same title and Open Graph / Twitter tags the SPA sets, then a meta refresh and
 * a link that take a person to the SPA's page. Every value is HTML-escaped.
 */
import { withHonorific } from '../../../shared/honorific.ts'

export interface PreviewCard {
  short_code: string
  full_name: string
  profile_image_url: string | null
  background_image_url: string | null
}

export interface PreviewPageInput {
  /** null when no book has this id. */
  card: PreviewCard | null
  /** Where people go: the SPA's share page (or its home page for a malformed id). */
  pageUrl: string
  brand: string
}

const texts = {
  title: (name: string, brand: string) => `${name} – ספר זיכרון | ${brand}`,
  description: (name: string) => `הוזמנתם לשתף זיכרון על ${name} בספר הזיכרון הדיגיטלי של המשפחה.`,
  imageAlt: (name: string) => `תמונה של ${name}`,
  notFoundTitle: (brand: string) => `ספר זיכרון לא נמצא | ${brand}`,
  notFoundDescription: 'ייתכן שהקישור שגוי או שהספר הוסר.',
  continue: 'להמשך לספר הזיכרון',
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => htmlEscapes[char]!)
}

function meta(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`
}

export function renderPreviewPage({ card, pageUrl, brand }: PreviewPageInput): string {
  const name = card ? withHonorific(card.full_name) : ''
  const title = card ? texts.title(name, brand) : texts.notFoundTitle(brand)
  const description = card ? texts.description(name) : texts.notFoundDescription
  const image = card ? (card.profile_image_url ?? card.background_image_url) : null
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    meta('name', 'robots', 'noindex'),
    `<link rel="canonical" href="${escapeHtml(pageUrl)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:locale', 'he_IL'),
    meta('property', 'og:site_name', brand),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', pageUrl),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', texts.imageAlt(name))] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    `<meta http-equiv="refresh" content="${escapeHtml(`0; url=${pageUrl}`)}">`,
  ]
  return [
    '<!doctype html>',
    '<html lang="he" dir="rtl">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    ...tags,
    '</head>',
    '<body>',
    `<p><a href="${escapeHtml(pageUrl)}">${escapeHtml(texts.continue)}</a></p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n')
}
