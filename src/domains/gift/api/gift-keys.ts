/** The gift a payment session bought, or the gift a book carries. */
export interface GiftRef {
  sessionId?: string | null
  bookId?: string | null
}

/** The query keys of gifts. Every one starts with 'gift', so one invalidation refreshes them all. */
export const giftKeys = {
  all: ['gift'] as const,
  of: (ref: GiftRef) => [...giftKeys.all, 'of', ref.sessionId ?? null, ref.bookId ?? null] as const,
  mine: () => [...giftKeys.all, 'mine'] as const,
  mineOf: (userId: string) => [...giftKeys.mine(), userId] as const,
  preview: (code: string) => [...giftKeys.all, 'preview', code] as const,
  claimed: (bookUuid: string, userId: string) => [...giftKeys.all, 'claimed', bookUuid, userId] as const,
}
