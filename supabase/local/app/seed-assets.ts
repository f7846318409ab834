/**
 * Puts the seed's photos into the memory-images bucket, at the paths supabase/seed.sql's URLs
 * point to, through the storage HTTP API (so the storage service's own file layout is respected).
 *
 * seed.sql writes its URLs with the host of `supabase start` (SEED_API_URL). When this stack runs
 * elsewhere (the test stack on port 55321), the URLs are rebased on the stack's address with one
 * UPDATE per table, so the app can load the pictures.
 */
import fs from 'node:fs'
import path from 'node:path'
import { PROJECT_ROOT, SECRET_KEY } from '../config.ts'
import type { Stack } from '../types.ts'
import { DERIVED_PICTURE_WIDTHS, derivedPictureName } from '../../../shared/derived-files.ts'

const SEED_API_URL = 'http://127.0.0.1:54321'
const SEED_BUCKET = 'memory-images'
const ASSETS_DIR = path.join(PROJECT_ROOT, 'supabase', 'seed-assets')

const OWNER_ID = 'a0000000-0000-4000-8000-000000000002'
const RACHEL_BOOK_ID = 'b0000000-0000-4000-8000-000000000001'

/** Storage path (as used in seed.sql) → file in supabase/seed-assets/. */
export const SEED_ASSETS: ReadonlyArray<{ objectPath: string; file: string }> = [
  { objectPath: `profiles/${OWNER_ID}/rachel-profile.jpg`, file: 'garden-light.jpg' },
  { objectPath: `books/${OWNER_ID}/rachel-background.jpg`, file: 'sea-dawn.jpg' },
  { objectPath: `memories/${RACHEL_BOOK_ID}/friday-table.jpg`, file: 'sunset-field.jpg' },
  { objectPath: `memories/${RACHEL_BOOK_ID}/olive-grove.jpg`, file: 'olive-grove.jpg' },
  { objectPath: `memories/${RACHEL_BOOK_ID}/challah-morning.jpg`, file: 'desert-evening.jpg' },
  { objectPath: `memories/${RACHEL_BOOK_ID}/winter-window.jpg`, file: 'hills-mist.jpg' },
  { objectPath: `memories/${RACHEL_BOOK_ID}/sea-walk.jpg`, file: 'sea-dawn.jpg' },
  { objectPath: `memories/${RACHEL_BOOK_ID}/sunset-shore.jpg`, file: 'dusk-lake.jpg' },
  { objectPath: `memories/${RACHEL_BOOK_ID}/evening-sky.jpg`, file: 'sunset-field.jpg' },
  { objectPath: `memories/${RACHEL_BOOK_ID}/autumn-path.jpg`, file: 'autumn-leaves.jpg' },
  { objectPath: `memories/${RACHEL_BOOK_ID}/garden-gate.jpg`, file: 'garden-light.jpg' },
]

async function uploadAsset(
  apiUrl: string,
  objectPath: string,
  file: string,
  contentType = 'image/jpeg',
): Promise<void> {
  const response = await fetch(`${apiUrl}/storage/v1/object/${SEED_BUCKET}/${objectPath}`, {
    method: 'POST',
    headers: {
      apikey: SECRET_KEY,
      'content-type': contentType,
      'cache-control': 'max-age=3600',
      'x-upsert': 'true',
    },
    body: fs.readFileSync(path.join(ASSETS_DIR, file)),
  })
  if (!response.ok) {
    throw new Error(`seed asset ${objectPath}: storage answered ${response.status} ${await response.text()}`)
  }
}

/** Rewrites the seed's URL host to the stack's own address (a no-op on the default port). */
async function rebaseSeedUrls(stack: Stack): Promise<void> {
  const from = `${SEED_API_URL}/storage/v1/object/public/`
  const to = `${stack.urls.api}/storage/v1/object/public/`
  if (from === to) return
  const prefix = `${escapeLike(from)}%`
  await stack.db.transaction(async (tx) => {
    await tx.query(
      `update "public"."memory_entries"
          set "image_urls" = array(select replace("url", $1, $2) from unnest("image_urls") as "url"),
              "video_url" = replace("video_url", $1, $2)
        where exists (select 1 from unnest("image_urls") as "url" where "url" like $3)
           or "video_url" like $3`,
      [from, to, prefix],
    )
    await tx.query(
      `update "public"."memory_books"
          set "profile_image_url" = replace("profile_image_url", $1, $2),
              "background_image_url" = replace("background_image_url", $1, $2)
        where "profile_image_url" like $3 or "background_image_url" like $3`,
      [from, to, prefix],
    )
  })
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`)
}

export async function uploadSeedAssets(stack: Stack): Promise<void> {
  for (const asset of SEED_ASSETS) {
    await uploadAsset(stack.urls.api, asset.objectPath, asset.file)
    // The small WebP copies the screens show (made by scripts/make-seed-variants.ts).
    for (const width of DERIVED_PICTURE_WIDTHS) {
      await uploadAsset(
        stack.urls.api,
        derivedPictureName(asset.objectPath, width),
        derivedPictureName(asset.file, width),
        'image/webp',
      )
    }
  }
  await rebaseSeedUrls(stack)
}
