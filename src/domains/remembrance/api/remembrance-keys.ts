/** The query keys of candles and reminders. Every one starts with 'remembrance'. */
export const remembranceKeys = {
  all: ['remembrance'] as const,
  candles: (bookRef: string) => [...remembranceKeys.all, 'candles', bookRef.toUpperCase()] as const,
  candleState: (bookRef: string, accessGrant: string | null) =>
    [...remembranceKeys.candles(bookRef), accessGrant ?? ''] as const,
  litBy: (bookRef: string) => [...remembranceKeys.candles(bookRef), 'lit-by'] as const,
}
