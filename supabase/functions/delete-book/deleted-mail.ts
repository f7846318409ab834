/** The owner's confirmation that their book was deleted, with everything in it. */
import { siteUrl } from '../_shared/clients/env.ts'
import { mailText, sendMail } from '../_shared/mail/mail.ts'
import { framedMail } from '../_shared/mail/frame.ts'
import { mailStrings } from '../_shared/mail/strings.ts'

const t = mailStrings.deleted

function heDateTime(date: Date): string {
  return new Intl.DateTimeFormat('he-IL', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Jerusalem',
  }).format(date)
}

export async function sendBookDeletedMail(to: string, bookName: string, byOwner: boolean): Promise<void> {
  const name = mailText(bookName)
  await sendMail(
    framedMail({
      to,
      subject: t.bookSubject(name),
      title: t.bookTitle,
      deceased: { name },
      blocks: [t.book(name, byOwner, heDateTime(new Date())), t.bookContents],
      notes: [t.notYou],
      site: siteUrl(),
    }),
  )
}
