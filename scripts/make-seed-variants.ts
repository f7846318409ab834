/**
 * Makes the small WebP copies (named by shared/derived-files.ts) of the demo photos in
 * supabase/seed-assets/, with Chromium's own encoder, the same one the app's uploads use. The local
 * stack uploads them beside the photos when it seeds. Run again after changing a demo photo:
 *
 *   npx tsx scripts/make-seed-variants.ts
 */
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { PROJECT_ROOT } from '../supabase/local/config.ts'
import { DERIVED_PICTURE_WIDTHS, derivedPictureName } from '../shared/derived-files.ts'

const assetsDir = path.join(PROJECT_ROOT, 'supabase', 'seed-assets')
const photos = fs.readdirSync(assetsDir).filter((name) => /\.jpe?g$/i.test(name))
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
try {
  const page = await browser.newPage()
  for (const photo of photos) {
    const dataUrl = `data:image/jpeg;base64,${fs.readFileSync(path.join(assetsDir, photo)).toString('base64')}`
    for (const width of DERIVED_PICTURE_WIDTHS) {
      const base64 = await page.evaluate(
        async ({ dataUrl, width }) => {
          const bitmap = await createImageBitmap(await (await fetch(dataUrl)).blob())
          const scale = Math.min(1, width / bitmap.width)
          const canvas = document.createElement('canvas')
          canvas.width = Math.round(bitmap.width * scale)
          canvas.height = Math.round(bitmap.height * scale)
          const context = canvas.getContext('2d')!
          context.imageSmoothingQuality = 'high'
          context.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
          const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/webp', 0.8))
          const bytes = new Uint8Array(await blob.arrayBuffer())
          let binary = ''
          for (const byte of bytes) binary += String.fromCharCode(byte)
          return btoa(binary)
        },
        { dataUrl, width },
      )
      const target = path.join(assetsDir, derivedPictureName(photo, width))
      fs.writeFileSync(target, Buffer.from(base64, 'base64'))
      console.log(`${path.basename(target)}: ${fs.statSync(target).size} bytes`)
    }
  }
} finally {
  await browser.close()
}
