/** Keys the app keeps in the browser's local storage. */
export const storageKeys = {
  needsToSelectPlan: 'needsToSelectPlan',
  /** The temporary registration data (registration-data.ts of the user entity). */
  registrationData: 'tempRegistrationData',
  pendingGiftCode: 'pendingGiftCode',
  giftCompletionData: 'giftCompletionData',
  /** The onboarding answers ({relationship, deceasedName}), kept by onboarding-storage.ts. */
  onboardingData: 'onboardingData',
  selectedPlan: 'selectedPlan',
  /** A random token of this browser (visitor-token.ts): one candle a day, and a memory is not added twice. */
  visitorToken: 'zochrimVisitor',
  /** An ownership-transfer invitation opened before signing in: src/domains/family-admins/ownership-transfer/pending-ownership-transfer.ts. */
  pendingOwnershipTransfer: 'pendingOwnershipTransfer',
  /** A family-admin invitation whose joiner is confirming their e-mail: src/features/family-admins. */
  pendingFamilyInvite: 'pendingFamilyInvite',
  /** The cards of the books this device last opened to write in: src/features/add-memory/lib/kept-cards.ts. */
  writingCards: 'zochrimWritingCards',
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

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    // A full or blocked storage loses the value; the flows that read it handle its absence.
  }
}

export function removeFromStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key)
  } catch {
    // Nothing stored is nothing to remove.
  }
}
