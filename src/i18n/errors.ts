import { createTranslator } from './translator'

/**
 * The words for a failure that names no refusal. A catalogue of its own, so the refusal reader
 * (which the head script's early requests use) does not carry the core catalogue into index.html.
 */
const errorStrings = {
  unexpected: 'אירעה שגיאה בלתי צפויה, נסו שוב בעוד רגע',
} as const

export const tErrors = createTranslator(errorStrings)
