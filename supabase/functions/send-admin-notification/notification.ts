/** The new-user e-mail to the platform admins (Hebrew, right to left). */
import { mailText } from '../_shared/mail/mail.ts'
import { framedMail, type OutgoingMail } from '../_shared/mail/frame.ts'
import { mailStrings } from '../_shared/mail/strings.ts'

const t = mailStrings.newUser

export interface NewUserDetails {
  name: string
  email: string
  relationship: string | null
  deceasedName: string | null
  registeredAt: string
}

function rows(details: NewUserDetails): [string, string][] {
  const relationship = details.relationship
    ? (t.relationships[details.relationship] ?? mailText(details.relationship))
    : t.notGiven
  const registeredAt = new Intl.DateTimeFormat('he-IL', {
    timeZone: 'Asia/Jerusalem',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(details.registeredAt))
  return [
    [t.labels.name, mailText(details.name) || t.notGiven],
    [t.labels.email, details.email],
    [t.labels.relationship, relationship],
    [t.labels.deceased, mailText(details.deceasedName) || t.notGiven],
    [t.labels.registeredAt, registeredAt],
  ]
}

export function newUserMail(
  details: NewUserDetails,
  recipients: { email: string; name?: string }[],
  site: string,
): OutgoingMail {
  return framedMail({
    to: recipients,
    subject: t.subject(mailText(details.name)),
    title: t.title,
    blocks: [{ details: rows(details) }],
    action: { label: t.toPanel, href: `${site}/admin-panel` },
    reason: t.reason,
    site,
  })
}
