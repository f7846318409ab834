/**
 * Runs under Deno (not Node): `deno run … deno-runner.ts <file URL of supabase/functions/<name>/index.ts>`.
 * The function module stays standard (`Deno.serve(handler)` at top level); this runner patches
 * `Deno.serve` before importing it so the handler listens on a free loopback port, reports that
 * port to the stack on stdout, and turns a thrown error into a 500 JSON body with CORS headers
 * instead of Deno's bare text 500. Unhandled rejections are logged, not fatal. When the stack's
 * process goes away (even killed), stdin closes and the function exits with it.
 */

type Handler = (request: Request, info: unknown) => Response | Promise<Response>

interface ServeOptions {
  handler?: Handler
  signal?: AbortSignal
}

interface DenoRuntime {
  args: string[]
  serve: (...args: unknown[]) => unknown
  stdin: { read(buffer: Uint8Array): Promise<number | null> }
  exit(code: number): never
}

declare const Deno: DenoRuntime

/** The stack's process manager waits for this line (see function-process.ts). */
const READY_MARKER = '__stack_function_ready__'

const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-retry-count',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
}

function thrownErrorResponse(error: unknown): Response {
  const message = error instanceof Error ? error.message : String(error)
  return new Response(JSON.stringify({ error: message }), {
    status: 500,
    headers: { ...corsHeaders, 'Content-Type': 'application/json' },
  })
}

function handlerAndOptions(args: unknown[]): { handler: Handler; options: ServeOptions } {
  if (typeof args[0] === 'function') return { handler: args[0] as Handler, options: {} }
  const options = (args[0] ?? {}) as ServeOptions
  const handler = typeof args[1] === 'function' ? (args[1] as Handler) : options.handler
  if (!handler) throw new TypeError('Deno.serve was called without a handler')
  return { handler, options }
}

const nativeServe = Deno.serve.bind(Deno)
let serving = false

Deno.serve = (...args: unknown[]) => {
  if (serving) throw new Error('The local functions runtime supports one Deno.serve call per function')
  serving = true
  const { handler, options } = handlerAndOptions(args)
  return nativeServe(
    {
      hostname: '127.0.0.1',
      port: 0,
      signal: options.signal,
      onListen: ({ port }: { port: number }) => console.log(`${READY_MARKER} ${port}`),
      onError: thrownErrorResponse,
    },
    async (request: Request, info: unknown) => {
      try {
        return await handler(request, info)
      } catch (error) {
        console.error('Function threw:', error)
        return thrownErrorResponse(error)
      }
    },
  )
}

globalThis.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
  event.preventDefault()
  console.error('Unhandled promise rejection:', event.reason)
})

async function exitWithParent(): Promise<void> {
  const buffer = new Uint8Array(64)
  while ((await Deno.stdin.read(buffer)) !== null) {
    // the stack never writes; end of input means it is gone
  }
  Deno.exit(0)
}
void exitWithParent()

const entry = Deno.args[0]
if (!entry) throw new Error('usage: deno run deno-runner.ts <function module URL>')
await import(entry)
if (!serving) {
  console.error(`${entry} finished loading without calling Deno.serve`)
  Deno.exit(1)
}
