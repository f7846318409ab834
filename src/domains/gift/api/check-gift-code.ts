import { useMutation } from '@tanstack/react-query'
import { GIFT_CODE_STATUSES, type GiftCodeStatus } from '@contracts/gift-common.ts'
import { tAccounts as t } from '@/domains/accounts/strings/accounts'
import { invokeEdgeFunction } from '@/lib/edge-functions'
import { Refusal } from '@/lib/refusal'
import { normalizeGiftCode } from '@/domains/gift/lib/pending-gift-code'

export type { GiftCodeStatus }

/** The server's answer was not one of the statuses (an unexpected reply while checking validity). */
export class GiftCodeAnswerError extends Error {
  constructor(answer: unknown) {
    super(`check_gift_code answered ${JSON.stringify(answer)}`)
    this.name = 'GiftCodeAnswerError'
  }
}

function isGiftCodeStatus(value: unknown): value is GiftCodeStatus {
  return GIFT_CODE_STATUSES.some((status) => status === value)
}

/**
 * Can this gift code be claimed now? Asked of the check-gift-code function, which answers only a
 * status and counts the attempt against this client.
 */
export async function checkGiftCode(code: string): Promise<GiftCodeStatus> {
  const answer = await invokeEdgeFunction('check-gift-code', { code: normalizeGiftCode(code) })
  // Checked at run time too: an answer that is not one of the statuses is a failure of its own.
  const status: unknown = answer?.status
  if (!isGiftCodeStatus(status)) throw new GiftCodeAnswerError(answer)
  return status
}

export function useCheckGiftCode() {
  return useMutation({ mutationFn: checkGiftCode })
}

/** The Hebrew text for a status that refuses the code; null for ok. */
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
  if (error instanceof Refusal) return error.message
  return error instanceof GiftCodeAnswerError
    ? t('register.errors.giftExpiryCheckFailed')
    : t('register.errors.giftLookupFailed')
}
