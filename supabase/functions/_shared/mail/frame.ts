/**
 * The one designed frame of every transactional e-mail, right to left, in the look of the sign-up
 * e-mail: the brand, the deceased's name where the mail is about a book (with the honorific in the
 * book's gender), a greeting, the message, one clear button with the link that fits, and a calm
 * footer saying to whom and why it was sent. Callers give plain text only: every text and link is
 * escaped here, a link that is not http(s) is never rendered, and a stranger's name passes through
 * mailText. Kept free of Deno, so the SPA's tests can render it.
 */
import { escapeHtml } from './escape-html.ts'
import { mailText } from './mail-text.ts'
import { deceasedGenderOf, deceasedWords } from '../../../../shared/deceased-words.ts'
import { hasHonorific, honorificStrings } from '../../../../shared/honorific.ts'
import { mailStrings } from './strings.ts'

/** An e-mail as the mail API sends it. */
export interface OutgoingMail {
  to: { email: string; name?: string }[]
  subject: string
  html: string
  text: string
}

export interface MailLink {
  label: string
  href: string
}

/** What a mail says between the greeting and the button, in order. A string is a paragraph. */
export type MailBlock =
  | string
  | { details: readonly (readonly [label: string, value: string])[] }
  | { code: string; label: string }
  | { quote: { by: string; text: string; link?: MailLink } }
  | { link: MailLink }

export interface DeceasedOfMail {
  name: string
  /** memory_books.deceased_gender: 'male', 'female' or none (neutral). */
  gender?: string | null
}

export interface MailContent {
  to: string | { email: string; name?: string }[]
  subject: string
  /** The heading inside the mail; the subject when not given. */
  title?: string
  /** Whom the greeting names (mailText applies); "שלום," without. */
  greetName?: string | null
  /** The book the mail is about. */
  deceased?: DeceasedOfMail | null
  blocks: MailBlock[]
  action?: MailLink | null
  /** What follows the button in the message's own size (a code to type instead of pressing it). */
  afterAction?: MailBlock[]
  /** Small print under the button. */
  notes?: string[]
  /** Why the reader gets this mail, in the footer. */
  reason?: string
  unsubscribe?: MailLink | null
  /** The site's origin, the brand's link. */
  site: string
}

const colours = {
  page: '#f4f1f6',
  card: '#ffffff',
  border: '#e6dfec',
  rule: '#efe9f3',
  brand: '#4b2a63',
  muted: '#7a6a86',
  faint: '#8c7f96',
  ink: '#2f2637',
  quote: '#faf7fc',
}
const SANS = 'Heebo, Arial, Helvetica, sans-serif'
const SERIF = "'Frank Ruhl Libre', Georgia, 'Times New Roman', serif"

/** The link as written when it is an http(s) address; null for anything else (javascript:, data:, relative). */
function safeHref(href: string): string | null {
  try {
    const { protocol } = new URL(href)
    return protocol === 'https:' || protocol === 'http:' ? href : null
  } catch {
    return null
  }
}

/** "רחל כהן" with "זכרונה לברכה" (her), "זכרונו לברכה" (his) or "ז״ל" (a book that gives no gender); a typed honorific stays alone. */
function deceasedLine({ name, gender }: DeceasedOfMail): { name: string; honorific: string | null } {
  const clean = mailText(name)
  if (hasHonorific(clean)) return { name: clean, honorific: null }
  const known = deceasedGenderOf(gender, clean)
  return {
    name: clean,
    honorific: known ? deceasedWords(known).memoryBlessed : honorificStrings.suffix,
  }
}

function anchor(link: MailLink, style: string): string {
  const href = safeHref(link.href)
  const label = escapeHtml(link.label)
  return href ? `<a href="${escapeHtml(href)}" target="_blank" style="${style}">${label}</a>` : label
}

const paragraphStyle = 'margin:0 0 14px 0;'
const linkStyle = `color:${colours.brand}; font-weight:700;`

function blockHtml(block: MailBlock): string {
  if (typeof block === 'string') return `<p style="${paragraphStyle}">${escapeHtml(block)}</p>`
  if ('details' in block) {
    const rows = block.details
      .map(
        ([label, value]) =>
          `<tr><td style="padding:6px 0 6px 12px; color:${colours.muted}; white-space:nowrap; vertical-align:top;">${escapeHtml(label)}</td>` +
          `<td style="padding:6px 0; color:${colours.ink}; font-weight:700;"><bdi>${escapeHtml(value)}</bdi></td></tr>`,
      )
      .join('')
    return `<table role="presentation" dir="rtl" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 14px 0; font-family:${SANS}; font-size:15px; line-height:1.6;">${rows}</table>`
  }
  if ('code' in block) {
    return (
      `<p style="margin:0 0 6px 0;">${escapeHtml(block.label)}</p>` +
      `<p dir="ltr" style="margin:0 0 16px 0; text-align:center; font-family:'Courier New', Courier, monospace; font-size:26px; font-weight:700; letter-spacing:6px; color:${colours.brand};">${escapeHtml(block.code)}</p>`
    )
  }
  if ('quote' in block) {
    const { by, text, link } = block.quote
    return (
      `<div style="margin:0 0 14px 0; padding:12px 14px; background-color:${colours.quote}; border-right:3px solid ${colours.brand}; border-radius:8px;">` +
      `<p style="margin:0 0 4px 0; font-weight:700;">${escapeHtml(by)}</p>` +
      `<p style="margin:0;">${escapeHtml(text)}</p>` +
      (link ? `<p style="margin:8px 0 0 0; font-size:14px;">${anchor(link, linkStyle)}</p>` : '') +
      `</div>`
    )
  }
  return `<p style="${paragraphStyle}">${anchor(block.link, linkStyle)}</p>`
}

function blockText(block: MailBlock): string {
  if (typeof block === 'string') return block
  if ('details' in block) return block.details.map(([label, value]) => `${label}: ${value}`).join('\n')
  if ('code' in block) return `${block.label} ${block.code}`
  if ('quote' in block) {
    const { by, text, link } = block.quote
    return [`${by}:`, text, ...(link && safeHref(link.href) ? [`${link.label}: ${safeHref(link.href)}`] : [])].join(
      '\n',
    )
  }
  const href = safeHref(block.link.href)
  return href ? `${block.link.label}: ${href}` : block.link.label
}

function recipientsOf(to: MailContent['to']): { email: string; name?: string }[] {
  return typeof to === 'string' ? [{ email: to }] : to
}

function greeting(name: string | null | undefined): string {
  const clean = mailText(name)
  return clean ? mailStrings.frame.greetingNamed(clean) : mailStrings.frame.greeting
}

function headerHtml(content: MailContent): string {
  const deceased = content.deceased ? deceasedLine(content.deceased) : null
  const brandLink = safeHref(content.site)
  const brand = escapeHtml(mailStrings.frame.brand)
  return (
    `<tr><td align="center" style="padding:28px 32px 20px 32px; border-bottom:1px solid ${colours.rule};">` +
    `<div style="font-family:${SERIF}; font-size:30px; font-weight:700; color:${colours.brand}; line-height:1.2;">` +
    (brandLink
      ? `<a href="${escapeHtml(brandLink)}" target="_blank" style="color:${colours.brand}; text-decoration:none;">${brand}</a>`
      : brand) +
    `</div>` +
    `<div style="font-family:${SANS}; font-size:14px; color:${colours.muted}; padding-top:4px;">${escapeHtml(mailStrings.frame.tagline)}</div>` +
    (deceased
      ? `<div data-mail-deceased style="padding-top:16px; font-family:${SERIF}; color:${colours.ink};">` +
        `<div style="font-size:14px; color:${colours.muted};">${escapeHtml(mailStrings.frame.inMemoryOf)}</div>` +
        `<div style="font-size:22px; font-weight:700;">${escapeHtml(deceased.name)}</div>` +
        (deceased.honorific
          ? `<div style="font-size:14px; color:${colours.muted};">${escapeHtml(deceased.honorific)}</div>`
          : '') +
        `</div>`
      : '') +
    `</td></tr>`
  )
}

const bodyCellStyle = `font-family:${SANS}; font-size:16px; line-height:1.7; color:${colours.ink}; text-align:right;`

function buttonHtml(action: MailLink | null | undefined, afterAction: MailBlock[]): string {
  const href = action ? safeHref(action.href) : null
  if (!action || !href) return ''
  return (
    `<tr><td align="center" style="padding:12px 32px 24px 32px;">` +
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>` +
    `<td align="center" bgcolor="${colours.brand}" style="border-radius:8px;">` +
    `<a data-mail-action href="${escapeHtml(href)}" target="_blank" style="display:inline-block; padding:14px 32px; font-family:${SANS}; font-size:17px; font-weight:700; color:#ffffff; text-decoration:none; border-radius:8px;">${escapeHtml(action.label)}</a>` +
    `</td></tr></table></td></tr>` +
    (afterAction.length
      ? `<tr><td dir="rtl" align="right" style="padding:0 32px 8px 32px; ${bodyCellStyle}">${afterAction.map(blockHtml).join('')}</td></tr>`
      : '') +
    `<tr><td dir="rtl" align="right" style="padding:0 32px 8px 32px; font-family:${SANS}; font-size:13px; line-height:1.7; color:${colours.muted}; text-align:right;">` +
    `<p style="margin:0 0 4px 0;">${escapeHtml(mailStrings.frame.buttonFallback)}</p>` +
    `<p dir="ltr" style="margin:0 0 12px 0; text-align:left; word-break:break-all; font-size:12px;"><a href="${escapeHtml(href)}" target="_blank" style="color:${colours.brand};">${escapeHtml(href)}</a></p>` +
    `</td></tr>`
  )
}

function notesHtml(content: MailContent): string {
  const notes = content.notes ?? []
  const unsubscribe = content.unsubscribe
  if (notes.length === 0 && !unsubscribe) return ''
  return (
    `<tr><td dir="rtl" align="right" style="padding:8px 32px 24px 32px; font-family:${SANS}; font-size:13px; line-height:1.7; color:${colours.muted}; text-align:right; border-top:1px solid ${colours.rule};">` +
    notes.map((note) => `<p style="margin:12px 0 0 0;">${escapeHtml(note)}</p>`).join('') +
    (unsubscribe ? `<p style="margin:12px 0 0 0;">${anchor(unsubscribe, `color:${colours.muted};`)}</p>` : '') +
    `</td></tr>`
  )
}

function footerHtml(content: MailContent): string {
  const recipients = recipientsOf(content.to)
  const sentTo =
    recipients.length === 1
      ? `${escapeHtml(mailStrings.frame.sentTo)} <span dir="ltr">${escapeHtml(recipients[0]!.email)}</span> `
      : ''
  return (
    `<table role="presentation" dir="rtl" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">` +
    `<tr><td align="center" style="padding:16px 12px; font-family:${SANS}; font-size:12px; line-height:1.6; color:${colours.faint};">` +
    (content.reason ? `<p style="margin:0 0 6px 0;">${escapeHtml(content.reason)}</p>` : '') +
    `<p style="margin:0;">${sentTo}${escapeHtml(mailStrings.frame.from)}</p>` +
    `</td></tr></table>`
  )
}

function html(content: MailContent): string {
  const title = content.title ?? content.subject
  return (
    `<!DOCTYPE html><html lang="he" dir="rtl"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light">` +
    `<title>${escapeHtml(title)}</title></head>` +
    `<body dir="rtl" style="margin:0; padding:0; background-color:${colours.page};">` +
    `<table data-mail-frame role="presentation" dir="rtl" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${colours.page};">` +
    `<tr><td align="center" style="padding:32px 12px;">` +
    `<table role="presentation" dir="rtl" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px; background-color:${colours.card}; border-radius:12px; border:1px solid ${colours.border};">` +
    headerHtml(content) +
    `<tr><td dir="rtl" align="right" style="padding:28px 32px 8px 32px; ${bodyCellStyle}">` +
    `<h1 style="margin:0 0 16px 0; font-family:${SERIF}; font-size:22px; font-weight:700; color:${colours.ink};">${escapeHtml(title)}</h1>` +
    `<p style="${paragraphStyle}">${escapeHtml(greeting(content.greetName))}</p>` +
    content.blocks.map(blockHtml).join('') +
    `</td></tr>` +
    buttonHtml(content.action, content.afterAction ?? []) +
    notesHtml(content) +
    `</table>` +
    footerHtml(content) +
    `</td></tr></table></body></html>`
  )
}

function text(content: MailContent): string {
  const deceased = content.deceased ? deceasedLine(content.deceased) : null
  const action = content.action && safeHref(content.action.href)
  const unsubscribe = content.unsubscribe && safeHref(content.unsubscribe.href)
  return [
    content.title ?? content.subject,
    ...(deceased
      ? [`${mailStrings.frame.inMemoryOf} ${deceased.name}${deceased.honorific ? `, ${deceased.honorific}` : ''}`]
      : []),
    '',
    greeting(content.greetName),
    '',
    ...content.blocks.flatMap((block) => [blockText(block), '']),
    ...(action ? [`${content.action!.label}: ${action}`, ''] : []),
    ...(action ? (content.afterAction ?? []).flatMap((block) => [blockText(block), '']) : []),
    ...(content.notes ?? []),
    ...(unsubscribe ? [`${content.unsubscribe!.label}: ${unsubscribe}`] : []),
    '',
    '—',
    ...(content.reason ? [content.reason] : []),
    `${mailStrings.frame.brand} · ${mailStrings.frame.tagline}`,
  ]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** The e-mail `content` describes, in the frame: its HTML and its plain-text twin. */
export function framedMail(content: MailContent): OutgoingMail {
  return { to: recipientsOf(content.to), subject: content.subject, html: html(content), text: text(content) }
}
