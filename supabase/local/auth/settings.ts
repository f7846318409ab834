/**
 * The auth service's settings: the stack's config plus the [auth] keys of supabase/config.toml, so
 * the local stack and hosted Supabase send the same subjects and templates.
 */
import path from 'node:path'
import { PROJECT_ROOT } from '../config.ts'
import { CONFIG_TOML, readConfigToml, tomlTable, type TomlTable, type TomlValue } from '../config-toml.ts'
import type { Stack } from '../types.ts'

export type EmailKind = 'confirmation' | 'recovery' | 'magic_link' | 'invite' | 'email_change'

export interface EmailTemplateSetting {
  subject: string
  contentPath: string
}

export interface AuthSettings {
  siteUrl: string
  apiUrl: string
  /** `${apiUrl}/auth/v1`: the JWT issuer and the base of e-mail links. */
  authUrl: string
  autoconfirm: boolean
  signupEnabled: boolean
  jwtExpirySeconds: number
  minPasswordLength: number
  additionalRedirectUrls: string[]
  refreshTokenReuseSeconds: number
  emailMaxFrequencyMs: number
  otpExpirySeconds: number
  /** PKCE auth codes must be exchanged within this time. */
  flowStateExpirySeconds: number
  sender: string
  templates: Record<EmailKind, EmailTemplateSetting>
}

const DEFAULT_SUBJECTS: Record<EmailKind, string> = {
  confirmation: 'Confirm Your Signup',
  recovery: 'Reset Your Password',
  magic_link: 'Your Magic Link',
  invite: 'You have been invited',
  email_change: 'Confirm Email Change',
}

function str(value: TomlValue | undefined, fallback: string): string {
  return typeof value === 'string' ? value : fallback
}

function num(value: TomlValue | undefined, fallback: number): number {
  return typeof value === 'number' ? value : fallback
}

/** Go durations as config.toml writes them: "1s", "500ms", "2m". */
export function durationMs(value: TomlValue | undefined, fallbackMs: number): number {
  const match = typeof value === 'string' ? /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(value.trim()) : null
  if (!match) return fallbackMs
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] as 'ms' | 's' | 'm' | 'h']
  return Number(match[1]) * unit
}

function templateSettings(toml: TomlTable): Record<EmailKind, EmailTemplateSetting> {
  const kinds = Object.keys(DEFAULT_SUBJECTS) as EmailKind[]
  return Object.fromEntries(
    kinds.map((kind) => {
      const section = tomlTable(toml, `auth.email.template.${kind}`)
      const contentPath = str(section.content_path, `./supabase/templates/${kind}.html`)
      return [
        kind,
        { subject: str(section.subject, DEFAULT_SUBJECTS[kind]), contentPath: path.resolve(PROJECT_ROOT, contentPath) },
      ]
    }),
  ) as Record<EmailKind, EmailTemplateSetting>
}

export function loadAuthSettings(stack: Stack, configFile = CONFIG_TOML): AuthSettings {
  const toml = readConfigToml(configFile)
  const auth = tomlTable(toml, 'auth')
  const email = tomlTable(toml, 'auth.email')
  const redirects = Array.isArray(auth.additional_redirect_urls) ? auth.additional_redirect_urls : []
  return {
    siteUrl: stack.config.siteUrl,
    apiUrl: stack.urls.api,
    authUrl: `${stack.urls.api}/auth/v1`,
    autoconfirm: stack.config.autoconfirm || email.enable_confirmations === false,
    signupEnabled: auth.enable_signup !== false && email.enable_signup !== false,
    jwtExpirySeconds: stack.config.jwtExpirySeconds,
    minPasswordLength: stack.config.minPasswordLength,
    additionalRedirectUrls: redirects.filter((url): url is string => typeof url === 'string'),
    refreshTokenReuseSeconds: num(auth.refresh_token_reuse_interval, 10),
    emailMaxFrequencyMs: durationMs(email.max_frequency, 60_000),
    otpExpirySeconds: num(email.otp_expiry, 3600),
    flowStateExpirySeconds: 300,
    sender: stack.app.emailSender,
    templates: templateSettings(toml),
  }
}
