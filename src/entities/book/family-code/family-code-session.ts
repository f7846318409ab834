/*
 * The access grant the server gave for a right family code (never the code itself), kept for this
 * browser tab (sessionStorage) so that reloading the book, or opening "add memory" from it, does
 * not ask for the code again until the grant expires. Never in localStorage: a shared phone
 * forgets it with the tab.
 */

const keyFor = (bookUuid: string) => `zochrim.familyAccess.${bookUuid}`

export function rememberFamilyAccess(bookUuid: string, grant: string): void {
  try {
    window.sessionStorage.setItem(keyFor(bookUuid), grant)
  } catch {
    // Storage refused (private mode): the code is asked for again next time.
  }
}

export function recallFamilyAccess(bookUuid: string): string | null {
  try {
    return window.sessionStorage.getItem(keyFor(bookUuid))
  } catch {
    return null
  }
}

export function forgetFamilyAccess(bookUuid: string): void {
  try {
    window.sessionStorage.removeItem(keyFor(bookUuid))
  } catch {
    // Nothing stored is nothing to forget.
  }
}

/** A code as typed: spaces removed, upper case (the server ignores case too). */
export function normaliseFamilyCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase()
}

/** Every family-code gate accepts exactly 4 or exactly 6 characters. */
export function isFamilyCodeLength(code: string): boolean {
  const length = normaliseFamilyCode(code).length
  return length === 4 || length === 6
}
