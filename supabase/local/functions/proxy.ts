/**
 * Forwards a request to a function's Deno process and hands its answer back unchanged. The
 * function sees the path hosted Supabase gives it: `/<name>/<sub-path>?<query>`.
 */

const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'accept-encoding',
]

export async function forwardToFunction(
  req: Request,
  port: number,
  functionPath: string,
  search: string,
): Promise<Response> {
  const headers = new Headers(req.headers)
  for (const name of HOP_BY_HOP) headers.delete(name)
  // Deno.serve compresses when asked; fetch would then decompress but keep Content-Encoding.
  headers.set('accept-encoding', 'identity')
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  const upstream = await fetch(`http://127.0.0.1:${port}${functionPath}${search}`, {
    method: req.method,
    headers,
    body: hasBody ? await req.arrayBuffer() : undefined,
    redirect: 'manual',
  })
  const responseHeaders = new Headers(upstream.headers)
  for (const name of ['connection', 'keep-alive', 'transfer-encoding', 'content-encoding']) responseHeaders.delete(name)
  return new Response(upstream.body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: responseHeaders,
  })
}
