import { readStorage, storageKeys, writeStorage } from './browser-storage'

/**
 * This browser's random visitor token, made on first use: the server counts a visitor's candles by
 * it and recognises a memory the same browser already sent.
 */
export function visitorToken(): string {
  const stored = readStorage(storageKeys.visitorToken)
  if (stored && /^[A-Za-z0-9_-]{16,100}$/.test(stored)) return stored
  const token = crypto.randomUUID().replace(/-/g, '')
  writeStorage(storageKeys.visitorToken, token)
  return token
}
