/**
 * delete-book: body {book_id} (the book's uuid), from its owner or a platform admin. The book is
 * deleted through deleteBookAs (a pending gift cancelled and refunded first, past its 14 days
 * refused with the gift rule's message; rows deleted; who and when in the security log), the
 * files it used (profile and background pictures, memories' photos and videos) are removed
 * through the Storage API, and the owner gets a confirmation e-mail. Answers
 * {deleted: true, files_removed, refunded_agorot}. Refusals: 401 without a session, 404 for an
 * unknown book or a caller who may not delete it, 409/422 from the gift rules, 502 when a gift's
 * refund failed (call again to finish).
 */
import { deleteBookAs } from '../_shared/books/book-deletion.ts'
import { requireCaller, serviceClient } from '../_shared/clients/clients.ts'
import { mailQuietly } from '../_shared/mail/mail.ts'
import { handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { removeClaimedFiles } from '../_shared/books/storage-removals.ts'
import { parseBody } from '../_shared/http/validation.ts'
import { sendBookDeletedMail } from './deleted-mail.ts'
import { body as bodySchema, type BookDeleted } from '../../../contracts/delete-book.ts'

Deno.serve(
  handleRequest(async (req) => {
    const service = serviceClient()
    const caller = await requireCaller(req, service)
    const { book_id: book } = await parseBody(req, bodySchema)
    const deleted = await deleteBookAs(service, caller.id, book)
    const files = await removeClaimedFiles(service, deleted.files)
    const owner = deleted.owner_email
    if (owner) await mailQuietly(() => sendBookDeletedMail(owner, deleted.full_name, owner === caller.email))
    return jsonResponse({
      deleted: true,
      files_removed: files.removed,
      refunded_agorot: deleted.refunded_agorot,
    } satisfies BookDeleted)
  }),
)
