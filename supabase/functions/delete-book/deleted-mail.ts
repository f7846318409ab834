/** The owner's confirmation that their book was deleted, with everything in it. */
import { escapeHtml, mailText, sendMail } from '../_shared/mail.ts'

function heDateTime(date: Date): string {
  return new Intl.DateTimeFormat('he-IL', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Jerusalem',
  }).format(date)
}

export async function sendBookDeletedMail(to: string, bookName: string, byOwner: boolean): Promise<void> {
  const fullName = mailText(bookName)
  const who = byOwner ? 'לבקשתך' : 'על ידי מנהל/ת המערכת'
  const lines = [
    `ספר הזיכרון לזכר ${fullName} נמחק ${who} ב-${heDateTime(new Date())}.`,
    'הזיכרונות, התמונות והסרטונים שבו נמחקו מהשרתים שלנו ואי אפשר לשחזר אותם.',
    'אם לא ביקשת את המחיקה, פנו אלינו מיד דרך צ׳אט התמיכה באתר.',
  ]
  await sendMail({
    to: [{ email: to }],
    subject: `ספר הזיכרון לזכר ${fullName} נמחק`,
    text: lines.join('\n'),
    html: `<div dir="rtl" style="font-family:Arial,sans-serif;font-size:16px;line-height:1.6">${lines
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('')}</div>`,
  })
}
