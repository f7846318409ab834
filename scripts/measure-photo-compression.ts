/**
 * Measurement (not a test): the bytes a visitor uploads for a 4000×3000 phone photo, before and
 * after the add-memory form's in-browser compression.
 *
 *   npx tsx scripts/measure-photo-compression.ts
 *
 * Serves the app with Vite, opens it in Chromium (412 px), paints a photo-like 4000×3000 picture
 * (soft light, colour areas and sensor-like grain) and saves it as a JPEG at quality 0.92, as a
 * phone camera does, then runs the app's own prepareImage() (src/features/add-memory/lib/
 * compress-image.ts, browser-image-compression in a web worker) on it and prints both sizes.
 */
import { chromium } from '@playwright/test'
import { createServer } from 'vite'
import { PROJECT_ROOT } from '../supabase/local/config.ts'
import { freePort } from './serve-production-build.ts'

interface Measurement {
  before: number
  after: number
  width: number
  height: number
  type: string
  ms: number
}

/** Runs in the page: paints the photo, encodes it, compresses it with the app's code. */
async function measureInPage(): Promise<Measurement> {
  const width = 4000
  const height = 3000
  const canvas = new OffscreenCanvas(width, height)
  const context = canvas.getContext('2d')!
  const sky = context.createLinearGradient(0, 0, 0, height)
  sky.addColorStop(0, '#c9d6e8')
  sky.addColorStop(0.55, '#f1d9b5')
  sky.addColorStop(1, '#6f7d4f')
  context.fillStyle = sky
  context.fillRect(0, 0, width, height)
  let seed = 7
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646
  for (let shape = 0; shape < 160; shape += 1) {
    const x = random() * width
    const y = random() * height
    const radius = 40 + random() * 420
    const glow = context.createRadialGradient(x, y, 0, x, y, radius)
    glow.addColorStop(0, `hsla(${Math.floor(random() * 360)}, 45%, ${30 + random() * 45}%, 0.55)`)
    glow.addColorStop(1, 'hsla(0, 0%, 50%, 0)')
    context.fillStyle = glow
    context.fillRect(x - radius, y - radius, radius * 2, radius * 2)
  }
  const band = 250
  for (let top = 0; top < height; top += band) {
    const pixels = context.getImageData(0, top, width, band)
    for (let index = 0; index < pixels.data.length; index += 4) {
      const grain = (random() - 0.5) * 22
      pixels.data[index] += grain
      pixels.data[index + 1] += grain
      pixels.data[index + 2] += grain
    }
    context.putImageData(pixels, 0, top)
  }
  const photo = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 })
  const file = new File([photo], 'IMG_20261122_101500.jpg', { type: 'image/jpeg', lastModified: Date.now() })

  const modulePath = '/src/domains/writing/lib/compress-image.ts'
  const { prepareImage } = (await import(/* @vite-ignore */ modulePath)) as {
    prepareImage: (file: File) => Promise<{ blob: Blob; contentType: string }>
  }
  const started = performance.now()
  const prepared = await prepareImage(file)
  const ms = performance.now() - started
  const bitmap = await createImageBitmap(prepared.blob)
  return {
    before: file.size,
    after: prepared.blob.size,
    width: bitmap.width,
    height: bitmap.height,
    type: prepared.contentType,
    ms,
  }
}

const port = await freePort()
const server = await createServer({
  root: PROJECT_ROOT,
  logLevel: 'warn',
  server: { host: '127.0.0.1', port, strictPort: true },
})
await server.listen()
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
try {
  const page = await browser.newPage({ viewport: { width: 412, height: 915 }, locale: 'he-IL' })
  // tsx keeps function names with an injected __name() helper, which the serialised function calls.
  await page.addInitScript('globalThis.__name = (target) => target')
  const workers: string[] = []
  const externalRequests: string[] = []
  page.on('worker', (worker) => workers.push(worker.url()))
  page.context().on('request', (request) => {
    if (!request.url().startsWith(`http://127.0.0.1:${port}/`) && !/^(blob|data):/.test(request.url()))
      externalRequests.push(request.url())
  })
  await page.goto(`http://127.0.0.1:${port}/`)
  const result = await page.evaluate(measureInPage)
  const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`
  console.log(
    `4000×3000 phone photo (JPEG q0.92): ${result.before.toLocaleString('en')} bytes (${megabytes(result.before)})`,
  )
  console.log(
    `after in-browser compression: ${result.after.toLocaleString('en')} bytes (${megabytes(result.after)}), ${result.width}×${result.height} ${result.type}, ${result.ms.toFixed(0)} ms`,
  )
  console.log(
    `uploaded ${((result.after / result.before) * 100).toFixed(1)}% of the original (${(result.before / result.after).toFixed(1)}× smaller)`,
  )
  console.log(
    `web workers started: ${workers.length}; requests to other hosts: ${externalRequests.length ? externalRequests.join(', ') : 'none'}`,
  )
} finally {
  await browser.close()
  await server.close()
}
