/**
 * The words a book uses of the deceased and of its writers, for the app (cover, album, export) and
 * the edge functions' e-mails alike. The family says once, with the honorific, whether the book
 * speaks of a man or a woman (memory_books.deceased_gender); a book without it speaks neutrally,
 * in nouns ("לידה", "פטירה"), never in slash forms ("נולד/ה"). A writer's relation reads as a
 * word: the slash forms stored by earlier versions ("חבר/ה") are shown in their neutral wording.
 */

export const deceasedGenders = ['male', 'female'] as const
export type DeceasedGender = (typeof deceasedGenders)[number]

export interface DeceasedWords {
  /** Before the date of birth: "נולד", "נולדה", or the noun "לידה". */
  born: string
  /** Before the date of death: "נפטר", "נפטרה", or the noun "פטירה". */
  died: string
  /** The honorific phrase in full. */
  memoryBlessed: string
}

const words: Record<DeceasedGender | 'neutral', DeceasedWords> = {
  male: { born: 'נולד', died: 'נפטר', memoryBlessed: 'זכרונו לברכה' },
  female: { born: 'נולדה', died: 'נפטרה', memoryBlessed: 'זכרונה לברכה' },
  neutral: { born: 'לידה', died: 'פטירה', memoryBlessed: 'זכרונם לברכה' },
}

// A gendered honorific the family typed with the name speaks for a book saved before the question.
const herHonorifics = ['זכרונה לברכה', 'זיכרונה לברכה', 'עליה השלום']
const hisHonorifics = ['זכרונו לברכה', 'זיכרונו לברכה', 'עליו השלום']

function isGender(value: unknown): value is DeceasedGender {
  return (deceasedGenders as readonly unknown[]).includes(value)
}

/** The book's gender: the family's choice, else a gendered honorific in the name, else none. */
export function deceasedGenderOf(stored: string | null | undefined, name?: string | null): DeceasedGender | null {
  if (isGender(stored)) return stored
  const typed = (name ?? '').replace(/\s+/g, ' ')
  if (herHonorifics.some((honorific) => typed.includes(honorific))) return 'female'
  if (hisHonorifics.some((honorific) => typed.includes(honorific))) return 'male'
  return null
}

/** The words for the deceased of a book of this gender (neutral nouns without one). */
export function deceasedWords(gender: DeceasedGender | null): DeceasedWords {
  return words[gender ?? 'neutral']
}

/** The relations earlier versions stored (slash forms among them), by the form's choice. */
export const earlierRelations = {
  familyMember: 'בן משפחה',
  friend: 'חבר/ה',
  neighbour: 'שכן/ה',
  colleague: 'קולגה',
  acquaintance: 'מכר/ת רחוק/ה',
  other: 'אחר/ת',
} as const

/** The word each earlier relation is shown as. */
const relationWording: Readonly<Record<string, string>> = {
  [earlierRelations.familyMember]: 'מהמשפחה',
  [earlierRelations.friend]: 'מהחברים',
  [earlierRelations.neighbour]: 'מהשכנים',
  [earlierRelations.colleague]: 'מהעבודה',
  [earlierRelations.acquaintance]: 'מהמכרים',
  [earlierRelations.other]: 'קשר אחר',
}

/** How a writer's stored relation reads: a word, never a slash form; null when there is none. */
export function relationWord(stored: string | null | undefined): string | null {
  const relation = (stored ?? '').trim().replace(/\s+/g, ' ')
  if (relation === '') return null
  return relationWording[relation] ?? relation
}
