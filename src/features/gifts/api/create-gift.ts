import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createGift, giftOfKey, type PurchasedGift } from '@/entities/gift/api/gifts'
import { tGifts as t } from '@/i18n/gifts'
import { EdgeFunctionError } from '@/lib/edge-functions'

const maxCreateGiftAttempts = 3
const retryDelayMs = 2000

export interface GiftRef {
  sessionId: string | null
  bookId: string | null
}

/** A connection problem is tried again (3 attempts in all) while the device is online; a refusal never is. */
export function retriesCreateGift(failures: number, error: unknown, online: boolean): boolean {
  return !(error instanceof EdgeFunctionError) && online && failures < maxCreateGiftAttempts
}

export function createGiftFailureMessage(error: unknown): string {
  return error instanceof EdgeFunctionError ? error.message : t('generation.createError')
}

/**
 * Creates the gift of this payment session (or legacy book). The new gift replaces the 'no gift yet'
 * answer of the check before the form, which must not stand in for it.
 */
export function useCreateGift(ref: GiftRef) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (names: { recipient_name: string; deceased_name: string }): Promise<PurchasedGift> => ({
      ...(await createGift({ session_id: ref.sessionId, book_id: ref.bookId, ...names })),
      gift_purchased_at: null,
    }),
    retry: (failureCount, error) => retriesCreateGift(failureCount + 1, error, navigator.onLine),
    retryDelay: retryDelayMs,
    onSuccess: (gift) => queryClient.setQueryData(giftOfKey(ref), gift),
  })
}
