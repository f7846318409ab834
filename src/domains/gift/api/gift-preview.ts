import { useQuery } from '@tanstack/react-query'
import type { GiftPreviewDetails } from '@contracts/check-gift-code.ts'
import { GIFT_CODE_STATUSES, type GiftCodeStatus } from '@contracts/gift-common.ts'
import { invokeEdgeFunction } from '@/lib/edge-functions'
import { normalizeGiftCode } from '@/domains/gift/lib/pending-gift-code'
import { giftKeys } from '@/domains/gift/api/gift-keys'

export interface GiftPreview {
  status: GiftCodeStatus
  gift: GiftPreviewDetails | null
}

function isPreviewStatus(value: unknown): value is GiftCodeStatus {
  return GIFT_CODE_STATUSES.some((status) => status === value)
}

/** The gift behind a code, as its holder may see it before claiming (the check counts as an attempt). */
async function fetchGiftPreview(code: string): Promise<GiftPreview> {
  const answer = await invokeEdgeFunction('check-gift-code', { code: normalizeGiftCode(code) })
  const status: unknown = answer?.status
  if (!isPreviewStatus(status)) throw new Error(`check-gift-code answered ${JSON.stringify(answer)}`)
  return { status, gift: status === 'ok' ? (answer?.gift ?? null) : null }
}

/** Asked once per code while the claim screen shows it. */
export function useGiftPreview(code: string) {
  return useQuery({
    queryKey: giftKeys.preview(code),
    // eslint-disable-next-line no-restricted-syntax -- no signal: the server counts each check as an attempt, so a started one is let finish
    queryFn: () => fetchGiftPreview(code),
    enabled: code !== '',
    staleTime: Infinity,
    retry: false,
  })
}
