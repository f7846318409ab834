/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracketed keys, e.g.
 * `line_items[0][price_data][unit_amount]=9900&metadata[book_id]=…&payment_method_types[0]=card`.
 * Decoded by qs into nested objects; objects whose keys are all indexes become arrays. Values stay
 * strings. qs refuses keys that would reach Object.prototype (`__proto__[x]`, `constructor[prototype]`),
 * so a request body cannot change the objects of the process that also runs auth, REST and storage.
 */
import qs from 'qs'

export type FormValue = string | FormValue[] | { [key: string]: FormValue }
export type FormObject = { [key: string]: FormValue }

const PARSE_OPTIONS: qs.IParseOptions = {
  allowPrototypes: false,
  plainObjects: false,
  depth: 10,
  parameterLimit: 1000,
  arrayLimit: 100,
  throwOnLimitExceeded: false,
}

function arraysFromIndexes(value: unknown): FormValue {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.map(arraysFromIndexes)
  if (!value || typeof value !== 'object') return ''
  const keys = Object.keys(value)
  const entries = keys.map((key) => [key, arraysFromIndexes((value as Record<string, unknown>)[key])] as const)
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item)
  }
  return Object.fromEntries(entries)
}

export function parseStripeForm(body: string): FormObject {
  return arraysFromIndexes(qs.parse(body, PARSE_OPTIONS)) as FormObject
}
