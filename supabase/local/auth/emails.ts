/**
 * Auth e-mails rendered from supabase/templates/*.html with GoTrue's template variables
 * ({{ .ConfirmationURL }}, {{ .Token }}, {{ .TokenHash }}, {{ .SiteURL }}, {{ .Email }} …), so hosted
 * Supabase sends the same files.
 */
import fs from 'node:fs'
import type { Mailer } from '../types.ts'
import type { AuthSettings, EmailKind } from './settings.ts'

export type VerifyType = 'signup' | 'recovery' | 'magiclink' | 'invite' | 'email_change'

const KIND_OF: Record<VerifyType, EmailKind> = {
  signup: 'confirmation',
  recovery: 'recovery',
  magiclink: 'magic_link',
  invite: 'invite',
  email_change: 'email_change',
}

const FALLBACK_TEMPLATE =
  '<h2>{{ .Email }}</h2><p><a href="{{ .ConfirmationURL }}">{{ .ConfirmationURL }}</a></p><p>{{ .Token }}</p>'

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** Replaces `{{ .Name }}` placeholders; unknown names become empty, as Go templates print nothing. */
export function renderTemplate(template: string, variables: Record<string, string>): string {
  return template.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (_match, name: string) => escapeHtml(variables[name] ?? ''))
}

export function verificationUrl(settings: AuthSettings, hash: string, type: VerifyType, redirectTo: string): string {
  const query = new URLSearchParams({ token: hash, type, redirect_to: redirectTo })
  return `${settings.authUrl}/verify?${query.toString()}`
}

export interface AuthEmail {
  type: VerifyType
  to: string
  /** The account's current address ({{ .Email }}); differs from `to` for email_change. */
  email: string
  otp: string
  hash: string
  redirectTo: string
  /** For email_change: the address being confirmed. */
  newEmail?: string
}

function readTemplate(file: string): string {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : FALLBACK_TEMPLATE
}

export async function sendAuthEmail(mailer: Mailer, settings: AuthSettings, email: AuthEmail): Promise<void> {
  const template = settings.templates[KIND_OF[email.type]]
  const html = renderTemplate(readTemplate(template.contentPath), {
    ConfirmationURL: verificationUrl(settings, email.hash, email.type, email.redirectTo),
    Token: email.otp,
    TokenHash: email.hash,
    SiteURL: settings.siteUrl,
    RedirectTo: email.redirectTo,
    Email: email.email,
    NewEmail: email.newEmail ?? '',
  })
  await mailer.send({ from: settings.sender, to: [email.to], subject: template.subject, html })
}
