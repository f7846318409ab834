/** The request headers that shape a PostgREST response: Prefer, Accept, Range, profiles. */
import { RestError } from './errors.ts'
import { EXPOSED_SCHEMA } from './schema-types.ts'

export interface Preferences {
  count?: 'exact' | 'planned' | 'estimated'
  return?: 'minimal' | 'representation' | 'headers-only'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  missingDefault: boolean
  rollback: boolean
  /** The preferences honoured, for `Preference-Applied`. */
  applied: string[]
}

const PREFERENCE_VALUES: Record<string, readonly string[]> = {
  count: ['exact', 'planned', 'estimated'],
  return: ['minimal', 'representation', 'headers-only'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
}

/** Unknown or malformed preferences are ignored (PostgREST's lenient handling). */
export function parsePreferences(header: string | null): Preferences {
  const prefs: Preferences = { missingDefault: false, rollback: false, applied: [] }
  for (const part of (header ?? '').split(',')) {
    const [name = '', value = ''] = part
      .trim()
      .split('=')
      .map((s) => s.trim())
    if (!PREFERENCE_VALUES[name]?.includes(value)) continue
    if (name === 'count') prefs.count = value as Preferences['count']
    else if (name === 'return') prefs.return = value as Preferences['return']
    else if (name === 'resolution') prefs.resolution = value as Preferences['resolution']
    else if (name === 'missing') prefs.missingDefault = value === 'default'
    else if (name === 'tx') prefs.rollback = value === 'rollback'
    prefs.applied.push(`${name}=${value}`)
  }
  return prefs
}

export type MediaType = 'json' | 'object' | 'csv'

export interface AcceptInfo {
  media: MediaType
  stripNulls: boolean
}

export function parseAccept(header: string | null): AcceptInfo {
  const value = (header ?? '').toLowerCase()
  const stripNulls = /nulls=stripped/.test(value)
  if (value.includes('application/vnd.pgrst.object')) return { media: 'object', stripNulls }
  if (value.startsWith('text/csv')) return { media: 'csv', stripNulls }
  return { media: 'json', stripNulls }
}

/** `Range: 0-9` (items) as offset/limit; absent or open-ended ranges give what they can. */
export function parseRangeHeader(header: string | null): { offset: number; limit?: number } | undefined {
  const match = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(header ?? '')
  if (!match) return undefined
  const offset = Number(match[1])
  return match[2] ? { offset, limit: Math.max(0, Number(match[2]) - offset + 1) } : { offset }
}

/** Accept-Profile (reads) / Content-Profile (writes) must name the exposed schema. */
export function checkProfile(req: Request): void {
  const header = ['GET', 'HEAD'].includes(req.method) ? 'accept-profile' : 'content-profile'
  const profile = req.headers.get(header)
  if (profile && profile !== EXPOSED_SCHEMA) {
    throw new RestError(406, 'PGRST106', `The schema must be one of the following: ${EXPOSED_SCHEMA}`, null, null)
  }
}
