/**
 * delete-book: body {book_id} (the book's uuid), from its owner or a platform admin. A paid gift
 * nobody has claimed yet is first cancelled and refunded under the gift rules (past its 14 days
 * the deletion is refused with the rule's message). Then delete_book_as() deletes the book's rows
 * and writes who deleted it and when into the security log, the files it used (profile and
 * background pictures, memories' photos and videos) are removed through the Storage API, and the
 * owner gets a confirmation e-mail. Answers {deleted: true, files_removed, refunded_agorot}.
 * Refusals: 401 without a session, 404 for an unknown book or a caller who may not delete it,
 * 409/422 from the gift rules, 502 when a gift's refund failed (call again to finish).
 */
import { z } from 'zod'
import { requireCaller, serviceClient } from '../_shared/clients.ts'
import { cancelGiftWithRefund } from '../_shared/gift-cancellation.ts'
import { giftFailure, mailQuietly } from '../_shared/gifts.ts'
import { handleRequest, jsonResponse } from '../_shared/http.ts'
import { removeQueuedFiles } from '../_shared/storage-removals.ts'
import { parseBody } from '../_shared/validation.ts'
import { sendBookDeletedMail } from './deleted-mail.ts'

const bodySchema = z.object({ book_id: z.uuid({ error: 'ספר הזיכרון לא נמצא' }) })

interface BookToDelete {
  pending_gift: boolean
  purchaser_user_id: string | null
}

interface DeletedBook {
  owner_email: string | null
  full_name: string
}

Deno.serve(
  handleRequest(async (req) => {
    const service = serviceClient()
    const caller = await requireCaller(req, service)
    const { book_id: book } = await parseBody(req, bodySchema)
    const found = await service.rpc('book_for_deletion', { actor: caller.id, book })
    if (found.error) giftFailure('book_for_deletion', found.error)
    const target = found.data as BookToDelete
    const refunded =
      target.pending_gift && target.purchaser_user_id
        ? await cancelGiftWithRefund(service, target.purchaser_user_id, book)
        : 0
    const deletion = await service.rpc('delete_book_as', { actor: caller.id, book })
    if (deletion.error) giftFailure('delete_book_as', deletion.error)
    const deleted = deletion.data as DeletedBook
    const files = await removeQueuedFiles(service)
    if (deleted.owner_email) {
      const byOwner = deleted.owner_email === caller.email
      await mailQuietly(() => sendBookDeletedMail(deleted.owner_email!, deleted.full_name, byOwner))
    }
    return jsonResponse({ deleted: true, files_removed: files.removed, refunded_agorot: refunded })
  }),
)
