/**
 * Initial JavaScript of the landing route, gzip: the entry chunk, the landing chunk and every
 * chunk they import statically, read from the production build's manifest (`npm run build`
 * first). Also reports when a heavy library (supabase-js, react-hook-form, zod, qrcode) leaked
 * into that first download. Not a test; prints figures.
 */
import fs from 'node:fs'
import { gzipSync } from 'node:zlib'

interface ManifestChunk {
  file: string
  imports?: string[]
}

const manifest = JSON.parse(fs.readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, ManifestChunk>
const LANDING_ENTRIES = ['index.html', 'src/features/landing/LandingPage.tsx']
const HEAVY_LIBRARY_MARKERS: Record<string, string> = {
  GoTrueClient: '@supabase/supabase-js',
  PostgrestClient: '@supabase/supabase-js',
  shouldUnregister: 'react-hook-form',
  ZodError: 'zod',
  toDataURL: 'qrcode',
}

function staticClosure(keys: string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const dependency of manifest[key]?.imports ?? []) visit(dependency)
  }
  keys.forEach(visit)
  return seen
}

let totalBytes = 0
for (const key of staticClosure(LANDING_ENTRIES)) {
  const file = manifest[key]!.file
  const code = fs.readFileSync(`dist/${file}`)
  const gzipped = gzipSync(code, { level: 9 }).length
  totalBytes += gzipped
  console.log(`${file.padEnd(48)} ${(gzipped / 1024).toFixed(2)} KB gzip`)
  for (const [marker, library] of Object.entries(HEAVY_LIBRARY_MARKERS)) {
    if (code.includes(marker)) console.log(`  ! ${library} is in the first download (${file})`)
  }
}
console.log(`${'landing initial JS'.padEnd(48)} ${(totalBytes / 1024).toFixed(2)} KB gzip`)
