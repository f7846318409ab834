import { useEffect, useMemo, useRef, useState } from 'react'
import { useScreenAwake } from '@/lib/use-screen-awake'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/Dialog'
import { Notice } from '@/components/ui/Notice'
import { tKeepsakes as t } from '@/domains/keepsakes/strings/keepsakes'
import { tMemories } from '@/domains/memories/strings/memories'
import { withHonorific } from '@shared/honorific.ts'
import { hebrewDeathDateText } from '@/domains/mourning-calendar/lib/mourning-calendar'
import { lifeYears } from '@/domains/book/lib/book-dates'
import type { Memory } from '../../memories/lib/memory-model'
import type { AlbumCard } from '../album/album-model'
import { downloadBlob } from '@/lib/download'
import type { CoverText } from './draw-frame'
import { canMakeVideo, makeVideo, type VideoProgress } from './make-video'
import { decodeMusic } from './soundtrack'
import { VideoChoices, type VideoChoicesValue } from './VideoChoices'
import { PHOTO_SECONDS, clockText, defaultSlides, videoSeconds, videoSlides, type VideoSlide } from './video-plan'

/** The preview: the video's opening, at fewer frames a second, made in a few seconds. */
const PREVIEW = { seconds: 20, frameRate: 10 }

export interface VideoMakerDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  shortCode: string
  card: AlbumCard
  memories: readonly Memory[]
}

type MakerState =
  | { step: 'checking' }
  | { step: 'unsupported' }
  | { step: 'idle'; previewUrl?: string }
  | { step: 'making'; progress: VideoProgress | null; preview: boolean }
  | { step: 'done'; file: File; url: string; skipped: number }
  | { step: 'failed' }

interface Music {
  name: string
  buffer: AudioBuffer
}

function initialChoices(slides: readonly VideoSlide[]): VideoChoicesValue {
  const chosen = new Set(defaultSlides(slides, PHOTO_SECONDS.default))
  return {
    chosen: slides.flatMap((slide, index) => (chosen.has(slide) ? [index] : [])),
    photoSeconds: PHOTO_SECONDS.default,
    dedication: '',
  }
}

function coverText(card: AlbumCard): CoverText {
  const years = lifeYears(card.birth_date, card.death_date, (from, to) => tMemories('book.years', { from, to }))
  const hebrew = card.death_date ? hebrewDeathDateText(card.death_date, card.died_after_sunset) : ''
  return {
    name: withHonorific(card.full_name),
    dates: [years, hebrew].filter(Boolean).join(' · '),
    quote: card.memory_quote?.trim() || null,
  }
}

function timeLeft(seconds: number): string {
  return seconds >= 90
    ? t('video.minutesLeft', { n: Math.round(seconds / 60) })
    : t('video.secondsLeft', { n: Math.max(1, Math.round(seconds)) })
}

function ProgressView({ progress, onCancel }: { progress: VideoProgress | null; onCancel: () => void }) {
  const percent = progress && progress.total > 0 ? Math.floor((progress.done / progress.total) * 100) : 0
  // A phone that locks its screen stops the tab's work: the render keeps it on, or says to.
  const awake = useScreenAwake(true)
  return (
    <div className="mt-5 flex flex-col gap-3">
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('video.progress', { percent })}
        className="h-3 overflow-hidden rounded-full bg-plum-100"
      >
        <div className="h-full bg-plum-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-ink-soft" aria-live="polite">
        {t('video.progress', { percent })}
        {progress?.secondsLeft != null && ` · ${t('video.timeLeft', { time: timeLeft(progress.secondsLeft) })}`}
      </p>
      {awake !== 'off' && (
        <p className="text-sm text-ink-muted">{t(awake === 'held' ? 'video.screenAwake' : 'video.keepScreenOn')}</p>
      )}
      <Button variant="secondary" onClick={onCancel}>
        {t('video.cancel')}
      </Button>
    </div>
  )
}

function ReadyView({
  state,
  name,
  onAgain,
}: {
  state: Extract<MakerState, { step: 'done' }>
  name: string
  onAgain: () => void
}) {
  const shareable = typeof navigator.canShare === 'function' && navigator.canShare({ files: [state.file] })
  const share = () => navigator.share({ files: [state.file], title: t('video.shareText', { name }) }).catch(() => {})
  return (
    <div className="mt-5 flex flex-col gap-3">
      <Notice tone="success">{t('video.ready')}</Notice>
      {state.skipped > 0 && <Notice tone="info">{t('video.skipped', { n: state.skipped })}</Notice>}
      <video src={state.url} controls playsInline className="aspect-video w-full rounded-xl bg-plum-900" />
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => downloadBlob(state.file.name, state.file)}>{t('video.download')}</Button>
        {shareable && (
          <Button variant="secondary" onClick={share}>
            {t('video.share')}
          </Button>
        )}
        <Button variant="ghost" onClick={onAgain}>
          {t('video.again')}
        </Button>
      </div>
    </div>
  )
}

/** The family's audio file, decoded when chosen; a file that is not audio is refused with a message. */
function useMusic() {
  const [music, setMusic] = useState<Music | null>(null)
  const choose = (file: File | null) => {
    if (!file) return setMusic(null)
    decodeMusic(file)
      .then((buffer) => setMusic({ name: file.name, buffer }))
      .catch(() => toast.error(t('video.musicUnreadable')))
  }
  return { music, choose }
}

/**
 * Makes the memorial video in this tab: the family chooses the photos and their order, the time of
 * each, a dedication and music; watches a preview of its opening; then the whole video, with its
 * progress and cancel, and then watches, downloads and shares it.
 */
export function VideoMakerDialog({ open, onOpenChange, shortCode, card, memories }: VideoMakerDialogProps) {
  const [state, setState] = useState<MakerState>({ step: 'checking' })
  const abort = useRef<AbortController | null>(null)
  const slides = useMemo(() => videoSlides(memories), [memories])
  const [choices, setChoices] = useState(() => initialChoices(slides))
  const { music, choose: chooseMusic } = useMusic()
  const choice = {
    slides: choices.chosen.map((index) => slides[index]!),
    photoSeconds: choices.photoSeconds,
    dedication: choices.dedication,
  }
  const length = clockText(videoSeconds(choice))

  useEffect(() => {
    let current = true
    void canMakeVideo()
      .catch(() => false)
      .then((supported) => current && setState({ step: supported ? 'idle' : 'unsupported' }))
    return () => {
      current = false
    }
  }, [])

  const shownUrl = state.step === 'done' ? state.url : state.step === 'idle' ? state.previewUrl : undefined
  useEffect(() => (shownUrl ? () => URL.revokeObjectURL(shownUrl) : undefined), [shownUrl])
  useEffect(() => () => abort.current?.abort(), [])

  const make = async (preview: boolean) => {
    const controller = new AbortController()
    abort.current = controller
    setState({ step: 'making', progress: null, preview })
    try {
      const made = await makeVideo({
        cover: coverText(card),
        portraitUrl: card.profile_image_url || null,
        choice,
        music: music?.buffer ?? null,
        signal: controller.signal,
        onProgress: (progress) => !controller.signal.aborted && setState({ step: 'making', progress, preview }),
        ...(preview ? { preview: PREVIEW } : {}),
      })
      if (preview) return setState({ step: 'idle', previewUrl: URL.createObjectURL(made.file) })
      const file = new File([made.file], t('video.fileName', { shortCode }), { type: 'video/mp4' })
      setState({ step: 'done', file, url: URL.createObjectURL(file), skipped: made.skipped })
    } catch {
      if (controller.signal.aborted) {
        toast(t('video.cancelled'))
        setState({ step: 'idle' })
      } else setState({ step: 'failed' })
    }
  }

  const close = (next: boolean) => {
    if (!next) abort.current?.abort()
    onOpenChange(next)
  }
  const choosing = state.step === 'idle' || state.step === 'failed'

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogTitle>{t('video.title')}</DialogTitle>
        <DialogDescription>{t('video.description')}</DialogDescription>
        <p className="mt-2 text-sm text-ink-muted" aria-live="polite">
          {t('video.photoCount', { photos: choice.slides.length, length })}
        </p>
        {slides.length === 0 && (
          <Notice tone="info" className="mt-3">
            {t('video.noPhotos')}
          </Notice>
        )}
        {state.step === 'unsupported' && (
          <Notice tone="error" className="mt-4">
            {t('video.unsupported')}
          </Notice>
        )}
        {state.step === 'failed' && (
          <Notice tone="error" className="mt-4">
            {t('video.failed')}
          </Notice>
        )}
        {choosing && (
          <>
            <VideoChoices
              slides={slides}
              value={choices}
              onChange={setChoices}
              musicName={music?.name ?? null}
              onMusic={chooseMusic}
            />
            {slides.length > 0 && choice.slides.length === 0 && (
              <Notice tone="info" className="mt-3">
                {t('video.noneChosen')}
              </Notice>
            )}
            {state.step === 'idle' && state.previewUrl && (
              <figure className="mt-4">
                <figcaption className="text-sm text-ink-muted">
                  {t('video.previewTitle', { seconds: PREVIEW.seconds })}
                </figcaption>
                <video
                  src={state.previewUrl}
                  controls
                  playsInline
                  aria-label={t('video.previewTitle', { seconds: PREVIEW.seconds })}
                  className="mt-1 aspect-video w-full rounded-xl bg-plum-900"
                />
              </figure>
            )}
            <div className="mt-5 flex flex-col gap-2">
              <Button variant="secondary" onClick={() => make(true)}>
                {t('video.preview')}
              </Button>
              <Button size="lg" className="w-full" onClick={() => make(false)}>
                {t('video.start')}
              </Button>
            </div>
          </>
        )}
        {state.step === 'making' && <ProgressView progress={state.progress} onCancel={() => abort.current?.abort()} />}
        {state.step === 'done' && (
          <ReadyView state={state} name={withHonorific(card.full_name)} onAgain={() => setState({ step: 'idle' })} />
        )}
      </DialogContent>
    </Dialog>
  )
}
