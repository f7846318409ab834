/**
 * The deceased honorific rule, as the SPA applies it (src/lib/honorific.ts, strings in
 * src/i18n/honorific.ts). Edge functions are deployed from supabase/functions alone, so the rule is
 * repeated here; src/lib/honorific.test.ts runs the same cases against both copies.
 */
const SUFFIX = 'ז״ל'

const RECOGNISED_HONORIFICS: readonly string[] = [
  'ז"ל',
  'זצ"ל',
  'זצוק"ל',
  'הי"ד',
  'ע"ה',
  'נ"ע',
  'זי"ע',
  'זכרונו לברכה',
  'זכרונה לברכה',
  'זיכרונו לברכה',
  'זיכרונה לברכה',
]

const LOVED_ONE = 'יקירנו'

function normaliseQuotes(text: string): string {
  return text.replace(/[\u05F4\u201C\u201D\u201E]|[\u05F3']{2}/g, '"')
}

function collapseSpaces(text: string): string {
  return text.trim().replace(/\s+/g, ' ')
}

export function hasHonorific(name: string): boolean {
  const normalised = normaliseQuotes(collapseSpaces(name)).replace(/[\s.,;:!)\]]+$/, '')
  return RECOGNISED_HONORIFICS.some(
    (honorific) =>
      normalised === honorific || normalised.endsWith(` ${honorific}`) || normalised.endsWith(`(${honorific}`),
  )
}

export function withHonorific(name: string | null | undefined): string {
  const trimmed = collapseSpaces(name ?? '')
  if (trimmed === '') return ''
  return hasHonorific(trimmed) ? trimmed : `${trimmed} ${SUFFIX}`
}

export function deceasedReference(name: string | null | undefined): string {
  return withHonorific(name) || LOVED_ONE
}
