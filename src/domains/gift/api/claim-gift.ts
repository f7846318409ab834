import { useMutation, useQueryClient } from '@tanstack/react-query'
import { refreshBookViews } from '@/domains/book/api/book-keys'
import { claimGift } from '@/domains/gift/api/gifts'
import { tGifts as t } from '@/domains/gift/strings/gifts'
import { Refusal, refusalMessage, refusalReason } from '@/lib/refusal'

/** The server's refusal as it words it; anything else (the connection) in the screen's words. */
export function claimFailureMessage(error: unknown): string {
  return refusalMessage(error, t('claim.failed'))
}

/** A refused code is not kept for another try, except after too many attempts (it may be right). */
export function claimRefusedCode(error: unknown): boolean {
  return error instanceof Refusal && error.status !== 429 && !isOwnGiftRefusal(error)
}

/** The purchaser tried to claim their own gift: they are asked whether it is for themselves. */
export function isOwnGiftRefusal(error: unknown): boolean {
  return refusalReason(error, 'claim-gift') === 'own_gift'
}

/** Claims the gift: the book becomes the user's, so every view of their books is refreshed. */
export function useClaimGift() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ code, forMyself = false }: { code: string; forMyself?: boolean }) => claimGift(code, forMyself),
    onSuccess: () => void refreshBookViews(queryClient),
  })
}
