/**
 * `npm run stack`: starts the local stack and keeps it running until Ctrl-C.
 * `npm run stack:reset`: wipes the local data, recreates and reseeds the database, and exits.
 */
import { loadStackConfig } from '../config.ts'
import { printStackBanner } from './banner.ts'
import { resetData, startStack } from '../stack.ts'
import { zochrimApp } from './index.ts'

const args = new Set(process.argv.slice(2))
const config = loadStackConfig()

if (args.has('--reset')) {
  if (config.databaseUrl) {
    console.error('stack:reset only wipes the embedded database; drop and recreate the PostgreSQL database by hand.')
    process.exit(1)
  }
  resetData(config)
}

const running = await startStack(config, zochrimApp)
if (args.has('--exit')) {
  await running.stop()
  console.log(`[stack] ${args.has('--reset') ? 'reset and reseeded' : 'migrated'}: ${config.dataDir}`)
  process.exit(0)
}

printStackBanner(running.stack)
const shutdown = async () => {
  await running.stop()
  process.exit(0)
}
process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)
