import { ArrowUpIcon } from '@/components/ui/media-icons'
import { useId, useRef, type ChangeEvent } from 'react'
import { Button } from '@/components/ui/Button'
import { tKeepsakes as t } from '@/domains/keepsakes/strings/keepsakes'
import { DEDICATION_MAX, PHOTO_SECONDS, type VideoSlide } from './video-plan'

export interface VideoChoicesValue {
  /** The chosen photos, by their place among all of the book's photos, in the video's order. */
  chosen: number[]
  photoSeconds: number
  dedication: string
}

interface VideoChoicesProps {
  slides: readonly VideoSlide[]
  value: VideoChoicesValue
  onChange: (value: VideoChoicesValue) => void
  musicName: string | null
  onMusic: (file: File | null) => void
}

const secondsOptions = Array.from(
  { length: PHOTO_SECONDS.max - PHOTO_SECONDS.min + 1 },
  (_, index) => PHOTO_SECONDS.min + index,
)

function move(list: readonly number[], from: number, to: number): number[] {
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item!)
  return next
}

/** The book's photos, the chosen ones first in their order (with buttons to move them), then the rest. */
function PhotoList({ slides, value, onChange }: Omit<VideoChoicesProps, 'musicName' | 'onMusic'>) {
  const { chosen } = value
  const rest = slides.map((_, index) => index).filter((index) => !chosen.includes(index))
  const toggle = (index: number) =>
    onChange({
      ...value,
      chosen: chosen.includes(index) ? chosen.filter((item) => item !== index) : [...chosen, index],
    })
  return (
    <ul className="mt-2 flex max-h-72 flex-col gap-1 overflow-y-auto rounded-xl border border-line p-2">
      {[...chosen, ...rest].map((index) => {
        const slide = slides[index]!
        const at = chosen.indexOf(index)
        return (
          <li key={index} className="flex items-center gap-2">
            <input
              type="checkbox"
              className="size-5 shrink-0 accent-plum-700"
              checked={at >= 0}
              onChange={() => toggle(index)}
              aria-label={t('video.include', { writer: slide.writer })}
            />
            <span className="w-7 shrink-0 text-sm text-ink-muted">
              {at >= 0 ? t('video.position', { n: at + 1 }) : ''}
            </span>
            <img src={slide.photoUrl} alt="" loading="lazy" className="h-12 w-16 shrink-0 rounded-md object-cover" />
            <span className="min-w-0 flex-1 truncate text-sm text-ink">{slide.writer}</span>
            {at >= 0 && (
              <span className="flex shrink-0 gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={at === 0}
                  onClick={() => onChange({ ...value, chosen: move(chosen, at, at - 1) })}
                  aria-label={t('video.moveUp', { writer: slide.writer })}
                >
                  <ArrowUpIcon className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={at === chosen.length - 1}
                  onClick={() => onChange({ ...value, chosen: move(chosen, at, at + 1) })}
                  aria-label={t('video.moveDown', { writer: slide.writer })}
                >
                  <ArrowUpIcon className="size-4 rotate-180" />
                </Button>
              </span>
            )}
          </li>
        )
      })}
    </ul>
  )
}

/** What the family chooses before the video is made: photos and their order, pace, dedication, music. */
export function VideoChoices({ slides, value, onChange, musicName, onMusic }: VideoChoicesProps) {
  const ids = { seconds: useId(), dedication: useId(), dedicationHint: useId(), music: useId(), musicHint: useId() }
  const musicInput = useRef<HTMLInputElement>(null)
  const pickMusic = (event: ChangeEvent<HTMLInputElement>) => {
    onMusic(event.target.files?.[0] ?? null)
    event.target.value = ''
  }
  return (
    <div className="mt-4 flex flex-col gap-4">
      {slides.length > 0 && (
        <section aria-labelledby={`${ids.seconds}-photos`}>
          <h3 id={`${ids.seconds}-photos`} className="font-semibold text-ink">
            {t('video.photosTitle')}
          </h3>
          <p className="text-sm text-ink-muted">{t('video.photosHint')}</p>
          <PhotoList slides={slides} value={value} onChange={onChange} />
        </section>
      )}
      <label htmlFor={ids.seconds} className="flex flex-col gap-1">
        <span className="font-semibold text-ink">{t('video.secondsLabel')}</span>
        <select
          id={ids.seconds}
          className="rounded-lg border border-line bg-surface p-2"
          value={value.photoSeconds}
          onChange={(event) => onChange({ ...value, photoSeconds: Number(event.target.value) })}
        >
          {secondsOptions.map((seconds) => (
            <option key={seconds} value={seconds}>
              {t('video.secondsValue', { n: seconds })}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={ids.dedication} className="flex flex-col gap-1">
        <span className="font-semibold text-ink">{t('video.dedicationLabel')}</span>
        <textarea
          id={ids.dedication}
          className="min-h-20 rounded-lg border border-line bg-surface p-2"
          maxLength={DEDICATION_MAX}
          value={value.dedication}
          aria-describedby={ids.dedicationHint}
          onChange={(event) => onChange({ ...value, dedication: event.target.value })}
        />
        <span id={ids.dedicationHint} className="text-sm text-ink-muted">
          {t('video.dedicationHint', { max: DEDICATION_MAX })}
        </span>
      </label>
      <section className="flex flex-col gap-1" aria-labelledby={ids.music}>
        <h3 id={ids.music} className="font-semibold text-ink">
          {t('video.musicLabel')}
        </h3>
        <p id={ids.musicHint} className="text-sm text-ink-muted">
          {t('video.musicHint')}
        </p>
        <input
          ref={musicInput}
          type="file"
          accept="audio/*"
          onChange={pickMusic}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="music-input"
        />
        {musicName ? (
          <span className="flex flex-wrap items-center gap-2 text-sm text-ink">
            {t('video.musicChosen', { name: musicName })}
            <Button variant="ghost" size="sm" onClick={() => onMusic(null)}>
              {t('video.musicRemove')}
            </Button>
          </span>
        ) : (
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => musicInput.current?.click()}
            aria-describedby={ids.musicHint}
          >
            {t('video.musicChoose')}
          </Button>
        )}
      </section>
    </div>
  )
}
