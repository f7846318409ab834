import { useRef, type ChangeEvent } from 'react'
import { Button } from '@/components/ui/Button'
import { VideoIcon } from '@/components/ui/media-icons'
import { tAddMemory as t } from '@/domains/writing/strings/add-memory'
import type { DraftMedia } from '../lib/draft-store'
import { acceptedTypes } from '../lib/media-names'
import { useObjectUrl } from './MediaThumbnail'

export interface VideoPickerProps {
  video: DraftMedia | null
  disabled: boolean
  onPick: (file: File) => void
  onRemove: () => void
}

function VideoPreview({ video }: { video: DraftMedia }) {
  const url = useObjectUrl(video.blob)
  return <video src={url} controls playsInline preload="metadata" className="aspect-video w-full rounded-xl bg-ink" />
}

/** One video for the memory (full plan only), up to 50 MB. */
export function VideoPicker({ video, disabled, onPick, onRemove }: VideoPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null)
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (file) onPick(file)
  }
  return (
    <section className="flex flex-col gap-3" aria-labelledby="memory-video-title">
      <h2 id="memory-video-title" className="font-sans text-lg font-semibold text-ink">
        {t('video.title')}
      </h2>
      <p className="text-sm text-ink-muted">{t('video.hint')}</p>
      {video && <VideoPreview video={video} />}
      <input
        ref={inputRef}
        type="file"
        accept={acceptedTypes.video.join(',')}
        onChange={pick}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="video-input"
      />
      {video ? (
        <Button variant="ghost" onClick={onRemove} disabled={disabled} className="self-start text-danger-600">
          {t('video.remove')}
        </Button>
      ) : (
        <Button
          variant="secondary"
          onClick={() => inputRef.current?.click()}
          disabled={disabled}
          className="self-start"
        >
          <VideoIcon className="size-5" />
          {t('video.add')}
        </Button>
      )}
    </section>
  )
}
