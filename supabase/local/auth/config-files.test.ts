/** supabase/config.toml and the Hebrew templates, as both the local stack and hosted Supabase read them. */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readConfigToml, tomlTable } from '../config-toml.ts'
import { renderTemplate } from './emails.ts'

const toml = readConfigToml()
const auth = tomlTable(toml, 'auth')

describe('supabase/config.toml [auth]', () => {
  it('holds the auth settings the app relies on', () => {
    expect(toml.project_id).toBe('zochrim')
    expect(auth).toMatchObject({ site_url: 'http://127.0.0.1:5173', minimum_password_length: 8 })
    expect(auth.additional_redirect_urls).toEqual(expect.arrayContaining(['http://localhost:5173']))
    expect(tomlTable(toml, 'auth.email').enable_confirmations).toBe(true)
  })

  it.each(['confirmation', 'recovery', 'magic_link', 'invite', 'email_change'])(
    'has a Hebrew RTL %s template',
    (kind) => {
      const section = tomlTable(toml, `auth.email.template.${kind}`)
      expect(section.subject).toMatch(/[\u0590-\u05FF]/)
      const template = fs.readFileSync(String(section.content_path), 'utf8')
      expect(template).toContain('dir="rtl"')
      expect(template).toContain('{{ .ConfirmationURL }}')
      expect(template).toContain('{{ .Token }}')
      expect(template).toContain('זוכרים')
      expect(template).toContain('ספר זיכרון דיגיטלי')
      expect(template).not.toMatch(/\{\{\s*\.(?!ConfirmationURL|Token|SiteURL|Email|NewEmail)\w+/)
    },
  )
})

describe('template rendering', () => {
  it('replaces GoTrue variables and escapes them for HTML', () => {
    const html = renderTemplate('<a href="{{ .ConfirmationURL }}">{{.Token}}</a>{{ .Unknown }}', {
      ConfirmationURL: 'http://x/verify?token=a&type=signup',
      Token: '012345',
    })
    expect(html).toBe('<a href="http://x/verify?token=a&amp;type=signup">012345</a>')
  })
})
