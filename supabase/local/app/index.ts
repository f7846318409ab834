/**
 * זוכרים's part of the local stack: its e-mail sender, its payment callback, its function secrets,
 * the project URL its database checks media against, the demo photos of its seed and its scheduled
 * jobs (send-reminders, send-memory-news). The stack's core (everything in supabase/local outside
 * app/ and testing/) never imports this folder.
 */
import type { StackApp } from '../types.ts'
import { localStackAddresses } from './function-env.ts'
import { writeProjectUrl } from './project-url.ts'
import { startAppJobs } from './reminder-scheduler.ts'
import { uploadSeedAssets } from './seed-assets.ts'

export const zochrimApp: StackApp = {
  emailSender: 'זוכרים <noreply@zochrim.co.il>',
  paymentsWebhookPath: '/functions/v1/payment-callback',
  functionEnvironment: localStackAddresses,
  afterMigrate: writeProjectUrl,
  afterSeed: uploadSeedAssets,
  startJobs: startAppJobs,
}
