import { useMutation } from '@tanstack/react-query'
import { withNetworkRetry } from '@/lib/retry'
import { getTypedSupabase } from '@/lib/supabase'
import { compressBookImage, imageExtension } from '../lib/compress-image'

export type BookImageKind = 'profile' | 'background'

/** The storage policies let a user upload into their own profiles/<user id>/ and books/<user id>/ folders. */
const folders: Record<BookImageKind, string> = { profile: 'profiles', background: 'books' }

const bookImagesBucket = 'memory-images'

type Bucket = ReturnType<Awaited<ReturnType<typeof getTypedSupabase>>['storage']['from']>

/** The small copies screens show instead of the picture; without them they show the picture itself. */
async function uploadVariants(storage: Bucket, path: string, image: Blob): Promise<void> {
  const { makeImageVariants } = await import('@/lib/make-image-variants')
  for (const variant of await makeImageVariants(image, path)) {
    await storage.upload(variant.objectName, variant.blob, {
      contentType: 'image/webp',
      upsert: false,
      cacheControl: '31536000',
    })
  }
}

/** Compresses and uploads a book picture; returns its public URL (what the book stores). */
async function uploadBookImage(file: File, kind: BookImageKind, userId: string): Promise<string> {
  const image = await compressBookImage(file)
  const contentType = image.type || file.type
  const path = `${folders[kind]}/${userId}/${crypto.randomUUID()}.${imageExtension(contentType)}`
  const supabase = await getTypedSupabase()
  const storage = supabase.storage.from(bookImagesBucket)
  await withNetworkRetry(async () => {
    const { error } = await storage.upload(path, image, { contentType, upsert: false, cacheControl: '31536000' })
    if (error) throw error
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
