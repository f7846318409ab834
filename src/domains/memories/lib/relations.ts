import { earlierRelations } from '@shared/deceased-words.ts'
import { memoriesStrings } from '@/domains/memories/strings/memories'

/** The relation filter of the view: all, family member, family, friend, neighbour, colleague, distant acquaintance, other. */
export const relationFilterKeys = [
  'all',
  'familyMember',
  'family',
  'friend',
  'neighbour',
  'colleague',
  'acquaintance',
  'other',
] as const

export type RelationFilterKey = (typeof relationFilterKeys)[number]
export type RelationKey = Exclude<RelationFilterKey, 'all'>

/** The add-memory form's choices; family-code entrants get 'family member' instead. */
export const relationFormKeys = ['family', 'friend', 'neighbour', 'colleague', 'acquaintance', 'other'] as const

export type RelationFormKey = (typeof relationFormKeys)[number]

/** The value the form stores for a choice (the Hebrew label, e.g. friend). */
export function relationValue(key: RelationKey): string {
  return memoriesStrings.relationValues[key]
}

function normalise(text: string): string {
  return text.trim().replace(/\s+/g, ' ')
}

const knownSpellings: ReadonlyArray<[string, RelationKey]> = (
  Object.keys(memoriesStrings.relationValues) as RelationKey[]
).flatMap((key) => [
  [normalise(memoriesStrings.relationValues[key]), key] as [string, RelationKey],
  [normalise(memoriesStrings.relationFilter[key]), key] as [string, RelationKey],
])

const legacySpellings = Object.entries(earlierRelations).map(
  ([key, spelling]) => [normalise(spelling), key as RelationKey] as [string, RelationKey],
)

/** Which filter a stored relation belongs to (earlier spellings too); anything unknown counts as 'other'. */
export function relationKeyOf(relation: string | null | undefined): RelationKey {
  const value = normalise(relation ?? '')
  return [...knownSpellings, ...legacySpellings].find(([spelling]) => spelling === value)?.[1] ?? 'other'
}
