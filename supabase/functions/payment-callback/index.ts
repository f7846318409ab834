/**
 * payment-callback (verify_jwt = false: the payment provider calls it). The configured provider
 * (PAYMENT_PROVIDER) verifies the signature of the raw body — PayPlus: HMAC-SHA256 under the secret
 * key, base64, in the `hash` header; Stripe: the Stripe-Signature header — else 400 and nothing
 * happens. The event is recorded through recordPaymentEvent: a paid order once (a replayed
 * callback answers already_recorded and changes nothing), an amount or currency other than the
 * order's is not a payment, an unknown order writes nothing, a declined or expired checkout is
 * closed. Every verified callback is answered 200 with what was done, so the provider does not
 * send again what this project has no use for.
 */
import { serviceClient } from '../_shared/clients/clients.ts'
import { HttpError, handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { messages } from '../../../contracts/messages.ts'
import { sendPaymentReceipt } from '../_shared/mail/payment-mail.ts'
import { recordPaymentEvent } from '../_shared/payments/payment-sessions.ts'
import { configuredProvider, InvalidSignatureError, type PaymentEvent } from '../_shared/payments/index.ts'

Deno.serve(
  handleRequest(async (req) => {
    if (req.method !== 'POST') throw new HttpError(405, messages.invalidBody, 'method_not_allowed')
    const provider = configuredProvider()
    const payload = await req.text()
    let event: PaymentEvent
    try {
      event = await provider.verifyCallback(req.headers, payload)
    } catch (error) {
      if (!(error instanceof InvalidSignatureError)) throw error
      console.warn(`payment-callback: refused (${error.message})`)
      throw new HttpError(400, messages.invalidSignature, 'invalid_signature')
    }
    const service = serviceClient()
    const outcome = await recordPaymentEvent(service, provider, event)
    if (outcome === 'recorded' && event.type === 'paid') await sendPaymentReceipt(service, event.sessionId)
    return jsonResponse({ received: true, provider: provider.name, outcome })
  }),
)
