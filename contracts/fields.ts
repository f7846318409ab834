/**
 * Body fields several functions share, each with its Hebrew message. Only zod: the browser and
 * the edge functions import this file as it is.
 */
import { z } from 'zod'
import { CODE_MAX } from './limits.ts'
import { messages } from './messages.ts'
import { PLAN_TYPES } from './plans.ts'
import { normalizeTypedCode } from './typed-code.ts'

export const RECIPIENT_TYPES = ['for_me', 'gift'] as const
export type RecipientType = (typeof RECIPIENT_TYPES)[number]

export const planTypeSchema = z.enum(PLAN_TYPES, { error: messages.invalidPlan })

export const recipientTypeSchema = z.enum(RECIPIENT_TYPES, { error: messages.invalidRecipient })

/** A code as typed (spaces and dashes anywhere dropped, upper case), at most `max` characters before that. */
export function typedCodeSchema(max: number, required: string, tooLong: string) {
  return z
    .string({ error: required })
    .max(max, { error: tooLong })
    .transform(normalizeTypedCode)
    .pipe(z.string().min(1, { error: required }))
}

/** A coupon code as typed, never empty. */
export const couponCodeSchema = typedCodeSchema(CODE_MAX, messages.couponCodeRequired, messages.couponInvalid)

/** A required, trimmed, non-blank text of at most `max` characters. */
export function requiredText(max: number, tooLong: string) {
  return z
    .string({ error: messages.requiredFields })
    .trim()
    .min(1, { error: messages.requiredFields })
    .max(max, { error: tooLong })
}

/** An optional text: missing, null or blank become null. */
export function optionalText(max: number, tooLong: string, wrongType: string = messages.invalidBody) {
  return z
    .string({ error: wrongType })
    .trim()
    .max(max, { error: tooLong })
    .nullish()
    .transform((value) => (value ? value : null))
}

/** A book as the link names it: its short code or its uuid. */
export const bookRefSchema = z
  .string({ error: messages.bookNotFound })
  .trim()
  .min(1, { error: messages.bookNotFound })
  .max(100)
