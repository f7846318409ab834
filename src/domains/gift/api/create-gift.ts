import { useMutation, useQueryClient } from '@tanstack/react-query'
import { giftKeys } from '@/domains/gift/api/gift-keys'
import { createGift, type PurchasedGift } from '@/domains/gift/api/gifts'
import { tGifts as t } from '@/domains/gift/strings/gifts'
import { Refusal, refusalMessage } from '@/lib/refusal'

const maxCreateGiftAttempts = 5
const retryDelayMs = 2000

/**
 * A connection problem is tried again (5 attempts in all); a refusal never is. While the device is
 * offline the mutation waits (TanStack Query pauses a retry until the connection returns) and then
 * goes on by itself: the server answers the gift of a session that already has one, so a retry
 * after a lost answer creates nothing twice.
 */
export function retriesCreateGift(failures: number, error: unknown): boolean {
  return !(error instanceof Refusal) && failures < maxCreateGiftAttempts
}

export function createGiftFailureMessage(error: unknown): string {
  return refusalMessage(error, t('generation.createError'))
}

/**
 * Creates the gift of this payment session. The new gift replaces the 'no gift yet'
 * answer of the check before the form, which must not stand in for it.
 */
export function useCreateGift(sessionId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (names: { recipient_name: string; deceased_name: string }): Promise<PurchasedGift> => ({
      ...(await createGift({ session_id: sessionId, ...names })),
      gift_purchased_at: null,
    }),
    // Unlike the app's other writes, this one waits for the connection to return rather than fail.
    networkMode: 'online',
    retry: (failureCount, error) => retriesCreateGift(failureCount + 1, error),
    retryDelay: retryDelayMs,
    onSuccess: (gift) => queryClient.setQueryData(giftKeys.of(sessionId), gift),
  })
}
