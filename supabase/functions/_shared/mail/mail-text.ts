/**
 * A field a stranger wrote (a book's name, a visitor's name), made fit for an e-mail's subject or
 * greeting: no control or invisible formatting characters (a line break in a subject starts a new
 * header; bidirectional overrides reorder what the reader sees), no links, addresses or domain
 * names (a book named "call 050… or visit pay-here.example" would reach every subscriber's inbox
 * as the service's own words), one line, at most `maxLength` characters.
 */

const INVISIBLE = /[\p{Cc}\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/gu
const EMAIL = /[^\s@]+@[^\s@]+/g
const URL_WITH_SCHEME = /\b[a-z][a-z0-9+.-]*:\/\/\S*/gi
const WWW = /\bwww\.\S*/gi
/** A host name: labels of Latin letters, digits or hyphens, a dot, and a top-level domain of 2+ letters. */
const DOMAIN = /\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?[.。])+(?:[a-z]{2,24}|xn--[a-z0-9-]+)\b\/?\S*/gi

export function mailText(value: string | null | undefined, maxLength = 120): string {
  const text = (value ?? '')
    .normalize('NFKC')
    .replace(INVISIBLE, ' ')
    .replace(EMAIL, ' ')
    .replace(URL_WITH_SCHEME, ' ')
    .replace(WWW, ' ')
    .replace(DOMAIN, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text
}

/** A date as the e-mails write it: the day, the Hebrew month name and the year, in Israel's time. */
export function heDate(iso: string): string {
  return new Intl.DateTimeFormat('he-IL', { dateStyle: 'long', timeZone: 'Asia/Jerusalem' }).format(new Date(iso))
}
