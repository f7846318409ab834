import { useState } from 'react'
import { toast } from 'sonner'
import { tAddMemory as t } from '@/domains/writing/strings/add-memory'
import { isHeicFile } from '@/lib/heic'
import { prepareImage } from '../lib/compress-image'
import type { DraftMedia, MemoryDraft } from '../lib/draft-store'
import { acceptedTypes, maxUploadBytes, newMediaId, newMediaPath } from '../lib/media-names'
import type { MediaChange } from './useMemoryDraft'

interface DraftMediaAccess {
  latest(): Pick<MemoryDraft, 'images'>
  changeMedia(change: MediaChange): void
}

function newMedia(kind: 'image' | 'video', bookId: string, blob: Blob, contentType: string): DraftMedia {
  return {
    id: newMediaId(),
    objectPath: newMediaPath(kind, bookId, contentType),
    blob,
    contentType,
    caption: '',
    uploadedUrl: null,
  }
}

/**
 * Photos and a video chosen for the memory: photos up to `imageLimit` in all, each compressed
 * before it joins the draft (`preparing` counts those still being compressed); anything that is not
 * a picture, a video of another type or over the upload limit is refused with a toast.
 */
export function useMediaChoice(draft: DraftMediaAccess, bookId: string, imageLimit: number) {
  const [preparing, setPreparing] = useState(0)

  const pickImages = async (files: File[]) => {
    const pictures = files.filter((file) => file.type.startsWith('image/') || isHeicFile(file))
    if (pictures.length < files.length) toast.error(t('images.notImage'))
    const room = imageLimit - draft.latest().images.length - preparing
    if (pictures.length > room) toast.error(t('images.max', { max: imageLimit }))
    const chosen = pictures.slice(0, Math.max(0, room))
    setPreparing((count) => count + chosen.length)
    for (const file of chosen) {
      try {
        const prepared = await prepareImage(file)
        const image = newMedia('image', bookId, prepared.blob, prepared.contentType)
        draft.changeMedia({ images: [...draft.latest().images, image] })
      } catch {
        toast.error(t(isHeicFile(file) ? 'images.heicUnreadable' : 'images.unreadable', { name: file.name }))
      } finally {
        setPreparing((count) => count - 1)
      }
    }
  }

  const pickVideo = (file: File) => {
    if (!acceptedTypes.video.includes(file.type)) return void toast.error(t('video.notVideo'))
    if (file.size > maxUploadBytes) return void toast.error(t('video.tooLarge'))
    draft.changeMedia({ video: newMedia('video', bookId, file, file.type) })
  }

  return { preparing, pickImages, pickVideo }
}
