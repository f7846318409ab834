/** What `npm start` / `npm run stack` print: where everything is and how to sign in. */
import { ANON_KEY, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from '../config.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts'
import type { Stack } from '../types.ts'

export function printStackBanner(stack: Stack, appUrl?: string): void {
  const lines = [
    '',
    'זוכרים — local stack is running',
    ...(appUrl ? [`  App              ${appUrl}`] : []),
    `  API (Supabase)   ${stack.urls.api}`,
    `  Mailbox          ${stack.urls.mailbox}`,
    `  Payment sandbox  ${stack.urls.payments}`,
    `  Database         ${stack.db.kind === 'pglite' ? `PGlite in ${stack.config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Publishable key  ${PUBLISHABLE_KEY}`,
    `  Secret key       ${SECRET_KEY}`,
    ...(stack.config.legacyApiKeys
      ? [`  legacy anon key  ${ANON_KEY}`, `  legacy service_role key ${SERVICE_ROLE_KEY}`]
      : ['  legacy JWT keys  off (STACK_LEGACY_API_KEYS=on turns them on)']),
    '',
    `Demo logins (password for all: ${DEMO_PASSWORD})`,
    ...DEMO_ACCOUNTS.map((account) => `  ${account.email.padEnd(32)} ${account.description}`),
    '',
    'Ctrl-C stops everything.',
    '',
  ]
  console.log(lines.join('\n'))
}
