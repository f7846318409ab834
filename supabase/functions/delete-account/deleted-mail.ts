/**
 * The last e-mail to a deleted account's address: what was deleted, handed over and kept. A book's
 * name (which a gift's buyer may have typed) goes through mailText as in every e-mail.
 */
import { escapeHtml, mailText, sendMail } from '../_shared/mail.ts'

export async function sendAccountDeletedMail(
  to: string,
  books: { deleted: string[]; handed: string[] },
): Promise<void> {
  const lines = [
    'החשבון שלך בזוכרים נמחק, וכתובת האימייל הזו נמחקה מהמערכת שלנו.',
    ...books.deleted.map((name) => `ספר הזיכרון לזכר ${mailText(name)} נמחק, עם כל הזיכרונות, התמונות והסרטונים שבו.`),
    ...books.handed.map((name) => `ספר הזיכרון לזכר ${mailText(name)} הועבר למנהל/ת המשפחה שבחרת, והוא ממשיך להתקיים.`),
    'זיכרונות שכתבת בספרים של אחרים נשארים בהם, בשם שכתבת.',
    'רשומות התשלום נשמרות לצורכי הנהלת חשבונות בלבד, ללא הפרטים שלך.',
  ]
  await sendMail({
    to: [{ email: to }],
    subject: 'החשבון שלך בזוכרים נמחק',
    text: lines.join('\n'),
    html: `<div dir="rtl" style="font-family:Arial,sans-serif;font-size:16px;line-height:1.6">${lines
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('')}</div>`,
  })
}
