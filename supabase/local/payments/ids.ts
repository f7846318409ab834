/** Object ids shaped like Stripe's: `cs_test_a1B2…`, `pi_3Q…`, `evt_…`. */
import { randomBytes } from 'node:crypto'

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

function randomToken(length: number): string {
  const bytes = randomBytes(length)
  let token = ''
  for (const byte of bytes) token += ALPHABET[byte % ALPHABET.length]
  return token
}

export function stripeId(prefix: string, length = 24): string {
  return `${prefix}_${randomToken(length)}`
}

export const nowSeconds = () => Math.floor(Date.now() / 1000)
