/**
 * A code as people type it (gift codes, family codes, coupons): spaces and dashes anywhere are
 * dropped, letters upper-cased. No imports, so the browser imports this file as it is.
 */

/** Whitespace of any kind, the hyphen-minus, Unicode dashes and the Hebrew maqaf. */
const separators = /[\s\-\u2010-\u2015\u2212\u05BE]/g

export function normalizeTypedCode(code: string): string {
  return code.replace(separators, '').toUpperCase()
}
