/**
 * The deceased honorific rule, one for the app (every screen that names the deceased) and the edge
 * functions (the share preview, the e-mails' frame). A name gets the 'of blessed memory'
 * abbreviation unless it already ends with an honorific (the usual abbreviations, with gershayim,
 * a plain or a typographic double quote). An empty name has no honorific; texts that need words
 * there use `deceasedReference`, which falls back to 'our dear one'.
 */

/**
 * The mark added after a name, the marks and phrases that already are an honorific (written with a
 * plain double quote; gershayim and typographic quotes are compared as the same character), and the
 * words used when no name is known.
 */
export const honorificStrings = {
  suffix: 'ז״ל',
  recognised: {
    zal: 'ז"ל',
    zatsal: 'זצ"ל',
    zatsukal: 'זצוק"ל',
    hyd: 'הי"ד',
    alavHashalom: 'ע"ה',
    nishmatoEden: 'נ"ע',
    zechuto: 'זי"ע',
    hisMemoryBlessed: 'זכרונו לברכה',
    herMemoryBlessed: 'זכרונה לברכה',
    hisMemoryBlessedFull: 'זיכרונו לברכה',
    herMemoryBlessedFull: 'זיכרונה לברכה',
  },
  lovedOne: 'יקירנו',
} as const

/** Gershayim (U+05F4), typographic quotes (” “) and two gereshes or apostrophes all count as a double quote. */
function normaliseQuotes(text: string): string {
  return text.replace(/[\u05F4\u201C\u201D\u201E]|[\u05F3']{2}/g, '"')
}

function collapseSpaces(text: string): string {
  return text.trim().replace(/\s+/g, ' ')
}

const recognisedHonorifics: readonly string[] = Object.values(honorificStrings.recognised)

/** Does the name already end with an honorific (as its own word)? */
export function hasHonorific(name: string): boolean {
  const normalised = normaliseQuotes(collapseSpaces(name)).replace(/[\s.,;:!)\]]+$/, '')
  return recognisedHonorifics.some(
    (honorific) =>
      normalised === honorific || normalised.endsWith(` ${honorific}`) || normalised.endsWith(`(${honorific}`),
  )
}

/** The name with the deceased honorific (a name gains the abbreviation after it); '' for an empty name. */
export function withHonorific(name: string | null | undefined): string {
  const trimmed = collapseSpaces(name ?? '')
  if (trimmed === '') return ''
  return hasHonorific(trimmed) ? trimmed : `${trimmed} ${honorificStrings.suffix}`
}

/** How a text refers to the deceased: the name with its honorific, or 'our dear one' when no name is known. */
export function deceasedReference(name: string | null | undefined): string {
  return withHonorific(name) || honorificStrings.lovedOne
}
