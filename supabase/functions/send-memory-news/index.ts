/**
 * send-memory-news: every 15 minutes (Supabase Cron with `x-reminders-secret`, the local stack's
 * scheduler or tests with the service-role key; anyone else 401). For each recipient with news
 * due (the owner, 'batch' by default, and family admins who opted in), the pending memories are
 * claimed (memory_news_claim) and sent in one e-mail; the claim is marked sent, or given back when
 * the e-mail failed, so each memory is announced once and none is lost. The run also removes the
 * files of deleted books and memories still queued, and the files no row refers to any more
 * after the grace period for uploads in progress. Answers {sent, failed, files_removed}.
 */
import { serviceClient, type ServiceClient } from '../_shared/clients/clients.ts'
import { siteUrl } from '../_shared/clients/env.ts'
import { HttpError, handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { sendMail } from '../_shared/mail/mail.ts'
import { deceasedGenderOfBook } from '../_shared/mail/book-gender.ts'
import { messages } from '../../../contracts/messages.ts'
import { requireScheduler } from '../_shared/scheduling/scheduler.ts'
import { removeOrphanedAndQueuedFiles } from '../_shared/books/storage-removals.ts'
import { newsMail, type NewsClaim } from './news-mail.ts'
import { jsonbAnswer } from '../_shared/clients/jsonb.ts'

async function sendOne(
  service: ServiceClient,
  recipient: string,
  site: string,
): Promise<'sent' | 'failed' | 'skipped'> {
  const claimed = await service.rpc('memory_news_claim', { recipient })
  if (claimed.error) throw new Error(`memory_news_claim: ${claimed.error.message}`)
  const claim = jsonbAnswer<NewsClaim | null>(claimed.data)
  if (!claim) return 'skipped'
  try {
    const gender = await deceasedGenderOfBook(service, claim.book.id)
    await sendMail(newsMail(claim, site, gender))
  } catch (mailError) {
    console.error(mailError)
    await service.rpc('memory_news_release', { send: claim.send_id })
    return 'failed'
  }
  const sent = await service.rpc('memory_news_sent', { send: claim.send_id })
  if (sent.error) throw new Error(`memory_news_sent: ${sent.error.message}`)
  return 'sent'
}

Deno.serve(
  handleRequest(async (req) => {
    if (req.method !== 'POST') throw new HttpError(405, messages.invalidBody, 'method_not_allowed')
    requireScheduler(req)
    const service = serviceClient()
    const site = siteUrl()
    const due = await service.rpc('memory_news_recipients_due')
    if (due.error) throw new Error(`memory_news_recipients_due: ${due.error.message}`)
    const tally = { sent: 0, failed: 0 }
    for (const recipient of due.data ?? []) {
      const outcome = await sendOne(service, recipient, site)
      if (outcome !== 'skipped') tally[outcome] += 1
    }
    const files = await removeOrphanedAndQueuedFiles(service)
    return jsonResponse({ ...tally, files_removed: files.removed })
  }),
)
