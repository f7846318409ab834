/**
 * The buyer's two payment e-mails, in Hebrew: the confirmation after a verified payment (what was
 * bought, the amount, the date, how it was paid — card ending or Bit — and the provider's
 * transaction number, and the tax document when the provider issued one), and the notice after a
 * refund. Sent only for money that moved: a free (100% coupon) order has neither.
 */
import type { ServiceClient } from './clients.ts'
import { heDate, mailQuietly, page } from './gifts.ts'
import { escapeHtml, sendMail } from './mail.ts'

interface PaidSession {
  email: string | null
  plan_type: 'basic' | 'pro' | 'full'
  recipient_type: 'for_me' | 'gift'
  amount_agorot: number
  currency: string
  transaction_id: string | null
  payment_method: string | null
  card_last4: string | null
  tax_document_url: string | null
  paid_at: string | null
  refunded_at: string | null
}

const PLAN_NAMES = { basic: 'חבילת בסיס', pro: 'חבילת פרו', full: 'החבילה המלאה' } as const

const METHOD_NAMES: Record<string, string> = {
  bit: 'Bit',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  card: 'כרטיס אשראי',
  other: 'אמצעי תשלום אחר',
}

function formatShekels(agorot: number, currency = 'ils'): string {
  return new Intl.NumberFormat('he-IL', { style: 'currency', currency: currency.toUpperCase() }).format(agorot / 100)
}

/** "כרטיס אשראי המסתיים ב-4580", "Bit". */
function paymentMethodText(method: string | null, last4: string | null): string {
  const name = METHOD_NAMES[method ?? 'card'] ?? METHOD_NAMES.other!
  return method === 'card' || method === null ? (last4 ? `${name} המסתיים ב-${last4}` : name) : name
}

async function loadPaidSession(service: ServiceClient, sessionId: string): Promise<PaidSession | null> {
  const { data, error } = await service
    .from('payment_sessions')
    .select(
      'email, plan_type, recipient_type, amount_agorot, currency, transaction_id, payment_method, card_last4, tax_document_url, paid_at, refunded_at',
    )
    .eq('stripe_session_id', sessionId)
    .maybeSingle()
  if (error) throw new Error(`payment_sessions: ${error.message}`)
  // plan_type and the other enumerated columns are text with a check constraint: the schema types them as string.
  return data as PaidSession | null
}

function productText(session: PaidSession): string {
  const kind = session.recipient_type === 'gift' ? 'ספר זיכרון דיגיטלי במתנה' : 'ספר זיכרון דיגיטלי'
  return `${kind}, ${PLAN_NAMES[session.plan_type]}`
}

function receiptLines(session: PaidSession): string[] {
  return [
    `רכישה: ${productText(session)}`,
    `סכום: ${formatShekels(session.amount_agorot, session.currency)} (כולל מע״מ)`,
    `תאריך: ${heDate(session.paid_at ?? new Date().toISOString())}`,
    `אמצעי תשלום: ${paymentMethodText(session.payment_method, session.card_last4)}`,
    `מספר עסקה: ${session.transaction_id ?? ''}`,
  ]
}

function htmlLines(lines: string[]): string[] {
  return lines.map((line) => {
    const [label, ...rest] = line.split(': ')
    return rest.length ? `${escapeHtml(label!)}: <bdi>${escapeHtml(rest.join(': '))}</bdi>` : escapeHtml(line)
  })
}

/** Mails the buyer that the payment of checkout `sessionId` was received (never for a free order). */
export async function sendPaymentReceipt(service: ServiceClient, sessionId: string): Promise<void> {
  await mailQuietly(async () => {
    const session = await loadPaidSession(service, sessionId)
    if (!session?.email || session.amount_agorot <= 0) return
    const lines = ['התשלום התקבל, תודה.', ...receiptLines(session)]
    const tax = session.tax_document_url
    await sendMail({
      to: [{ email: session.email }],
      subject: `אישור תשלום: ${productText(session)}`,
      text: [...lines, ...(tax ? [`חשבונית מס קבלה: ${tax}`] : [])].join('\n'),
      html: page([
        ...htmlLines(lines),
        ...(tax ? [`חשבונית מס קבלה: <a href="${escapeHtml(tax)}">לצפייה ולהורדה</a>`] : []),
      ]),
    })
  })
}

/** Mails the buyer that the payment of checkout `sessionId` was refunded. */
export async function sendRefundNotice(service: ServiceClient, sessionId: string): Promise<void> {
  await mailQuietly(async () => {
    const session = await loadPaidSession(service, sessionId)
    if (!session?.email || session.amount_agorot <= 0) return
    const refunded = formatShekels(session.amount_agorot, session.currency)
    const lines = [
      `ההחזר הכספי בוצע: ${refunded} יוחזרו ל${paymentMethodText(session.payment_method, session.card_last4)}.`,
      `רכישה: ${productText(session)}`,
      `תאריך ההחזר: ${heDate(session.refunded_at ?? new Date().toISOString())}`,
      `מספר העסקה המקורית: ${session.transaction_id ?? ''}`,
      'הזיכוי יופיע בפירוט החיוב בתוך 3–5 ימי עסקים, לפי חברת האשראי או הבנק.',
    ]
    await sendMail({
      to: [{ email: session.email }],
      subject: `אישור החזר כספי: ${productText(session)}`,
      text: lines.join('\n'),
      html: page([escapeHtml(lines[0]!), ...htmlLines(lines.slice(1))]),
    })
  })
}
