/**
 * זוכרים's part of the local stack: its e-mail sender, its payment callback, its function secrets,
 * the folders of contracts and shared code its functions import, the project URL its database
 * checks media against, the demo photos of its seed and its scheduled jobs (send-reminders,
 * send-memory-news). The stack's core (everything in supabase/local outside app/ and testing/)
 * never imports this folder.
 */
import path from 'node:path'
import { PROJECT_ROOT } from '../config.ts'
import type { StackApp } from '../types.ts'
import { localStackAddresses } from './function-env.ts'
import { writeProjectUrl } from './project-url.ts'
import { startAppJobs } from './reminder-scheduler.ts'
import { uploadSeedAssets } from './seed-assets.ts'

export const zochrimApp: StackApp = {
  emailSender: 'זוכרים <noreply@zochrim.co.il>',
  paymentsWebhookPath: '/functions/v1/payment-callback',
  // The functions' contracts and the code they share with the browser app.
  functionSources: [path.join(PROJECT_ROOT, 'contracts'), path.join(PROJECT_ROOT, 'shared')],
  functionEnvironment: localStackAddresses,
  afterMigrate: writeProjectUrl,
  afterSeed: uploadSeedAssets,
  startJobs: startAppJobs,
}
