import { useQuery } from '@tanstack/react-query'
import { invokeEdgeFunction } from '@/lib/edge-functions'
import { normalizeGiftCode } from '@/domains/gift/lib/pending-gift-code'

const previewStatuses = ['ok', 'not_found', 'claimed', 'unavailable', 'expired'] as const
export type GiftPreviewStatus = (typeof previewStatuses)[number]

/** What check-gift-code shows of a gift that can be claimed now. */
export interface GiftPreviewDetails {
  deceased_name: string
  recipient_name: string | null
  purchaser_name: string | null
  plan_type: string
  bought_by_you: boolean
}

export interface GiftPreview {
  status: GiftPreviewStatus
  gift: GiftPreviewDetails | null
}

function isPreviewStatus(value: unknown): value is GiftPreviewStatus {
  return previewStatuses.some((status) => status === value)
}

/** The gift behind a code, as its holder may see it before claiming (the check counts as an attempt). */
async function fetchGiftPreview(code: string): Promise<GiftPreview> {
  const answer = await invokeEdgeFunction<{ status?: unknown; gift?: GiftPreviewDetails } | null>('check-gift-code', {
    code: normalizeGiftCode(code),
  })
  const status = answer?.status
  if (!isPreviewStatus(status)) throw new Error(`check-gift-code answered ${JSON.stringify(answer)}`)
  return { status, gift: status === 'ok' ? (answer?.gift ?? null) : null }
}

/** Asked once per code while the claim screen shows it. */
export function useGiftPreview(code: string) {
  return useQuery({
    queryKey: ['gift-preview', code],
    queryFn: () => fetchGiftPreview(code),
    enabled: code !== '',
    staleTime: Infinity,
    retry: false,
  })
}
