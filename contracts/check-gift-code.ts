/** check-gift-code: can this gift code be claimed now, and (when it can) what it gives. */
import { z } from 'zod'
import type { Exchange } from './contract.ts'
import type { GiftCodeStatus } from './gift-common.ts'
import { CODE_MAX } from './limits.ts'
import { normalizeTypedCode } from './typed-code.ts'

export const body = z.object({ code: z.string().max(CODE_MAX).default('').transform(normalizeTypedCode) })

/** What the claim screen shows of a gift that can be claimed now. */
export interface GiftPreviewDetails {
  deceased_name: string
  recipient_name: string | null
  purchaser_name: string | null
  plan_type: string
  bought_by_you: boolean
}

/** `gift` only with status ok. */
export interface GiftCodeCheck {
  status: GiftCodeStatus
  gift?: GiftPreviewDetails
}

export type Call = Exchange<z.input<typeof body>, GiftCodeCheck>

/** The stable codes of this function's own refusals. */
export type Reason = 'gift_check_locked'
