import { tGifts as t } from '@/domains/gift/strings/gifts'
import { deceasedReference } from '@shared/honorific.ts'
import { giftRegisterLink } from '@contracts/gift-common.ts'

function origin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin
}

export interface GiftMessageFacts {
  recipientName: string | null
  purchaserName: string | null
  deceasedName: string
  code: string
}

/** The prefilled Hebrew message sent with the gift (recipient, purchaser, deceased, code, link). */
export function giftMessage(facts: GiftMessageFacts): string {
  return t('code.message', {
    recipient: facts.recipientName?.trim() ?? '',
    purchaser: facts.purchaserName?.trim() || t('code.someone'),
    deceased: deceasedReference(facts.deceasedName),
    code: facts.code,
    link: giftRegisterLink(origin(), facts.code),
  })
}
