import { useId, useRef, type ChangeEvent } from 'react'
import { Button } from '@/components/ui/Button'
import { Input } from '@/components/ui/Input'
import { CloseIcon } from '@/components/ui/icons'
import { Spinner } from '@/components/ui/Spinner'
import { ImageIcon } from '@/components/ui/media-icons'
import { tAddMemory as t } from '@/domains/writing/strings/add-memory'
import type { DraftMedia } from '../lib/draft-store'
import { maxCaptionLength } from '../schemas/memory-form'
import { useObjectUrl } from './MediaThumbnail'

export interface ImagePickerProps {
  images: readonly DraftMedia[]
  limit: number
  preparing: number
  disabled: boolean
  onPick: (files: File[]) => void
  onCaptionChange: (id: string, caption: string) => void
  onRemove: (id: string) => void
}

function ImageEntry({
  image,
  number,
  disabled,
  onCaptionChange,
  onRemove,
}: {
  image: DraftMedia
  number: number
  disabled: boolean
  onCaptionChange: (caption: string) => void
  onRemove: () => void
}) {
  const url = useObjectUrl(image.blob)
  const captionId = useId()
  return (
    <li className="flex gap-3 rounded-xl border border-line bg-canvas/60 p-2" data-testid="chosen-image">
      <div className="relative size-24 shrink-0 overflow-hidden rounded-lg bg-stone-200">
        <img
          src={url}
          alt={t('images.preview', { n: number })}
          width={96}
          height={96}
          className="h-full w-full object-cover"
        />
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          aria-label={t('images.remove', { n: number })}
          className="absolute end-1 top-1 inline-flex size-8 items-center justify-center rounded-full bg-ink/70 text-white hover:bg-ink focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none disabled:opacity-50"
        >
          <CloseIcon className="size-4" />
        </button>
      </div>
      <div className="flex min-w-0 flex-1 flex-col justify-center gap-1">
        <label htmlFor={captionId} className="text-sm text-ink-muted">
          {t('images.caption', { n: number })}
        </label>
        <Input
          id={captionId}
          value={image.caption}
          maxLength={maxCaptionLength}
          disabled={disabled}
          onChange={(event) => onCaptionChange(event.target.value)}
          className="h-11"
        />
      </div>
    </li>
  )
}

/** Photos for the memory (pro and full plans): choose, caption, remove; up to the entrant's limit. */
export function ImagePicker({
  images,
  limit,
  preparing,
  disabled,
  onPick,
  onCaptionChange,
  onRemove,
}: ImagePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null)
  const full = images.length + preparing >= limit
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? [])
    event.target.value = ''
    if (files.length > 0) onPick(files)
  }
  return (
    <section className="flex flex-col gap-3" aria-labelledby="memory-images-title">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="memory-images-title" className="font-sans text-lg font-semibold text-ink">
          {t('images.title')}
        </h2>
        <span className="text-sm text-ink-muted tabular-nums">
          {images.length}/{limit}
        </span>
      </div>
      <p className="text-sm text-ink-muted">{t('images.hint', { max: limit })}</p>
      {images.length > 0 && (
        <ul className="flex flex-col gap-2">
          {images.map((image, index) => (
            <ImageEntry
              key={image.id}
              image={image}
              number={index + 1}
              disabled={disabled}
              onCaptionChange={(caption) => onCaptionChange(image.id, caption)}
              onRemove={() => onRemove(image.id)}
            />
          ))}
        </ul>
      )}
      {preparing > 0 && (
        <p className="flex items-center gap-2 text-sm text-ink-soft">
          <Spinner className="[&_svg]:size-4" />
          {t('images.preparing')}
        </p>
      )}
      <input
        ref={inputRef}
        type="file"
        accept="image/*,.heic,.heif"
        multiple
        onChange={pick}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="image-input"
      />
      <Button
        variant="secondary"
        onClick={() => inputRef.current?.click()}
        disabled={disabled || full}
        className="self-start"
      >
        <ImageIcon className="size-5" />
        {t('images.add')}
      </Button>
    </section>
  )
}
