/**
 * delete-account: body {email, hand_over?: {<book uuid>: <book_admins row id>}}. A signed-in user
 * deletes their own account by typing their own e-mail; a platform admin deletes the account of
 * the user with that e-mail. Each book the account owns is handed to the confirmed family admin
 * named in hand_over, or deleted as delete-book does (deleteBookAs); the files go through the
 * Storage API; erase_account_data() removes or anonymizes every row that names the person (their
 * memories in other books keep the name as written, payments stay without user id or e-mail) and
 * logs ACCOUNT_DELETED; the auth user is deleted; the address gets a last confirmation.
 * Answers {deleted: true, books_deleted, books_handed_over}. Refusals: 401 without a session, 400
 * when a non-admin types another e-mail, 404 for an unknown user or a hand_over book the account
 * does not own, the gift rules' refusals (nothing deleted).
 */
import { deleteBookAs } from '../_shared/books/book-deletion.ts'
import { requireCaller, serviceClient, type Caller, type ServiceClient } from '../_shared/clients/clients.ts'
import { mailQuietly } from '../_shared/mail/mail.ts'
import { refuseWithDatabaseError } from '../_shared/refusals/database-refusal.ts'
import { HttpError, handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { removeClaimedFiles, removeQueuedFiles } from '../_shared/books/storage-removals.ts'
import { parseBody } from '../_shared/http/validation.ts'
import { sendAccountDeletedMail } from './deleted-mail.ts'
import { body as bodySchema, type AccountDeleted } from '../../../contracts/delete-account.ts'
import { messages } from '../../../contracts/messages.ts'

interface Account {
  id: string
  email: string
}

interface OwnedBook {
  id: string
  full_name: string
}

/** The caller themselves, or, for a platform admin, the user with that e-mail. */
async function accountToDelete(service: ServiceClient, caller: Caller, email: string): Promise<Account> {
  if (email === caller.email) return { id: caller.id, email }
  const profile = await service.from('users').select('role').eq('id', caller.id).maybeSingle()
  if (profile.error) throw new Error(`users: ${profile.error.message}`)
  if (profile.data?.role !== 'admin') throw new HttpError(400, messages.emailMismatch, 'email_mismatch')
  const target = await service.from('users').select('id').eq('email', email).maybeSingle()
  if (target.error) throw new Error(`users: ${target.error.message}`)
  if (!target.data) throw new HttpError(404, messages.userNotFound, 'user_not_found')
  return { id: target.data.id, email }
}

async function ownedBooks(service: ServiceClient, email: string): Promise<OwnedBook[]> {
  const { data, error } = await service.from('memory_books').select('id, full_name').eq('owner_email', email)
  if (error) throw new Error(`memory_books: ${error.message}`)
  return data
}

Deno.serve(
  handleRequest(async (req) => {
    const service = serviceClient()
    const caller = await requireCaller(req, service)
    const body = await parseBody(req, bodySchema)
    const account = await accountToDelete(service, caller, body.email)
    const books = await ownedBooks(service, account.email)
    const handOver = body.hand_over ?? {}
    const owned = new Set(books.map((book) => book.id))
    if (Object.keys(handOver).some((book) => !owned.has(book))) {
      throw new HttpError(404, messages.memoryBookNotFound, 'book_not_found')
    }
    const handed: string[] = []
    const deleted: string[] = []
    const deletedFiles: string[] = []
    for (const book of books) {
      const adminRow = handOver[book.id]
      if (adminRow) {
        const result = await service.rpc('hand_book_to_family_admin', {
          owner: account.id,
          book: book.id,
          admin_row: adminRow,
        })
        if (result.error) refuseWithDatabaseError('hand_book_to_family_admin', result.error)
        handed.push(book.full_name)
      } else {
        const deletion = await deleteBookAs(service, caller.id, book.id)
        deleted.push(book.full_name)
        deletedFiles.push(...deletion.files)
      }
    }
    const erased = await service.rpc('erase_account_data', { target: account.id, actor: caller.id })
    if (erased.error) refuseWithDatabaseError('erase_account_data', erased.error)
    await removeClaimedFiles(service, deletedFiles)
    await removeQueuedFiles(service)
    const removed = await service.auth.admin.deleteUser(account.id)
    if (removed.error) throw new Error(`auth delete user: ${removed.error.message}`)
    await mailQuietly(() => sendAccountDeletedMail(account.email, { deleted, handed }))
    return jsonResponse({
      deleted: true,
      books_deleted: deleted.length,
      books_handed_over: handed.length,
    } satisfies AccountDeleted)
  }),
)
