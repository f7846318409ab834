/**
 * send-reminders: the daily job of yahrzeit and shloshim reminders. Called by Supabase Cron with
 * the header `x-reminders-secret: <REMINDERS_CRON_SECRET>` (verify_jwt is off for it), as the
 * local stack's scheduler and the tests do; anyone else gets 401.
 * Body `{today?: 'YYYY-MM-DD'}` (default: today in Israel). For every confirmed subscription it
 * sends the reminders due that day, each claimed first in reminder_sends (once per person,
 * occasion and date); a reminder whose e-mail fails is given back for the next run. The same
 * daily run removes the files of deleted books and memories still queued and the files no row
 * refers to any more (storage-removals.ts).
 * Answers {today, sent, failed, files_removed}.
 */
import { z } from 'zod'
import { readAllPages } from '../../../shared/api-pages.ts'
import { serviceClient, type ServiceClient } from '../_shared/clients/clients.ts'
import { isoDateSchema, todayInIsrael } from '../../../contracts/dates.ts'
import { siteUrl } from '../_shared/clients/env.ts'
import { HttpError, handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { sendMail } from '../_shared/mail/mail.ts'
import { deceasedGenderOfBook } from '../_shared/mail/book-gender.ts'
import { messages } from '../../../contracts/messages.ts'
import { reminderMail, type DueReminder } from '../_shared/mail/reminder-mail.ts'
import { dueReminders } from '../_shared/scheduling/reminder-schedule.ts'
import { requireScheduler } from '../_shared/scheduling/scheduler.ts'
import { removeOrphanedAndQueuedFiles } from '../_shared/books/storage-removals.ts'
import { occasionsOf } from './occasions.ts'
import { jsonbAnswer } from '../_shared/clients/jsonb.ts'

const bodySchema = z.object({ today: isoDateSchema.optional() }).strict()

interface Recipient {
  subscription_id: string
  email: string
  short_code: string
  full_name: string
  death_date: string
  died_after_sunset: boolean
}

async function readBody(req: Request): Promise<{ today?: string | null }> {
  const text = await req.text()
  let json: unknown = {}
  try {
    json = text.trim() ? JSON.parse(text) : {}
  } catch {
    throw new HttpError(400, messages.invalidBody, 'invalid_json')
  }
  const parsed = bodySchema.safeParse(json)
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? messages.invalidBody, 'invalid_body')
  return parsed.data
}

/** Every confirmed subscription of a book with a death date, read in pages (there can be thousands). */
function readRecipients(service: ServiceClient): Promise<Recipient[]> {
  return readAllPages(async ({ offset, last }) => {
    const { data, error } = await service.rpc('reminder_recipients').order('subscription_id').range(offset, last)
    if (error) throw new Error(`reminder_recipients: ${error.message}`)
    return data ?? []
  })
}

async function sendOne(service: ServiceClient, recipient: Recipient, reminder: DueReminder, site: string) {
  const { data: claim, error } = await service.rpc('reminder_claim_send', {
    subscription: recipient.subscription_id,
    occasion: reminder.occasion,
    occasion_date: reminder.occasionDate,
    lead: reminder.lead,
  })
  if (error) throw new Error(`reminder_claim_send: ${error.message}`)
  if (!claim) return 'skipped'
  const { send_id: sendId, unsubscribe_token: unsubscribeToken } = jsonbAnswer<{
    send_id: number
    unsubscribe_token: string
  }>(claim)
  try {
    const book = {
      shortCode: recipient.short_code,
      fullName: recipient.full_name,
      gender: await deceasedGenderOfBook(service, recipient.short_code),
    }
    await sendMail(reminderMail(recipient.email, book, reminder, { site, unsubscribeToken }))
    return 'sent'
  } catch (mailError) {
    console.error(mailError)
    await service.rpc('reminder_release_send', { send_id: sendId })
    return 'failed'
  }
}

Deno.serve(
  handleRequest(async (req) => {
    if (req.method !== 'POST') throw new HttpError(405, messages.invalidBody, 'method_not_allowed')
    requireScheduler(req)
    const today = (await readBody(req)).today ?? todayInIsrael()
    const service = serviceClient()
    const site = siteUrl()
    const tally = { sent: 0, failed: 0 }
    for (const recipient of await readRecipients(service)) {
      const occasions = occasionsOf(recipient.death_date, recipient.died_after_sunset, today)
      for (const reminder of dueReminders(today, occasions)) {
        const outcome = await sendOne(service, recipient, reminder, site)
        if (outcome !== 'skipped') tally[outcome] += 1
      }
    }
    const files = await removeOrphanedAndQueuedFiles(service)
    return jsonResponse({ today, ...tally, files_removed: files.removed })
  }),
)
