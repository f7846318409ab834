/**
 * What the gift functions share: the purchaser's two e-mails (receipt with the gift link and the
 * code; the gift was claimed).
 */
import type { ServiceClient } from './clients.ts'
import { giftRegisterLink, type GiftSummary } from '../../../contracts/gift-common.ts'
import { escapeHtml, mailText, sendMail } from './mail.ts'

export function heDate(iso: string): string {
  return new Intl.DateTimeFormat('he-IL', { dateStyle: 'long', timeZone: 'Asia/Jerusalem' }).format(new Date(iso))
}

export function page(paragraphs: string[]): string {
  return `<div dir="rtl" style="font-family:Arial,sans-serif;font-size:16px;line-height:1.6">${paragraphs
    .map((text) => `<p>${text}</p>`)
    .join('')}</div>`
}

/**
 * The purchaser's e-mail with the gift: the code, the link to send, and until when it is valid. A
 * gift bought with money is a receipt; a free (100% coupon) gift speaks of no purchase or payment.
 */
export async function sendGiftReceipt(to: string, gift: GiftSummary, site: string, free = false): Promise<void> {
  const link = giftRegisterLink(site, gift.gift_code)
  const recipient = mailText(gift.gift_recipient_name)
  const lines = [
    free
      ? `ספר הזיכרון במתנה לזכר ${mailText(gift.full_name)} מוכן לשליחה.`
      : `תודה על רכישת ספר זיכרון במתנה לזכר ${mailText(gift.full_name)}.`,
    `קוד המתנה עבור ${recipient}: ${gift.gift_code}`,
    `קישור להפעלת המתנה: ${link}`,
    `הקוד בתוקף עד ${heDate(gift.gift_code_expires_at)}. נודיע לך כשהמתנה תתקבל.`,
  ]
  await sendMail({
    to: [{ email: to }],
    subject: `${free ? '' : 'קבלה: '}ספר זיכרון במתנה — קוד ${gift.gift_code}`,
    text: lines.join('\n'),
    html: page([
      escapeHtml(lines[0]!),
      `קוד המתנה עבור ${escapeHtml(recipient)}: <strong dir="ltr">${escapeHtml(gift.gift_code)}</strong>`,
      `קישור להפעלת המתנה: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
      escapeHtml(lines[3]!),
    ]),
  })
}

/** Tells the purchaser of book `bookUuid` that the gift was claimed. */
export async function sendGiftClaimedNotice(service: ServiceClient, bookUuid: string): Promise<void> {
  const { data: book, error } = await service
    .from('memory_books')
    .select('full_name, gift_recipient_name, purchaser_user_id')
    .eq('id', bookUuid)
    .maybeSingle()
  if (error || !book?.purchaser_user_id) return
  const { data: user } = await service.auth.admin.getUserById(book.purchaser_user_id)
  const to = user.user?.email
  if (!to) return
  const text = `${mailText(book.gift_recipient_name) || 'מקבל/ת המתנה'} קיבל/ה את ספר הזיכרון לזכר ${mailText(book.full_name)} שנתת במתנה. תודה שבחרת להעניק זיכרון.`
  await sendMail({ to: [{ email: to }], subject: 'המתנה שלך התקבלה', text, html: page([escapeHtml(text)]) })
}

/** Mail is a courtesy: a failure is logged and never undoes the gift. */
export async function mailQuietly(send: () => Promise<void>): Promise<void> {
  try {
    await send()
  } catch (error) {
    console.error('gift mail failed', error)
  }
}
