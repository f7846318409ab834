/** Keys the app keeps in the browser's local storage. */
export const storageKeys = {
  needsToSelectPlan: 'needsToSelectPlan',
} as const

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys]

/** Local storage can be missing or refuse access (private modes, blocked cookies); treat that as empty. */
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function removeFromStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key)
  } catch {
    // Nothing stored is nothing to remove.
  }
}
