/**
 * The last e-mail to a deleted account's address: what was deleted, handed over and kept. A book's
 * name (which a gift's buyer may have typed) goes through mailText as in every e-mail.
 */
import { siteUrl } from '../_shared/clients/env.ts'
import { mailText, sendMail } from '../_shared/mail/mail.ts'
import { framedMail } from '../_shared/mail/frame.ts'
import { mailStrings } from '../_shared/mail/strings.ts'

const t = mailStrings.deleted

export async function sendAccountDeletedMail(
  to: string,
  books: { deleted: string[]; handed: string[] },
): Promise<void> {
  await sendMail(
    framedMail({
      to,
      subject: t.accountSubject,
      title: t.accountTitle,
      blocks: [
        t.account,
        ...books.deleted.map((name) => t.accountBookDeleted(mailText(name))),
        ...books.handed.map((name) => t.accountBookHanded(mailText(name))),
        t.memoriesStay,
        t.paymentsKept,
      ],
      site: siteUrl(),
    }),
  )
}
