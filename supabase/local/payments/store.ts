/**
 * The payment sandbox's state, in one JSON file under the stack's data folder (outside the app's
 * database on purpose: it plays Stripe's servers). Written through on every change; small.
 */
import fs from 'node:fs'
import path from 'node:path'

export interface LineItem {
  id: string
  name: string
  unitAmount: number
  quantity: number
  currency: string
}

export interface SessionRecord {
  /** Stripe-Version of the request that created it; its events carry it as api_version. */
  apiVersion: string
  /** The Stripe `checkout.session` object, as the API returns it. */
  session: Record<string, unknown> & { id: string; status: string; payment_status: string }
  lineItems: LineItem[]
}

export interface PaymentIntentRecord {
  intent: Record<string, unknown> & { id: string; amount: number; currency: string }
  amountRefunded: number
}

export interface Delivery {
  id: string
  eventId: string
  type: string
  url: string
  /** The exact body that was signed and sent. */
  payload: string
  headers: Record<string, string>
  /** HTTP status of the endpoint's answer; null when it could not be reached. */
  status: number | null
  error: string | null
  responseBody: string | null
  deliveredAt: string
}

/** A PayPlus payment page (PaymentPages/generateLink), its request and how it ended. */
export interface PayplusPage {
  uid: string
  link: string
  /** The generateLink body as the merchant sent it. */
  request: Record<string, unknown>
  amountAgorot: number
  createdAt: string
  transaction: PayplusTransaction | null
  declines: number
}

export interface PayplusTransaction {
  uid: string
  number: string
  approvalNumber: string
  pageUid: string
  moreInfo: string
  amountAgorot: number
  currency: string
  method: 'credit-card' | 'bit' | 'apple-pay' | 'google-pay'
  fourDigits: string | null
  invoiceUrl: string | null
  date: string
  refundedAgorot: number
}

export interface PayplusRefund {
  uid: string
  number: string
  transactionUid: string
  amountAgorot: number
  /** The refund request's more_info (PaymentPages/ipn finds the refund by it). */
  moreInfo: string
  date: string
}

interface CachedResponse {
  status: number
  body: unknown
}

interface SandboxState {
  sessions: Record<string, SessionRecord>
  paymentIntents: Record<string, PaymentIntentRecord>
  refunds: Record<string, Record<string, unknown>>
  deliveries: Delivery[]
  idempotency: Record<string, CachedResponse>
  payplusPages: Record<string, PayplusPage>
  payplusRefunds: PayplusRefund[]
}

const MAX_DELIVERIES = 500
const MAX_IDEMPOTENCY_KEYS = 1000

function emptyState(): SandboxState {
  return {
    sessions: {},
    paymentIntents: {},
    refunds: {},
    deliveries: [],
    idempotency: {},
    payplusPages: {},
    payplusRefunds: [],
  }
}

export class SandboxStore {
  private readonly state: SandboxState

  constructor(private readonly file: string) {
    this.state = fs.existsSync(file)
      ? { ...emptyState(), ...(JSON.parse(fs.readFileSync(file, 'utf8')) as SandboxState) }
      : emptyState()
  }

  private save(): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true })
    const temporary = `${this.file}.tmp`
    fs.writeFileSync(temporary, JSON.stringify(this.state))
    fs.renameSync(temporary, this.file)
  }

  session(id: string): SessionRecord | undefined {
    return this.state.sessions[id]
  }

  sessions(): SessionRecord[] {
    return Object.values(this.state.sessions)
  }

  putSession(record: SessionRecord): void {
    this.state.sessions[record.session.id] = record
    this.save()
  }

  paymentIntent(id: string): PaymentIntentRecord | undefined {
    return this.state.paymentIntents[id]
  }

  putPaymentIntent(record: PaymentIntentRecord): void {
    this.state.paymentIntents[record.intent.id] = record
    this.save()
  }

  refund(id: string): Record<string, unknown> | undefined {
    return this.state.refunds[id]
  }

  /** Every refund, oldest first, optionally of one payment intent. */
  refunds(paymentIntent?: string): Array<Record<string, unknown>> {
    return Object.values(this.state.refunds)
      .filter((refund) => paymentIntent === undefined || refund.payment_intent === paymentIntent)
      .sort((a, b) => Number(a.created) - Number(b.created))
  }

  putRefund(id: string, refund: Record<string, unknown>): void {
    this.state.refunds[id] = refund
    this.save()
  }

  deliveries(): Delivery[] {
    return this.state.deliveries
  }

  addDelivery(delivery: Delivery): void {
    this.state.deliveries.push(delivery)
    this.state.deliveries.splice(0, Math.max(0, this.state.deliveries.length - MAX_DELIVERIES))
    this.save()
  }

  payplusPage(uid: string): PayplusPage | undefined {
    return this.state.payplusPages[uid]
  }

  payplusPages(): PayplusPage[] {
    return Object.values(this.state.payplusPages)
  }

  putPayplusPage(page: PayplusPage): void {
    this.state.payplusPages[page.uid] = page
    this.save()
  }

  /** The page whose transaction is `transactionUid`. */
  payplusPageOfTransaction(transactionUid: string): PayplusPage | undefined {
    return this.payplusPages().find((page) => page.transaction?.uid === transactionUid)
  }

  payplusRefunds(): PayplusRefund[] {
    return this.state.payplusRefunds
  }

  addPayplusRefund(refund: PayplusRefund): void {
    this.state.payplusRefunds.push(refund)
    this.save()
  }

  /** Set by the test controls: the next RefundByTransactionUID is made but its answer is lost. */
  loseNextPayplusRefundAnswer = false

  cachedResponse(key: string): CachedResponse | undefined {
    return this.state.idempotency[key]
  }

  cacheResponse(key: string, response: CachedResponse): void {
    this.state.idempotency[key] = response
    const keys = Object.keys(this.state.idempotency)
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_IDEMPOTENCY_KEYS))) delete this.state.idempotency[old]
    this.save()
  }
}
