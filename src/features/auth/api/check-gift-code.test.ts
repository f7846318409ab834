import { beforeEach, describe, expect, it, vi } from 'vitest'
import { accountsStrings as s } from '@/i18n/accounts'

const rpc = vi.fn()
vi.mock('@/lib/supabase', () => ({ getTypedSupabase: async () => ({ rpc }) }))

const { checkGiftCode, giftCodeCheckFailureMessage, giftCodeStatusMessage, GiftCodeAnswerError } = await import('./check-gift-code')

describe('checkGiftCode', () => {
  beforeEach(() => rpc.mockReset())

  it('asks the server with the code trimmed and uppercased', async () => {
    rpc.mockResolvedValue({ data: 'ok', error: null })
    expect(await checkGiftCode('  abcd2345 ')).toBe('ok')
    expect(rpc).toHaveBeenCalledWith('check_gift_code', { code: 'ABCD2345' })
  })

  it('throws the lookup error, and an answer it cannot read', async () => {
    rpc.mockResolvedValue({ data: null, error: { message: 'boom' } })
    await expect(checkGiftCode('X')).rejects.toEqual({ message: 'boom' })
    rpc.mockResolvedValue({ data: { book: 'secret' }, error: null })
    await expect(checkGiftCode('X')).rejects.toBeInstanceOf(GiftCodeAnswerError)
  })
})

describe('the gift-code messages of spec 000 §8 (Register)', () => {
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
    ['a failed lookup', { message: 'Failed to fetch' }, 'שגיאה בבדיקת קוד המתנה. אנא נסה שוב.'],
    ['an unreadable answer', new GiftCodeAnswerError('?'), 'שגיאה בבדיקת תוקף הקוד. אנא נסה שוב.'],
  ])('%s → %s', (_label, error, message) => {
    expect(giftCodeCheckFailureMessage(error)).toBe(message)
  })

  it('keeps the activation error text for the claim step', () => {
    expect(s.register.errors.giftActivationFailed).toBe('שגיאה בהפעלת המתנה')
  })
})
