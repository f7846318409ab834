/**
 * Request bodies checked with zod. Every schema carries Hebrew messages; the first problem is
 * answered as 400 `{ error, code: 'invalid_body' }`, so a bad body never reaches the database.
 */
import { z } from 'zod'
import { HttpError, readJson } from './http.ts'
import { messages } from './messages.ts'
import { normalizeTypedCode } from './typed-code.ts'

export const PLAN_TYPES = ['basic', 'pro', 'full'] as const
export type PlanType = (typeof PLAN_TYPES)[number]

export const RECIPIENT_TYPES = ['for_me', 'gift'] as const
export type RecipientType = (typeof RECIPIENT_TYPES)[number]

/** basic | pro | full; the older name "premium" is stored as pro. */
export const planTypeSchema = z.preprocess(
  (value) => (value === 'premium' ? 'pro' : value),
  z.enum(PLAN_TYPES, { error: messages.invalidPlan }),
)

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
export const couponCodeSchema = typedCodeSchema(40, messages.couponCodeRequired, messages.couponInvalid)

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

/** The body of `req` parsed by `schema`, or a 400 HttpError with the first problem's message. */
export async function parseBody<Schema extends z.ZodType>(req: Request, schema: Schema): Promise<z.output<Schema>> {
  const result = schema.safeParse(await readJson(req))
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const message = issue && /[\u0590-\u05FF]/.test(issue.message) ? issue.message : messages.invalidBody
  throw new HttpError(400, message, 'invalid_body')
}
