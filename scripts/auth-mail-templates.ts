/**
 * Writes supabase/templates/<kind>.html, the sign-in e-mails GoTrue sends, from the one mail frame
 * (supabase/functions/_shared/mail). Run after changing the frame or the auth mail strings:
 * `npx tsx scripts/auth-mail-templates.ts`; a test holds the files equal to what it writes.
 */
import fs from 'node:fs'
import path from 'node:path'
import { authMailKinds, authMailTemplate } from '../supabase/functions/_shared/mail/auth-templates.ts'

const TEMPLATES_DIR = path.join(import.meta.dirname, '..', 'supabase', 'templates')

for (const kind of authMailKinds) {
  fs.writeFileSync(path.join(TEMPLATES_DIR, `${kind}.html`), authMailTemplate(kind))
  console.log(`supabase/templates/${kind}.html`)
}
