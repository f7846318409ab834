/**
 * The buyer's two payment e-mails, in Hebrew: the confirmation after a verified payment (what was
 * bought, the amount, the date, how it was paid — card ending or Bit — and the provider's
 * transaction number, and the tax document when the provider issued one), and the notice after a
 * refund. Sent only for money that moved: a free (100% coupon) order has neither.
 */
import { PLAN_NAMES, type PlanType } from '../../../../contracts/plans.ts'
import type { ServiceClient } from '../clients/clients.ts'
import { siteUrl } from '../clients/env.ts'
import { heDate } from './mail-text.ts'
import { mailQuietly, sendMail } from './mail.ts'
import { framedMail, type DeceasedOfMail, type MailBlock, type MailLink } from './frame.ts'
import { dashboardLink, viewBookLink } from './links.ts'
import { mailStrings } from './strings.ts'

const t = mailStrings.payment

interface PaidSession {
  email: string | null
  plan_type: PlanType
  recipient_type: 'for_me' | 'gift'
  amount_agorot: number
  currency: string
  transaction_id: string | null
  payment_method: string | null
  card_last4: string | null
  tax_document_url: string | null
  paid_at: string | null
  refunded_at: string | null
  book_id: string | null
  used_by_book: string | null
}

interface PaidBook {
  short_code: string
  full_name: string
  deceased_gender: string | null
}

function formatShekels(agorot: number, currency = 'ils'): string {
  return new Intl.NumberFormat('he-IL', { style: 'currency', currency: currency.toUpperCase() }).format(agorot / 100)
}

/** "כרטיס אשראי המסתיים ב-4580", "Bit". */
function paymentMethodText(method: string | null, last4: string | null): string {
  const name = t.methods[method ?? 'card'] ?? t.methods.other!
  return method === 'card' || method === null ? (last4 ? t.cardEnding(name, last4) : name) : name
}

async function loadPaidSession(service: ServiceClient, sessionId: string): Promise<PaidSession | null> {
  const { data, error } = await service
    .from('payment_sessions')
    .select(
      'email, plan_type, recipient_type, amount_agorot, currency, transaction_id, payment_method, card_last4, tax_document_url, paid_at, refunded_at, book_id, used_by_book',
    )
    .eq('session_id', sessionId)
    .maybeSingle()
  if (error) throw new Error(`payment_sessions: ${error.message}`)
  // plan_type and the other enumerated columns are text with a check constraint: the schema types them as string.
  return data as PaidSession | null
}

/** The book the payment is for (the book it upgrades, or the one it paid for), when there is one yet. */
async function loadPaidBook(service: ServiceClient, session: PaidSession): Promise<PaidBook | null> {
  const bookId = session.book_id ?? session.used_by_book
  if (!bookId) return null
  const { data, error } = await service
    .from('memory_books')
    .select('short_code, full_name, deceased_gender')
    .eq('id', bookId)
    .maybeSingle()
  if (error) throw new Error(`memory_books: ${error.message}`)
  return data
}

function productText(session: PaidSession): string {
  return t.product(session.recipient_type === 'gift', PLAN_NAMES[session.plan_type])
}

function receiptRows(session: PaidSession): [string, string][] {
  return [
    [t.labels.purchase, productText(session)],
    [t.labels.amount, t.amountWithVat(formatShekels(session.amount_agorot, session.currency))],
    [t.labels.date, heDate(session.paid_at ?? new Date().toISOString())],
    [t.labels.method, paymentMethodText(session.payment_method, session.card_last4)],
    [t.labels.transaction, session.transaction_id ?? ''],
  ]
}

/** The book's name and the button to it; without a book yet, the personal area where it is made (or the gift is). */
function bookParts(session: PaidSession, book: PaidBook | null, site: string) {
  const deceased: DeceasedOfMail | null = book && { name: book.full_name, gender: book.deceased_gender }
  const action: MailLink = book
    ? { label: mailStrings.links.toBook, href: viewBookLink(site, book.short_code) }
    : { label: mailStrings.links.toPersonalArea, href: dashboardLink(site) }
  const nextStep = book ? [] : [session.recipient_type === 'gift' ? t.giftNextStep : t.receiptNextStep]
  return { deceased, action, nextStep }
}

/** Mails the buyer that the payment of checkout `sessionId` was received (never for a free order). */
export async function sendPaymentReceipt(service: ServiceClient, sessionId: string): Promise<void> {
  await mailQuietly(async () => {
    const session = await loadPaidSession(service, sessionId)
    if (!session?.email || session.amount_agorot <= 0) return
    const book = await loadPaidBook(service, session)
    const site = siteUrl()
    const { deceased, action, nextStep } = bookParts(session, book, site)
    const tax = session.tax_document_url
    const blocks: MailBlock[] = [
      book ? t.receiptIntroForBook(deceased!.name) : t.receiptIntro,
      { details: receiptRows(session) },
      ...(tax ? [{ link: { label: t.taxDocument, href: tax } }] : []),
      ...nextStep,
    ]
    await sendMail(
      framedMail({
        to: session.email,
        subject: t.receiptSubject(productText(session)),
        title: t.receiptTitle,
        deceased,
        blocks,
        action,
        reason: t.reason,
        site,
      }),
    )
  })
}

/** Mails the buyer that the payment of checkout `sessionId` was refunded. */
export async function sendRefundNotice(service: ServiceClient, sessionId: string): Promise<void> {
  await mailQuietly(async () => {
    const session = await loadPaidSession(service, sessionId)
    if (!session?.email || session.amount_agorot <= 0) return
    const refunded = formatShekels(session.amount_agorot, session.currency)
    const book = await loadPaidBook(service, session)
    const site = siteUrl()
    await sendMail(
      framedMail({
        to: session.email,
        subject: t.refundSubject(productText(session)),
        title: t.refundTitle,
        deceased: book && { name: book.full_name, gender: book.deceased_gender },
        blocks: [
          t.refunded(refunded, paymentMethodText(session.payment_method, session.card_last4)),
          {
            details: [
              [t.labels.purchase, productText(session)],
              [t.labels.refundDate, heDate(session.refunded_at ?? new Date().toISOString())],
              [t.labels.originalTransaction, session.transaction_id ?? ''],
            ],
          },
        ],
        action: { label: mailStrings.links.toPersonalArea, href: dashboardLink(site) },
        notes: [t.refundTiming],
        reason: t.reason,
        site,
      }),
    )
  })
}
