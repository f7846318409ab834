/**
 * Request bodies checked with zod. Every schema carries Hebrew messages; the first problem is
 * answered as 400 `{ error, code: 'invalid_body' }`, so a bad body never reaches the database.
 */
import { z } from 'zod'
import { HttpError, readJson } from './http.ts'
import { messages } from '../../../../contracts/messages.ts'

/** The body of `req` parsed by `schema`, or a 400 HttpError with the first problem's message. */
export async function parseBody<Schema extends z.ZodType>(req: Request, schema: Schema): Promise<z.output<Schema>> {
  const result = schema.safeParse(await readJson(req))
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const message = issue && /[\u0590-\u05FF]/.test(issue.message) ? issue.message : messages.invalidBody
  throw new HttpError(400, message, 'invalid_body')
}
