/** The new-user e-mail to the platform admins (Hebrew, right to left). */
import { escapeHtml, mailText, type OutgoingMail } from '../_shared/mail.ts'

const RELATIONSHIP_LABELS: Record<string, string> = {
  grandparent: 'סבא או סבתא',
  spouse: 'בן או בת זוג',
  parent: 'אבא או אמא',
  sibling: 'אח או אחות',
  friend: 'חבר או חברה',
  other: 'אדם יקר אחר',
}

export interface NewUserDetails {
  name: string
  email: string
  relationship: string | null
  deceasedName: string | null
  registeredAt: string
}

const NOT_GIVEN = 'לא צוין'

function rows(details: NewUserDetails): [string, string][] {
  const relationship = details.relationship
    ? (RELATIONSHIP_LABELS[details.relationship] ?? mailText(details.relationship))
    : NOT_GIVEN
  const registeredAt = new Intl.DateTimeFormat('he-IL', {
    timeZone: 'Asia/Jerusalem',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(details.registeredAt))
  return [
    ['שם', mailText(details.name) || NOT_GIVEN],
    ['אימייל', details.email],
    ['קשר לנפטר', relationship],
    ['שם הנפטר', mailText(details.deceasedName) || NOT_GIVEN],
    ['מועד ההרשמה', registeredAt],
  ]
}

export function newUserMail(details: NewUserDetails, recipients: { email: string; name?: string }[]): OutgoingMail {
  const table = rows(details)
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:right;padding:6px 12px;color:#5D6876;font-weight:normal">${escapeHtml(label)}</th>` +
        `<td style="padding:6px 12px;color:#1F2A37"><strong>${escapeHtml(value)}</strong></td></tr>`,
    )
    .join('')
  const html =
    `<div dir="rtl" lang="he" style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.6;color:#1F2A37">` +
    `<h2 style="color:#4B2E83;margin:0 0 12px">נרשם משתמש חדש לזוכרים</h2>` +
    `<table role="presentation" style="border-collapse:collapse">${table}</table>` +
    `</div>`
  const text = ['נרשם משתמש חדש לזוכרים', '', ...rows(details).map(([label, value]) => `${label}: ${value}`)].join('\n')
  return { to: recipients, subject: `משתמש חדש נרשם לזוכרים: ${mailText(details.name)}`, html, text }
}
