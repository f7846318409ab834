/**
 * What the gift functions share: the purchaser's two e-mails (receipt with the gift link and the
 * code; the gift was claimed).
 */
import type { ServiceClient } from '../clients/clients.ts'
import { giftRegisterLink, type GiftSummary } from '../../../../contracts/gift-common.ts'
import { siteUrl } from '../clients/env.ts'
import { mailText, sendMail } from '../mail/mail.ts'
import { heDate } from '../mail/mail-text.ts'
import { framedMail } from '../mail/frame.ts'
import { viewBookLink } from '../mail/links.ts'
import { mailStrings } from '../mail/strings.ts'

const t = mailStrings.gift

/**
 * The purchaser's e-mail with the gift: the code, the link to send, and until when it is valid. A
 * gift bought with money is a receipt; a free (100% coupon) gift speaks of no purchase or payment.
 */
export async function sendGiftReceipt(to: string, gift: GiftSummary, site: string, free = false): Promise<void> {
  const name = mailText(gift.full_name)
  await sendMail(
    framedMail({
      to,
      subject: t.receiptSubject(gift.gift_code, free),
      title: t.receiptTitle(free),
      deceased: { name },
      blocks: [
        free ? t.readyFree(name) : t.thanks(name),
        { code: gift.gift_code, label: t.codeFor(mailText(gift.gift_recipient_name)) },
        t.howToSend,
      ],
      action: { label: t.activate, href: giftRegisterLink(site, gift.gift_code) },
      notes: [t.validUntil(heDate(gift.gift_code_expires_at))],
      reason: t.reason,
      site,
    }),
  )
}

/** Tells the purchaser of book `bookId` that the gift was claimed. */
export async function sendGiftClaimedNotice(service: ServiceClient, bookId: string): Promise<void> {
  const { data: book, error } = await service
    .from('memory_books')
    .select('short_code, full_name, deceased_gender, gift_recipient_name, purchaser_user_id')
    .eq('id', bookId)
    .maybeSingle()
  if (error || !book?.purchaser_user_id) return
  const { data: user } = await service.auth.admin.getUserById(book.purchaser_user_id)
  const to = user.user?.email
  if (!to) return
  const name = mailText(book.full_name)
  const site = siteUrl()
  await sendMail(
    framedMail({
      to,
      subject: t.claimedSubject,
      title: t.claimedTitle,
      deceased: { name, gender: book.deceased_gender },
      blocks: [t.claimedTo(name, mailText(book.gift_recipient_name)), t.claimedThanks],
      action: { label: mailStrings.links.toBook, href: viewBookLink(site, book.short_code) },
      reason: t.reason,
      site,
    }),
  )
}
