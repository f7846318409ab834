import { env } from '@/config/env'
import { NetworkFailure } from '@/lib/network-failure'
import { toRefusal } from '@/lib/refusal'
import { getSupabase } from '@/lib/supabase'

const memoryBucket = 'memory-images'

export interface UploadRequest {
  objectPath: string
  blob: Blob
  contentType: string
  /** Bytes sent so far of this file. */
  onProgress?: (sentBytes: number) => void
}

/** The signed-in user's token; none for a guest (the publishable key in apikey is enough). */
async function authorization(): Promise<string | null> {
  const supabase = await getSupabase()
  const { data } = await supabase.auth.getSession()
  return data.session ? `Bearer ${data.session.access_token}` : null
}

/** The public URL of an object of the memory bucket (no request). */
async function publicMediaUrl(objectPath: string): Promise<string> {
  const supabase = await getSupabase()
  return supabase.storage.from(memoryBucket).getPublicUrl(objectPath).data.publicUrl
}

/** The storage service's answer to a refused file (size, type, unpaid book …): `{ statusCode, message }`. */
function answerOf(request: XMLHttpRequest): { statusCode?: string; message?: string } {
  try {
    return JSON.parse(request.responseText) as { statusCode?: string; message?: string }
  } catch {
    return { statusCode: String(request.status), message: request.statusText }
  }
}

/**
 * Uploads one file to the memory bucket with progress (the storage API's own wire format, as
 * supabase-js sends it; fetch reports no upload progress, so this uses XMLHttpRequest). The path
 * is random and chosen once, so a file that already arrived (HTTP 400 with statusCode "409")
 * counts as uploaded. A connection failure rejects with a NetworkFailure, which the
 * retry helper treats as a network error. Resolves with the file's public URL.
 */
function sendObject(
  url: string,
  auth: string | null,
  blob: Blob,
  contentType: string,
  onProgress?: (sentBytes: number) => void,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', url)
    request.setRequestHeader('apikey', env.VITE_SUPABASE_PUBLISHABLE_KEY)
    if (auth) request.setRequestHeader('authorization', auth)
    request.setRequestHeader('content-type', contentType)
    request.setRequestHeader('cache-control', 'max-age=31536000')
    request.setRequestHeader('x-upsert', 'false')
    request.upload.onprogress = (event) => onProgress?.(event.loaded)
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) return resolve()
      const answer = answerOf(request)
      if ((answer.statusCode ?? String(request.status)) === '409') return resolve()
      reject(toRefusal(answer, request.status))
    }
    request.onerror = () => reject(new NetworkFailure('the upload got no answer'))
    request.ontimeout = () => reject(new NetworkFailure('the upload timed out'))
    request.send(blob)
  })
}

/** The small copies screens show instead of the photo; without them they show the photo itself. */
async function uploadVariants(objectPath: string, blob: Blob, auth: string | null): Promise<void> {
  const { makeImageVariants } = await import('@/lib/make-image-variants')
  for (const variant of await makeImageVariants(blob, objectPath)) {
    await sendObject(
      `${env.VITE_SUPABASE_URL}/storage/v1/object/${memoryBucket}/${variant.objectName}`,
      auth,
      variant.blob,
      variant.blob.type,
    )
  }
}

/**
 * Uploads one file to the memory bucket with progress (the storage API's own wire format, as
 * supabase-js sends it; fetch reports no upload progress, so this uses XMLHttpRequest), and a
 * photo's small copies after it. The path
 * is random and chosen once, so a file that already arrived (HTTP 400 with statusCode "409")
 * counts as uploaded. A connection failure rejects with a NetworkFailure, which the
 * retry helper treats as a network error. Resolves with the file's public URL.
 */
export async function uploadMemoryFile({ objectPath, blob, contentType, onProgress }: UploadRequest): Promise<string> {
  const url = `${env.VITE_SUPABASE_URL}/storage/v1/object/${memoryBucket}/${objectPath}`
  const auth = await authorization()
  await sendObject(url, auth, blob, contentType, onProgress)
  if (contentType.startsWith('image/')) await uploadVariants(objectPath, blob, auth).catch(() => undefined)
  onProgress?.(blob.size)
  return publicMediaUrl(objectPath)
}
