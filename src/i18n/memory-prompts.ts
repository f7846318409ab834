/**
 * The three questions a memory answers, by their number: the add-memory form asks them, the book
 * shows each text under its question, and the album and the exported book print them.
 */
export const memoryPromptStrings = {
  text1: 'זכרון ראשון',
  text2: 'רגע שלא תשכח',
  text3: 'מה לא הספקת להגיד?',
} as const
