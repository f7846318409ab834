import { readStorage, removeFromStorage, storageKeys, writeStorage } from '@/lib/browser-storage'

/** A gift code as people type it: surrounding spaces dropped, upper case. */
export function normalizeGiftCode(code: string): string {
  return code.trim().toUpperCase()
}

/** The gift code a visitor meant to claim before signing in. */
export function readPendingGiftCode(): string | null {
  const code = normalizeGiftCode(readStorage(storageKeys.pendingGiftCode) ?? '')
  return code || null
}

export function savePendingGiftCode(code: string): void {
  writeStorage(storageKeys.pendingGiftCode, normalizeGiftCode(code))
}

export function clearPendingGiftCode(): void {
  removeFromStorage(storageKeys.pendingGiftCode)
}
