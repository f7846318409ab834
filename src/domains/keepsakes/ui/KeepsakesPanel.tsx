import { useMutation } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { tKeepsakes as t } from '@/domains/keepsakes/strings/keepsakes'
import { cn } from '@/lib/cn'
import { isoToday } from '@/lib/dates'
import type { Memory } from '../../memories/lib/memory-model'
import type { AlbumCard } from '../album/album-model'
import { downloadBlob } from '@/lib/download'

// The video maker (WebCodecs, the MP4 writer) loads when the dialog is first opened.
const VideoMakerDialog = lazy(() =>
  import('../video/VideoMakerDialog').then((module) => ({ default: module.VideoMakerDialog })),
)

export interface KeepsakesPanelProps {
  shortCode: string
  card: AlbumCard
  memories: readonly Memory[]
  className?: string
}

function useAlbumDownload(shortCode: string, card: AlbumCard, memories: readonly Memory[]) {
  const [photos, setPhotos] = useState<{ done: number; total: number } | null>(null)
  const album = useMutation({
    mutationFn: async ({ print }: { print: boolean }) => {
      // The PDF writer and the album's fonts load on the first press only.
      const { makeAlbum } = await import('../album/make-album')
      const onProgress = (done: number, total: number) => setPhotos({ done, total })
      return makeAlbum(card, memories, { today: isoToday(), print, onProgress })
    },
    onSuccess: (file, { print }) => {
      downloadBlob(t(print ? 'panel.albumPrintFileName' : 'panel.albumFileName', { shortCode }), file)
      toast.success(t('panel.albumReady'))
    },
    onError: () => toast.error(t('panel.albumError')),
    onSettled: () => setPhotos(null),
  })
  return { album, photos }
}

/**
 * The book's keepsakes for its family (owner, family admins, family-code holders, platform admin):
 * the album to print as a PDF and the memorial video, both made in this tab from the memories
 * the server gave this reader. A printed, bound album is still to come.
 */
export function KeepsakesPanel({ shortCode, card, memories, className }: KeepsakesPanelProps) {
  const { album, photos } = useAlbumDownload(shortCode, card, memories)
  const [videoOpen, setVideoOpen] = useState(false)
  const [videoUsed, setVideoUsed] = useState(false)
  const openVideo = () => {
    setVideoUsed(true)
    setVideoOpen(true)
  }
  return (
    <section
      aria-labelledby="keepsakes-title"
      className={cn('rounded-2xl border border-line bg-surface p-5 shadow-soft', className)}
    >
      <h2 id="keepsakes-title" className="font-serif text-xl font-bold text-ink">
        {t('panel.title')}
      </h2>
      <p className="mt-1 text-ink-soft">{t('panel.text')}</p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button
          onClick={() => album.mutate({ print: false })}
          disabled={album.isPending}
          aria-busy={album.isPending && !album.variables.print}
        >
          {album.isPending && !album.variables.print && photos
            ? t('panel.albumBusy', { done: photos.done, total: photos.total })
            : t('panel.album')}
        </Button>
        <Button variant="secondary" onClick={openVideo}>
          {t('panel.video')}
        </Button>
      </div>
      <div className="mt-3 flex flex-col items-start gap-1">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => album.mutate({ print: true })}
          disabled={album.isPending}
          aria-busy={album.isPending && album.variables.print}
          aria-describedby="keepsakes-print-hint"
        >
          {album.isPending && album.variables.print && photos
            ? t('panel.albumBusy', { done: photos.done, total: photos.total })
            : t('panel.albumPrint')}
        </Button>
        <p id="keepsakes-print-hint" className="text-sm text-ink-muted">
          {t('panel.albumPrintHint')}
        </p>
      </div>
      <p className="mt-3 text-sm text-ink-muted">{t('panel.printedSoon')}</p>
      {videoUsed && (
        <Suspense fallback={null}>
          <VideoMakerDialog
            open={videoOpen}
            onOpenChange={setVideoOpen}
            shortCode={shortCode}
            card={card}
            memories={memories}
          />
        </Suspense>
      )}
    </section>
  )
}
