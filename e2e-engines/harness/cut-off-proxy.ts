/**
 * The stack as the browser reaches it, through a proxy that can be cut: while cut, every connection
 * to the API is closed before an answer (what a phone sees when the server is unreachable), while
 * the app's own pages are still served. Journeys cut and restore it through its control paths
 * (`POST /__network/cut`, `POST /__network/restore`), the same in every engine.
 */
import http from 'node:http'
import net from 'node:net'

export interface CutOffProxy {
  url: string
  close(): Promise<void>
}

const CONTROL = '/__network/'

export async function startCutOffProxy(target: string): Promise<CutOffProxy> {
  const upstream = new URL(target)
  let cut = false
  const sockets = new Set<net.Socket>()

  const server = http.createServer((request, response) => {
    if (request.url?.startsWith(CONTROL)) {
      cut = request.url === `${CONTROL}cut`
      // Connections already open (keep-alive, realtime) break too, as they do when a network drops.
      if (cut) for (const socket of sockets) if (socket !== request.socket) socket.destroy()
      response.writeHead(204, { connection: 'close' }).end()
      return
    }
    if (cut) {
      request.socket.destroy()
      return
    }
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: upstream.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      },
    )
    forwarded.on('error', () => request.socket.destroy())
    request.pipe(forwarded)
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  // Realtime's WebSocket: bytes piped both ways.
  server.on('upgrade', (request, socket, head) => {
    if (cut) {
      socket.destroy()
      return
    }
    const outbound = net.connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`]
      for (let index = 0; index < request.rawHeaders.length; index += 2) {
        const name = request.rawHeaders[index]!
        lines.push(`${name}: ${name.toLowerCase() === 'host' ? upstream.host : request.rawHeaders[index + 1]}`)
      }
      outbound.write(`${lines.join('\r\n')}\r\n\r\n`)
      outbound.write(head)
      outbound.pipe(socket).pipe(outbound)
    })
    outbound.on('error', () => socket.destroy())
    socket.on('error', () => outbound.destroy())
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** Cuts (`true`) or restores (`false`) the API as the browser reaches it. */
export async function cutNetwork(proxyUrl: string, cut: boolean): Promise<void> {
  const response = await fetch(`${proxyUrl}${CONTROL}${cut ? 'cut' : 'restore'}`, { method: 'POST' })
  if (response.status !== 204) throw new Error(`the proxy answered ${response.status}`)
}
