import { useMutation } from '@tanstack/react-query'
import { derivedObjectNames } from '@shared/derived-files.ts'
import { withNetworkRetry } from '@/lib/retry'
import { getSupabase } from '@/lib/supabase'
import { compressBookImage, imageExtension } from '../lib/compress-image'
import { toRefusal } from '@/lib/refusal'

export type BookImageKind = 'profile' | 'background'

/** The storage policies let a user upload into their own profiles/<user id>/ and books/<user id>/ folders. */
const folders: Record<BookImageKind, string> = { profile: 'profiles', background: 'books' }

const bookImagesBucket = 'memory-images'

type Bucket = ReturnType<Awaited<ReturnType<typeof getSupabase>>['storage']['from']>

/**
 * The small copies screens show instead of the picture; without them they show the picture itself.
 * When a copy fails, the ones already up are removed, so a picture has all its copies or none.
 */
async function uploadVariants(storage: Bucket, path: string, image: Blob): Promise<void> {
  const { makeImageVariants } = await import('@/lib/make-image-variants')
  for (const variant of await makeImageVariants(image, path)) {
    const { error } = await storage.upload(variant.objectName, variant.blob, {
      contentType: variant.blob.type,
      upsert: false,
      cacheControl: '31536000',
    })
    if (error) {
      await storage.remove(derivedObjectNames(path))
      return
    }
  }
}

/** The object name of a public URL of the bucket, or null for any other address. */
function objectNameOf(url: string): string | null {
  const marker = `/storage/v1/object/public/${bookImagesBucket}/`
  const at = url.indexOf(marker)
  return at < 0 ? null : (url.slice(at + marker.length).split(/[?#]/, 1)[0] ?? null)
}

/**
 * Removes a book picture that no longer shows (replaced, removed, or chosen and then replaced
 * before saving) with its copies, through the Storage API. The storage policy removes only files
 * of the caller's folders that no book or memory uses, so a picture still shown stays; whatever
 * this misses (a failed request, a closed tab) the scheduled removal run takes.
 */
export async function removeUnusedBookPicture(url: string | null | undefined): Promise<void> {
  const objectName = url ? objectNameOf(url) : null
  if (!objectName || !/^(profiles|books)\//.test(objectName)) return
  const supabase = await getSupabase()
  await supabase.storage
    .from(bookImagesBucket)
    .remove([objectName, ...derivedObjectNames(objectName)])
    .catch(() => undefined)
}

/** Compresses and uploads a book picture; returns its public URL (what the book stores). */
async function uploadBookImage(file: File, kind: BookImageKind, userId: string): Promise<string> {
  const image = await compressBookImage(file)
  const contentType = image.type || file.type
  const path = `${folders[kind]}/${userId}/${crypto.randomUUID()}.${imageExtension(contentType)}`
  const supabase = await getSupabase()
  const storage = supabase.storage.from(bookImagesBucket)
  await withNetworkRetry(async () => {
    const { error } = await storage.upload(path, image, { contentType, upsert: false, cacheControl: '31536000' })
    if (error) throw toRefusal(error)
  })
  await uploadVariants(storage, path, image).catch(() => undefined)
  return storage.getPublicUrl(path).data.publicUrl
}

export function useUploadBookImage() {
  return useMutation({
    mutationFn: ({ file, kind, userId }: { file: File; kind: BookImageKind; userId: string }) =>
      uploadBookImage(file, kind, userId),
  })
}
