/** For benchmarks: the SPA built for a running stack and served as production (vite preview). */
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { build, preview, type PreviewServer } from 'vite'
import { PROJECT_ROOT, PUBLISHABLE_KEY } from '../supabase/local/config.ts'

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/**
 * Builds the SPA for this stack and serves the production build; stops with the returned function.
 * On `port` when given (the stack's site address): taken by another server, it throws rather than
 * leave the caller testing that server's app.
 */
export async function serveProductionBuild(
  apiUrl: string,
  port?: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zochrim-bench-'))
  process.env.VITE_SUPABASE_URL = apiUrl
  process.env.VITE_SUPABASE_PUBLISHABLE_KEY = PUBLISHABLE_KEY
  await build({ root: PROJECT_ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } })
  const servedPort = port ?? (await freePort())
  const server: PreviewServer = await preview({
    root: PROJECT_ROOT,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: servedPort, strictPort: true },
  })
  return {
    url: `http://127.0.0.1:${servedPort}`,
    close: async () => {
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
      fs.rmSync(outDir, { recursive: true, force: true })
    },
  }
}
