/** Starts the whole local stack in this process: database, gateway, mailbox, payment sandbox. */
import fs from 'node:fs'
import { gatewayUrl, loadStackConfig, mailboxUrl, paymentsUrl, type StackConfig } from './config.ts'
import { openDatabase, type Database } from './db.ts'
import { createGateway, gatewayBodyLimit } from './gateway.ts'
import { listen } from './http.ts'
import { migrate, type MigrationReport } from './migrate.ts'
import { createMailbox } from './mailbox/index.ts'
import { createAuthService } from './auth/index.ts'
import { createRestService } from './rest/index.ts'
import { createStorageService } from './storage/index.ts'
import { createFunctionsService } from './functions/index.ts'
import { startPaymentSandbox } from './payments/index.ts'
import { createPgMetaService } from './pg-meta.ts'
import { uploadSeedAssets } from './app/seed-assets.ts'
import type { Stack, StackServer, StackService } from './types.ts'

export interface RunningStack {
  stack: Stack
  migration: MigrationReport
  stop(): Promise<void>
}

export function resetData(config: StackConfig): void {
  fs.rmSync(config.dataDir, { recursive: true, force: true })
}

export async function startStack(config: StackConfig = loadStackConfig()): Promise<RunningStack> {
  const log = (message: string) => {
    if (!config.quiet) console.log(`[stack] ${message}`)
  }
  let ready = false
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  const mailbox = createMailbox(config)
  const stack: Stack = {
    config,
    db,
    mailer: mailbox.mailer,
    urls: { api: gatewayUrl(config), mailbox: mailboxUrl(config), payments: paymentsUrl(config), site: config.siteUrl },
    log,
  }
  const services: StackService[] = [
    createAuthService(stack),
    createRestService(stack),
    createStorageService(stack),
    createFunctionsService(stack),
    createPgMetaService(stack),
  ]
  const gateway = await listen(
    config.host,
    config.gatewayPort,
    createGateway(stack, services, () => ready),
    gatewayBodyLimit,
  )
  const servers: StackServer[] = []
  try {
    const migration = await migrate(db)
    log(`database ${db.kind}: ${migration.applied.length} migration(s) applied${migration.seeded ? ', seeded' : ''}`)
    await writeProjectUrl(db, stack.urls.api)
    servers.push(await mailbox.start())
    servers.push(await startPaymentSandbox(stack))
    for (const service of services) await service.start?.()
    if (migration.seeded) await uploadSeedAssets(stack)
    ready = true
    return {
      stack,
      migration,
      async stop() {
        ready = false
        for (const service of services) await service.stop?.()
        for (const server of servers) await server.stop()
        await gateway.close()
        await db.close()
      },
    }
  } catch (error) {
    for (const server of servers) await server.stop()
    await gateway.close()
    await db.close()
    throw error
  }
}

/**
 * The project URL the database checks media URLs against (public.project_settings): on hosted
 * Supabase one SQL insert at deploy time, here the gateway's address at every start.
 */
async function writeProjectUrl(db: Database, apiUrl: string): Promise<void> {
  await db.query(
    `insert into "public"."project_settings" ("project_url") values ($1)
     on conflict ("id") do update set "project_url" = excluded."project_url", "updated_at" = now()`,
    [apiUrl.replace(/\/+$/, '')],
  )
}
