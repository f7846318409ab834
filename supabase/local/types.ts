/** The contracts between the stack's services. */
import type { StackConfig } from './config.ts'
import type { Database } from './db.ts'

export interface MailMessage {
  from: string
  to: string[]
  subject: string
  html: string
  text?: string
}

export interface Mailer {
  send(message: MailMessage): Promise<{ id: string }>
}

export interface StackUrls {
  /** Gateway: what `createClient(url, …)` gets. */
  api: string
  mailbox: string
  payments: string
  site: string
}

/**
 * What an application adds to the generic stack: the core knows nothing of the app it serves, the
 * app hands it these at start-up (supabase/local/app is this repository's).
 */
export interface StackApp {
  /** The From of the auth e-mails, e.g. `Name <noreply@example.com>`. */
  emailSender: string
  /** Where the payment sandbox posts its signed events: a path under the API URL. */
  paymentsWebhookPath: string
  /** Folders outside supabase/functions that the functions import: a change there restarts them too. */
  functionSources?: string[]
  /** Variables added to the edge functions' environment, after their secrets. */
  functionEnvironment?(stack: Stack, secrets: Record<string, string>): Record<string, string>
  /** Runs at every start, after the migrations and before the first request is served. */
  afterMigrate?(stack: Stack): Promise<void>
  /** Runs once after a new database was seeded, when every service is up. */
  afterSeed?(stack: Stack): Promise<void>
  /**
   * Starts the app's scheduled jobs (what Supabase Cron runs on hosted) once the stack serves
   * requests, unless the config turns them off; the stack stops them when it stops.
   */
  startJobs?(stack: Stack): StackJobs
}

/** The app's running scheduled jobs. */
export interface StackJobs {
  stop(): void
}

export interface Stack {
  config: StackConfig
  app: StackApp
  db: Database
  mailer: Mailer
  urls: StackUrls
  log(message: string): void
}

export interface ServiceContext {
  stack: Stack
  url: URL
  /** The path after the service's prefix, starting with '/', e.g. '/token' for /auth/v1/token. */
  subpath: string
}

export type ServiceHandler = (req: Request, ctx: ServiceContext) => Promise<Response>

/** One API under the gateway (`/auth/v1`, `/rest/v1` …). */
export interface StackService {
  prefix: string
  handle: ServiceHandler
  /** When set, the gateway does not add CORS headers itself (edge functions answer their own). */
  ownsCors?: boolean
  start?(): Promise<void>
  stop?(): Promise<void>
}

/** A separate HTTP server of the stack (mailbox, payment sandbox). */
export interface StackServer {
  name: string
  url: string
  stop(): Promise<void>
}
