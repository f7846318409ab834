/**
 * The sign-in e-mails (confirmation, recovery, magic link, invite, address change) in the same
 * frame as every other e-mail, as the Go templates GoTrue fills: the frame is rendered with
 * stand-in addresses, which become GoTrue's placeholders ({{ .ConfirmationURL }}, {{ .SiteURL }},
 * {{ .Email }} or, for an address change, {{ .NewEmail }}); the code is {{ .Token }} as written.
 */
import { framedMail } from './frame.ts'
import { mailStrings } from './strings.ts'

export const authMailKinds = ['confirmation', 'recovery', 'magic_link', 'invite', 'email_change'] as const
export type AuthMailKind = (typeof authMailKinds)[number]

const STAND_IN = {
  confirmationUrl: 'https://confirmation-url.template.invalid/',
  siteUrl: 'https://site-url.template.invalid',
  email: 'recipient@template.invalid',
}

/** The template GoTrue sends for `kind` (supabase/templates/<kind>.html). */
export function authMailTemplate(kind: AuthMailKind): string {
  const words = mailStrings.auth[kind]
  const { html } = framedMail({
    to: STAND_IN.email,
    subject: words.title,
    blocks: [...words.lines],
    action: { label: words.action, href: STAND_IN.confirmationUrl },
    afterAction: [{ code: '{{ .Token }}', label: words.codeLabel }],
    notes: [words.note],
    site: STAND_IN.siteUrl,
  })
  return `${html
    .replaceAll(STAND_IN.confirmationUrl, '{{ .ConfirmationURL }}')
    .replaceAll(STAND_IN.siteUrl, '{{ .SiteURL }}')
    .replaceAll(STAND_IN.email, kind === 'email_change' ? '{{ .NewEmail }}' : '{{ .Email }}')}\n`
}
