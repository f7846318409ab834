import { useMutation } from '@tanstack/react-query'
import { tAccounts as t } from '@/i18n/accounts'
import { getTypedSupabase } from '@/lib/supabase'
import { normalizeGiftCode } from '../pending-gift-code'

export const giftCodeStatuses = ['ok', 'not_found', 'claimed', 'unavailable', 'expired'] as const
export type GiftCodeStatus = (typeof giftCodeStatuses)[number]

/** The server's answer was not one of the statuses (an unexpected reply while checking validity). */
export class GiftCodeAnswerError extends Error {
  constructor(answer: unknown) {
    super(`check_gift_code answered ${JSON.stringify(answer)}`)
    this.name = 'GiftCodeAnswerError'
  }
}

function isGiftCodeStatus(value: unknown): value is GiftCodeStatus {
  return giftCodeStatuses.some((status) => status === value)
}

/** Can this gift code be claimed now? Asked of the server (check_gift_code), which answers only a status. */
export async function checkGiftCode(code: string): Promise<GiftCodeStatus> {
  const supabase = await getTypedSupabase()
  const { data, error } = await supabase.rpc('check_gift_code', { code: normalizeGiftCode(code) })
  if (error) throw error
  if (!isGiftCodeStatus(data)) throw new GiftCodeAnswerError(data)
  return data
}

export function useCheckGiftCode() {
  return useMutation({ mutationFn: checkGiftCode })
}

/** The Hebrew text for a status that refuses the code (spec 000 §8, Register); null for ok. */
export function giftCodeStatusMessage(status: GiftCodeStatus): string | null {
  switch (status) {
    case 'ok':
      return null
    case 'not_found':
      return t('register.errors.giftNotFound')
    case 'claimed':
      return t('register.errors.giftClaimed')
    case 'unavailable':
      return t('register.errors.giftUnavailable')
    case 'expired':
      return t('register.errors.giftExpired')
  }
}

/** The text when the check itself failed: the lookup, or an answer that could not be read. */
export function giftCodeCheckFailureMessage(error: unknown): string {
  return error instanceof GiftCodeAnswerError ? t('register.errors.giftExpiryCheckFailed') : t('register.errors.giftLookupFailed')
}
