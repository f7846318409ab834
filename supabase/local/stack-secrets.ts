/**
 * The secrets one local stack makes for itself on its first start, as a hosted project has its own,
 * kept in its data folder (git-ignored) and gone with it (`npm run stack:reset`): the ES256 key that
 * signs user access tokens (its public half is the JWKS), the secret of the stack's own short-lived
 * tokens (signed storage URLs) and the secret its scheduler sends to the scheduled functions. None is
 * written in the repository or derived from a value that is. Every process of one data folder (the
 * stack, the tests, the scripts) reads the same file: the stack names its folder with
 * useStackSecrets, the others find it through STACK_DATA_DIR (scripts/with-stack.ts sets it).
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { JWK } from 'jose'
import { loadStackConfig } from './config.ts'

/** The private signing key as the Supabase CLI writes it (`supabase gen signing-key`). */
export type SigningJwk = JWK & { kid: string; alg: 'ES256' }

export interface StackSecrets {
  signingKey: SigningJwk
  /** HS256 secret of the stack's own tokens; never the legacy JWT secret. */
  internalTokenSecret: string
  /** What the scheduler sends in `x-reminders-secret` when supabase/functions/.env names none. */
  remindersCronSecret: string
}

const FILE_NAME = 'stack-secrets.json'
const cache = new Map<string, StackSecrets>()
let activeDataDir: string | undefined

export function stackSecretsFile(dataDir: string): string {
  return path.join(dataDir, FILE_NAME)
}

function newSecrets(): StackSecrets {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = privateKey.export({ format: 'jwk' }) as JWK
  return {
    signingKey: { ...jwk, kid: randomUUID(), alg: 'ES256', use: 'sig', key_ops: ['sign', 'verify'], ext: true },
    internalTokenSecret: randomBytes(32).toString('base64url'),
    remindersCronSecret: randomBytes(32).toString('hex'),
  }
}

function isStackSecrets(value: unknown): value is StackSecrets {
  const secrets = value as Partial<StackSecrets> | null
  return (
    secrets?.signingKey?.alg === 'ES256' &&
    typeof secrets.signingKey.kid === 'string' &&
    typeof secrets.signingKey.d === 'string' &&
    typeof secrets.internalTokenSecret === 'string' &&
    typeof secrets.remindersCronSecret === 'string'
  )
}

/** Reads the folder's secrets, making them first when the folder has none (only one writer wins). */
function readOrCreate(dataDir: string): StackSecrets {
  const file = stackSecretsFile(dataDir)
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true })
    try {
      fs.writeFileSync(file, `${JSON.stringify(newSecrets(), null, 2)}\n`, { flag: 'wx', mode: 0o600 })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  const secrets: unknown = JSON.parse(fs.readFileSync(file, 'utf8'))
  if (!isStackSecrets(secrets)) throw new Error(`${file}: not the stack's secrets (delete it to make new ones)`)
  return secrets
}

/** The stack's own data folder from now on in this process (startStack calls it first). */
export function useStackSecrets(dataDir: string): StackSecrets {
  activeDataDir = dataDir
  // Read again: the folder may have been wiped (`npm run stack:reset`) since it was last read.
  cache.delete(dataDir)
  return stackSecrets()
}

/** The secrets of this process's stack: the folder useStackSecrets named, else STACK_DATA_DIR's. */
export function stackSecrets(): StackSecrets {
  const dataDir = activeDataDir ?? loadStackConfig().dataDir
  let secrets = cache.get(dataDir)
  if (!secrets) {
    secrets = readOrCreate(dataDir)
    cache.set(dataDir, secrets)
  }
  return secrets
}
