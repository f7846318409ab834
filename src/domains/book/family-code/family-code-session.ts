import { normalizeTypedCode } from '@contracts/typed-code.ts'
/*
 * The access grant the server gave for a right family code (never the code itself), kept for this
 * browser tab (sessionStorage) so that reloading the book, or opening "add memory" from it, does
 * not ask for the code again until the grant expires. Never in localStorage: a shared phone
 * forgets it with the tab.
 */

const keyFor = (bookId: string) => `zochrim.familyAccess.${bookId}`
const heldKeyFor = (bookId: string) => `zochrim.familyAccessHeld.${bookId}`

export function rememberFamilyAccess(bookId: string, grant: string): void {
  try {
    window.sessionStorage.setItem(keyFor(bookId), grant)
  } catch {
    // Storage refused (private mode): the code is asked for again next time.
  }
}

export function recallFamilyAccess(bookId: string): string | null {
  try {
    return window.sessionStorage.getItem(keyFor(bookId))
  } catch {
    return null
  }
}

/**
 * Forgets the grant the server no longer accepts, keeping it aside: a code typed again in this tab
 * is sent with it, and the server lets a browser that held a grant of the book in the last days
 * through even while typed codes are paused for the book.
 */
export function forgetFamilyAccess(bookId: string): void {
  try {
    const grant = window.sessionStorage.getItem(keyFor(bookId))
    if (grant) window.sessionStorage.setItem(heldKeyFor(bookId), grant)
    window.sessionStorage.removeItem(keyFor(bookId))
  } catch {
    // Nothing stored is nothing to forget.
  }
}

/** The grant this tab holds for the book, or the last one it held. */
export function recallHeldGrant(bookId: string): string | null {
  try {
    return window.sessionStorage.getItem(keyFor(bookId)) ?? window.sessionStorage.getItem(heldKeyFor(bookId))
  } catch {
    return null
  }
}

/** A code as typed: spaces and dashes removed, upper case (the server does the same). */
export function normaliseFamilyCode(code: string): string {
  return normalizeTypedCode(code)
}

/** Every family-code gate accepts exactly 4 or exactly 6 characters. */
export function isFamilyCodeLength(code: string): boolean {
  const length = normaliseFamilyCode(code).length
  return length === 4 || length === 6
}
