import { normalizeTypedCode } from '@contracts/typed-code.ts'
import { readStorage, removeFromStorage, storageKeys, writeStorage } from '@/lib/browser-storage'

/** A gift code as people type it: spaces and dashes anywhere dropped, upper case. */
export function normalizeGiftCode(code: string): string {
  return normalizeTypedCode(code)
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
