/** The payment sandbox's form parser: Stripe's bracketed keys, and no prototype pollution. */
import { afterEach, describe, expect, it } from 'vitest'
import { parseStripeForm } from './form.ts'

afterEach(() => {
  delete (Object.prototype as Record<string, unknown>).polluted
})

describe('parseStripeForm', () => {
  it('decodes nested keys and index lists as the stripe SDK sends them', () => {
    const form = parseStripeForm(
      'mode=payment&line_items[0][price_data][unit_amount]=9900&line_items[0][quantity]=1&metadata[book_id]=b1&payment_method_types[0]=card&payment_method_types[1]=link',
    )
    expect(form).toEqual({
      mode: 'payment',
      line_items: [{ price_data: { unit_amount: '9900' }, quantity: '1' }],
      metadata: { book_id: 'b1' },
      payment_method_types: ['card', 'link'],
    })
  })

  it('refuses keys that would pollute Object.prototype', () => {
    const form = parseStripeForm(
      '__proto__[polluted]=yes&constructor[prototype][polluted]=yes&a[__proto__][polluted]=yes&metadata[__proto__][polluted]=yes&mode=payment',
    )
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false)
    expect(form.mode).toBe('payment')
  })
})
