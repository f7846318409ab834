/**
 * `/functions/v1/<name>[/sub-path]`: runs supabase/functions/<name>/index.ts (or the stack's own
 * local-only function of that name) under real Deno (the
 * `deno` npm package), one process per function, started on first call. The gateway checks the
 * JWT when the function's `verify_jwt` is on (the CLI's default, so a function config.toml does not
 * name, or names with `verify_jwt = true`, gets it; ours all turn it off), never for OPTIONS, and
 * otherwise passes requests and answers through unchanged: CORS is the function's job.
 */
import fs from 'node:fs'
import { isNewApiKey, verifyJwt, type KeyPolicy } from '../jwt.ts'
import { PUBLISHABLE_KEY, SECRET_KEY } from '../config.ts'
import type { Stack, StackService } from '../types.ts'
import { FUNCTIONS_DIR, LOCAL_ONLY_FUNCTIONS_DIR, functionEnvironment } from './env.ts'
import { DENO_BINARY, FunctionProcess } from './function-process.ts'
import {
  functionNotFound,
  invalidJwt,
  missingAuthorization,
  preflightFallback,
  runtimeFailure,
} from './gateway-responses.ts'
import { forwardToFunction } from './proxy.ts'
import { functionEntryDir, verifyJwtFor } from './settings.ts'
import { createRouter } from '../router.ts'

export interface FunctionsServiceOptions {
  functionsDir?: string
  /** The stack's own functions, served beside functionsDir's (supabase/local/functions/local-only). */
  localOnlyDir?: string
  /** Where each function's `verify_jwt` is read: supabase/config.toml unless given. */
  configFile?: string
}

/**
 * The platform's `verify_jwt` check (on when a function does not turn it off): a JWT of this
 * project, or for migration one of its new API keys, in `Authorization: Bearer`. It says nothing of
 * who the caller is: every function here turns it off and verifies its caller itself.
 */
async function jwtRefusal(req: Request, keys: KeyPolicy): Promise<Response | undefined> {
  const header = req.headers.get('authorization')
  if (!header) return missingAuthorization()
  const token = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim()
  if (!token) return invalidJwt()
  if (isNewApiKey(token)) return token === PUBLISHABLE_KEY || token === SECRET_KEY ? undefined : invalidJwt()
  try {
    await verifyJwt(token, keys)
    return undefined
  } catch {
    return invalidJwt()
  }
}

/** `/{name}/…`: every path under a function's name goes to that function, whatever the method. */
const route = createRouter<true>([['/:name/*path', { '*': true }]])

function functionName(subpath: string): string | undefined {
  const match = route('*', subpath)
  if (match.kind !== 'handler') return undefined
  try {
    return decodeURIComponent(match.params.name!)
  } catch {
    return undefined
  }
}

export function createFunctionsService(stack: Stack, options: FunctionsServiceOptions = {}): StackService {
  const functionsDir = options.functionsDir ?? FUNCTIONS_DIR
  const entryDirs = [functionsDir, options.localOnlyDir ?? LOCAL_ONLY_FUNCTIONS_DIR]
  const processes = new Map<string, FunctionProcess>()

  function processFor(name: string, entryDir: string): FunctionProcess {
    let worker = processes.get(name)
    if (!worker) {
      worker = new FunctionProcess({
        name,
        functionsDir,
        entryDir,
        sources: stack.app.functionSources ?? [],
        env: () => functionEnvironment(stack),
        log: stack.log,
      })
      processes.set(name, worker)
    }
    return worker
  }

  async function invoke(req: Request, name: string, entryDir: string, subpath: string, search: string) {
    const port = await processFor(name, entryDir).port()
    return forwardToFunction(req, port, subpath, search)
  }

  async function handle(req: Request, subpath: string, search: string): Promise<Response> {
    const name = functionName(subpath)
    const entryDir = name ? functionEntryDir(entryDirs, name) : undefined
    if (!name || !entryDir) return functionNotFound()
    if (req.method === 'OPTIONS') {
      const answer = await invoke(req, name, entryDir, subpath, search).catch(() => undefined)
      if (answer?.headers.has('access-control-allow-origin')) return answer
      stack.log(
        `function ${name} did not answer the CORS preflight; the local stack answered it (production would not)`,
      )
      return preflightFallback()
    }
    // The stack's own local-only functions are named in no config.toml and check their callers themselves.
    if (entryDir === functionsDir && verifyJwtFor(name, options.configFile)) {
      const refusal = await jwtRefusal(req, stack.config)
      if (refusal) return refusal
    }
    try {
      return await invoke(req, name, entryDir, subpath, search)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      stack.log(`function ${name} failed: ${message}`)
      return runtimeFailure(message)
    }
  }

  return {
    prefix: '/functions/v1',
    ownsCors: true,
    handle: (req, { url, subpath }) => handle(req, subpath, url.search),
    async start() {
      if (!fs.existsSync(DENO_BINARY))
        stack.log(`edge functions unavailable: ${DENO_BINARY} is missing (run npm install)`)
    },
    async stop() {
      await Promise.all([...processes.values()].map((worker) => worker.stop()))
      processes.clear()
    },
  }
}
