/** The query keys of gifts. Every one starts with 'gift', so one invalidation refreshes them all. */
export const giftKeys = {
  all: ['gift'] as const,
  /** The gift a payment session bought. */
  of: (sessionId: string | null) => [...giftKeys.all, 'of', sessionId] as const,
  mine: () => [...giftKeys.all, 'mine'] as const,
  mineOf: (userId: string) => [...giftKeys.mine(), userId] as const,
  preview: (code: string) => [...giftKeys.all, 'preview', code] as const,
  claimed: (bookId: string, userId: string) => [...giftKeys.all, 'claimed', bookId, userId] as const,
}
