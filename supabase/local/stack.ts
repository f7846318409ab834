/**
 * Starts the whole local stack in this process: database, gateway, mailbox, payment sandbox, with
 * the app's own pieces (supabase/local/app) handed in by the caller.
 */
import fs from 'node:fs'
import { gatewayUrl, mailboxUrl, paymentsUrl, type StackConfig } from './config.ts'
import { openDatabase } from './db.ts'
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
import type { Stack, StackApp, StackServer, StackService } from './types.ts'
import { useStackSecrets } from './stack-secrets.ts'

export interface RunningStack {
  stack: Stack
  migration: MigrationReport
  stop(): Promise<void>
}

export function resetData(config: StackConfig): void {
  fs.rmSync(config.dataDir, { recursive: true, force: true })
}

export async function startStack(config: StackConfig, app: StackApp): Promise<RunningStack> {
  const log = (message: string) => {
    if (!config.quiet) console.log(`[stack] ${message}`)
  }
  let ready = false
  // The stack's own signing key and secrets, made on the first start of its data folder.
  useStackSecrets(config.dataDir)
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  const mailbox = createMailbox(config)
  const stack: Stack = {
    config,
    app,
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
    await app.afterMigrate?.(stack)
    servers.push(await mailbox.start())
    servers.push(await startPaymentSandbox(stack))
    for (const service of services) await service.start?.()
    if (migration.seeded) await app.afterSeed?.(stack)
    ready = true
    const jobs = config.scheduledJobs ? app.startJobs?.(stack) : undefined
    return {
      stack,
      migration,
      async stop() {
        ready = false
        jobs?.stop()
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
