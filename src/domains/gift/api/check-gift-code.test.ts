import { beforeEach, describe, expect, it, vi } from 'vitest'
import { accountsStrings as s } from '@/domains/accounts/strings/accounts'

const invoke = vi.fn()
vi.mock('@/lib/edge-functions', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/edge-functions')>()),
  invokeEdgeFunction: (...args: unknown[]) => invoke(...args),
}))
const { Refusal } = await import('@/lib/refusal')

const { checkGiftCode, giftCodeCheckFailureMessage, giftCodeStatusMessage, GiftCodeAnswerError } = await import(
  './check-gift-code'
)

describe('checkGiftCode', () => {
  beforeEach(() => invoke.mockReset())

  it('asks the server with the code trimmed and uppercased', async () => {
    invoke.mockResolvedValue({ status: 'ok' })
    expect(await checkGiftCode('  abcd2345 ')).toBe('ok')
    expect(invoke).toHaveBeenCalledWith('check-gift-code', { code: 'ABCD2345' })
  })

  it('throws the lookup error, and an answer it cannot read', async () => {
    invoke.mockRejectedValue({ message: 'boom' })
    await expect(checkGiftCode('X')).rejects.toEqual({ message: 'boom' })
    invoke.mockResolvedValue({ book: 'secret' })
    await expect(checkGiftCode('X')).rejects.toBeInstanceOf(GiftCodeAnswerError)
  })

  it('shows the server refusal (too many attempts) as is', () => {
    const locked = new Refusal(429, 'gift_check_locked', 'יותר מדי ניסיונות, נסו שוב בעוד מספר דקות')
    expect(giftCodeCheckFailureMessage(locked)).toBe('יותר מדי ניסיונות, נסו שוב בעוד מספר דקות')
  })
})

describe('the gift-code messages of the register screen', () => {
  it.each([
    ['ok', null],
    ['not_found', 'נא לבדוק את הקוד שקיבלת שנית'],
    ['claimed', 'קוד המתנה כבר נתבע'],
    ['unavailable', 'קוד המתנה לא זמין לתביעה'],
    ['expired', 'קוד המתנה פג תוקפו'],
  ] as const)('%s → %o', (status, message) => {
    expect(giftCodeStatusMessage(status)).toBe(message)
  })

  it.each([
    ['a failed lookup', { message: 'Failed to fetch' }, 'שגיאה בבדיקת קוד המתנה. אנא נסו שוב.'],
    ['an unreadable answer', new GiftCodeAnswerError('?'), 'שגיאה בבדיקת תוקף הקוד. אנא נסו שוב.'],
  ])('%s → %s', (_label, error, message) => {
    expect(giftCodeCheckFailureMessage(error)).toBe(message)
  })

  it('keeps the activation error text for the claim step', () => {
    expect(s.register.errors.giftActivationFailed).toBe('שגיאה בהפעלת המתנה')
  })
})
