import { readStorage, removeFromStorage, storageKeys, writeStorage } from '@/lib/browser-storage'

/*
 * An ownership-transfer invitation opened at /login (?invite_token=…): kept until the invitee is
 * signed in, so that logging in — or registering and confirming the e-mail first — ends on the
 * dashboard, which records the request for the owner's approval.
 */

const tokenPattern = /^[A-Za-z0-9_-]{32,200}$/

export function savePendingOwnershipTransfer(token: string): void {
  const trimmed = token.trim()
  if (tokenPattern.test(trimmed)) writeStorage(storageKeys.pendingOwnershipTransfer, trimmed)
}

export function readPendingOwnershipTransfer(): string | null {
  const token = readStorage(storageKeys.pendingOwnershipTransfer)?.trim() ?? ''
  return tokenPattern.test(token) ? token : null
}

export function clearPendingOwnershipTransfer(): void {
  removeFromStorage(storageKeys.pendingOwnershipTransfer)
}
