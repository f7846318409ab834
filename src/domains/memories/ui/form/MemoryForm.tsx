import { useEffect, useEffectEvent, useMemo, useRef, useState, type FormEvent } from 'react'
import { Controller, useForm, type FieldErrors } from 'react-hook-form'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { Textarea } from '@/components/ui/Textarea'
import type { BookCard } from '@/domains/book/api/get-book-card'
import { relationValue } from '@/domains/memories/lib/relations'
import { tAddMemory as t } from '@/domains/memories/strings/add-memory'
import { tMemories } from '@/domains/memories/strings/memories'
import { lazyZodResolver } from '@/lib/lazy-zod-resolver'
import { useSendMemory } from '../../api/send-memory'
import { prepareImage } from '../../lib/compress-image'
import { type DraftMedia, type DraftStore, type MemoryDraft } from '../../lib/draft-store'
import { acceptedTypes, maxUploadBytes, newMediaId, newMediaPath } from '../../lib/media-names'
import type { SubmitOutcome } from '../../lib/submit-memory'
import {
  maxAuthorNameLength,
  maxMemoryTextLength,
  memoryFormSchema,
  type MemoryFormValues,
} from '../../schemas/memory-form'
import { DraftNotice } from './DraftNotice'
import { ImagePicker } from './ImagePicker'
import { RelationChoice } from './RelationChoice'
import { SubmitStatus, type SubmitState } from './SubmitStatus'
import { VideoPicker } from './VideoPicker'

export interface MemoryFormProps {
  card: BookCard
  asFamily: boolean
  accessGrant: string | null
  store: DraftStore
  initialDraft: MemoryDraft
  restored: boolean
  onSaved: () => void
  onWrongCode: () => void
}

const prompts = ['text1', 'text2', 'text3'] as const

function validationToast(errors: FieldErrors<MemoryFormValues>): string {
  return errors.fullName || errors.relation ? t('validation.required') : t('validation.atLeastOne')
}

function refusalTitle(outcome: Extract<SubmitOutcome, { kind: 'refused' }>): string {
  if (outcome.stage === 'image') return t('errors.imagesFailed')
  if (outcome.stage === 'video') return t('errors.videoFailed')
  return t('errors.saveFailed')
}

/**
 * The memory form: author, relation (guests), the three prompts, photos and video as the plan
 * allows. Everything typed or chosen is kept in the device's draft until the server has the memory.
 */
export function MemoryForm({
  card,
  asFamily,
  accessGrant,
  store,
  initialDraft,
  restored,
  onSaved,
  onWrongCode,
}: MemoryFormProps) {
  const form = useForm<MemoryFormValues>({
    resolver: useMemo(() => lazyZodResolver(() => memoryFormSchema({ asFamily })), [asFamily]),
    defaultValues: initialDraft.fields,
  })
  const [images, setImages] = useState(initialDraft.images)
  const [video, setVideo] = useState(initialDraft.video)
  const [pending, setPending] = useState(initialDraft.pendingSubmit)
  const [preparing, setPreparing] = useState(0)
  const [submitState, setSubmitState] = useState<SubmitState>(
    initialDraft.pendingSubmit ? { kind: 'offline' } : { kind: 'idle' },
  )
  const media = useRef({ images: initialDraft.images, video: initialDraft.video, pending: initialDraft.pendingSubmit })
  const saveTimer = useRef<number | undefined>(undefined)
  const sender = useSendMemory()

  const imagesAllowed = card.plan_type === 'pro' || card.plan_type === 'full'
  const videoAllowed = card.plan_type === 'full'
  const imageLimit = asFamily ? 10 : 5
  const sending = submitState.kind === 'sending'

  const currentDraft = (): MemoryDraft => {
    const values = form.getValues()
    return {
      ...initialDraft,
      fields: {
        fullName: values.fullName,
        relation: values.relation ?? '',
        text1: values.text1,
        text2: values.text2,
        text3: values.text3,
      },
      images: media.current.images,
      video: media.current.video,
      pendingSubmit: media.current.pending,
    }
  }
  const persist = (draft: MemoryDraft) => store.save(draft).catch(() => undefined)
  const saveSoon = () => {
    window.clearTimeout(saveTimer.current)
    saveTimer.current = window.setTimeout(() => void persist(currentDraft()), 300)
  }
  const adopt = (draft: MemoryDraft) => {
    media.current = { images: draft.images, video: draft.video, pending: draft.pendingSubmit }
    setImages(draft.images)
    setVideo(draft.video)
    setPending(draft.pendingSubmit)
  }
  const changeMedia = (change: Partial<Pick<MemoryDraft, 'images' | 'video'>>) => {
    const draft = { ...currentDraft(), ...change }
    adopt(draft)
    void persist(draft)
  }

  const onFieldsChanged = useEffectEvent(() => saveSoon())
  const onPageHide = useEffectEvent(() => void persist(currentDraft()))
  useEffect(() => {
    const unsubscribe = form.subscribe({ formState: { values: true }, callback: () => onFieldsChanged() })
    window.addEventListener('pagehide', onPageHide)
    return () => {
      unsubscribe()
      window.removeEventListener('pagehide', onPageHide)
    }
  }, [form])

  const send = async () => {
    setSubmitState({ kind: 'sending', progress: { phase: 'uploading', percent: 0 } })
    const outcome = await sender.mutateAsync({
      draft: currentDraft(),
      context: { bookRef: card.id, accessGrant, asFamily },
      persist: async (draft) => {
        adopt(draft)
        await persist(draft)
      },
      onProgress: (progress) => setSubmitState({ kind: 'sending', progress }),
    })
    if (outcome.kind === 'saved') {
      await store.discard(card.id).catch(() => undefined)
      onSaved()
      return
    }
    adopt(outcome.draft)
    if (outcome.kind === 'offline') {
      setSubmitState({ kind: 'offline' })
      toast.error(t('errors.offlineTitle'), { description: t('errors.offlineText') })
    } else if (outcome.kind === 'wrong-code') {
      setSubmitState({ kind: 'idle' })
      toast.error(t('errors.wrongCodeTitle'), { description: t('errors.wrongCodeText') })
      onWrongCode()
    } else {
      const title = refusalTitle(outcome)
      setSubmitState({ kind: 'refused', title, message: outcome.message })
      toast.error(title, { description: outcome.message || t('errors.tryAgain') })
    }
  }

  // A memory the visitor already sent goes out again by itself once the connection returns
  // (and right away when the page reopens online).
  const resend = useEffectEvent(() => {
    if (media.current.pending && submitState.kind !== 'sending') void send()
  })
  const resendOnOpen = useRef(initialDraft.pendingSubmit)
  useEffect(() => {
    if (!pending) return
    const onOnline = () => resend()
    window.addEventListener('online', onOnline)
    let timer: number | undefined
    if (resendOnOpen.current && navigator.onLine) {
      timer = window.setTimeout(() => {
        resendOnOpen.current = false
        onOnline()
      }, 0)
    }
    return () => {
      window.removeEventListener('online', onOnline)
      window.clearTimeout(timer)
    }
  }, [pending])

  const pickImages = async (files: File[]) => {
    const pictures = files.filter((file) => file.type.startsWith('image/'))
    if (pictures.length < files.length) toast.error(t('images.notImage'))
    const room = imageLimit - media.current.images.length - preparing
    if (pictures.length > room) toast.error(t('images.max', { max: imageLimit }))
    const chosen = pictures.slice(0, Math.max(0, room))
    setPreparing((count) => count + chosen.length)
    for (const file of chosen) {
      try {
        const prepared = await prepareImage(file)
        const image: DraftMedia = {
          id: newMediaId(),
          objectPath: newMediaPath('image', card.id, prepared.contentType),
          blob: prepared.blob,
          contentType: prepared.contentType,
          caption: '',
          uploadedUrl: null,
        }
        changeMedia({ images: [...media.current.images, image] })
      } catch {
        toast.error(t('images.unreadable', { name: file.name }))
      } finally {
        setPreparing((count) => count - 1)
      }
    }
  }

  const pickVideo = (file: File) => {
    if (!acceptedTypes.video.includes(file.type)) return void toast.error(t('video.notVideo'))
    if (file.size > maxUploadBytes) return void toast.error(t('video.tooLarge'))
    const clip: DraftMedia = {
      id: newMediaId(),
      objectPath: newMediaPath('video', card.id, file.type),
      blob: file,
      contentType: file.type,
      caption: '',
      uploadedUrl: null,
    }
    changeMedia({ video: clip })
  }

  const discardDraft = async () => {
    await store.discard(card.id).catch(() => undefined)
    form.reset({ fullName: '', relation: '', text1: '', text2: '', text3: '' })
    adopt({ ...initialDraft, images: [], video: null, pendingSubmit: false })
    setSubmitState({ kind: 'idle' })
    toast.success(t('draft.discarded'))
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(
      () => send(),
      // One notice however often the button is pressed: a second press replaces it, not stacks it.
      (invalid) => toast.error(validationToast(invalid), { id: 'memory-form-invalid' }),
    )(event)
  const { errors } = form.formState

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {restored && <DraftNotice onDiscard={discardDraft} disabled={sending} />}

      <Card className="flex flex-col gap-5 p-5">
        <Field label={t('fields.fullName')} error={errors.fullName?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register('fullName')}
              autoComplete="name"
              placeholder={t('fields.fullNamePlaceholder')}
              maxLength={maxAuthorNameLength}
              disabled={sending}
            />
          )}
        </Field>
        {asFamily ? (
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-ink-soft">{t('fields.relation')}</span>
            <div className="flex items-center gap-2">
              <Badge tone="accent" className="px-4 py-1 text-sm">
                {relationValue('familyMember')}
              </Badge>
              <span className="text-sm text-ink-muted">{t('fields.relationAuto')}</span>
            </div>
          </div>
        ) : (
          <Controller
            control={form.control}
            name="relation"
            render={({ field, fieldState }) => (
              <RelationChoice
                value={field.value ?? ''}
                onChange={field.onChange}
                error={fieldState.error?.message}
                disabled={sending}
              />
            )}
          />
        )}
      </Card>

      <Card className="flex flex-col gap-5 p-5">
        <div>
          <h2 className="font-sans text-lg font-semibold text-ink">{t('fields.memoryTitle')}</h2>
          <p className="mt-1 text-sm text-ink-muted">{t('fields.memoryHint')}</p>
        </div>
        {prompts.map((name, index) => (
          <Field
            key={name}
            label={<span className="text-base font-semibold text-plum-800">{tMemories(`prompts.${name}`)}</span>}
            hint={t(`fields.${name}Hint`)}
            error={errors[name]?.message}
          >
            {(control) => (
              <Textarea
                {...control}
                {...form.register(name)}
                rows={index === 0 ? 5 : 4}
                maxLength={maxMemoryTextLength}
                disabled={sending}
              />
            )}
          </Field>
        ))}
      </Card>

      {imagesAllowed && (
        <Card className="p-5">
          <ImagePicker
            images={images}
            limit={imageLimit}
            preparing={preparing}
            disabled={sending}
            onPick={(files) => void pickImages(files)}
            onCaptionChange={(id, caption) =>
              changeMedia({
                images: media.current.images.map((image) => (image.id === id ? { ...image, caption } : image)),
              })
            }
            onRemove={(id) => changeMedia({ images: media.current.images.filter((image) => image.id !== id) })}
          />
        </Card>
      )}

      {videoAllowed && (
        <Card className="p-5">
          <VideoPicker
            video={video}
            disabled={sending}
            onPick={pickVideo}
            onRemove={() => changeMedia({ video: null })}
          />
        </Card>
      )}

      <SubmitStatus state={submitState} onRetry={() => void send()} />

      <Button type="submit" size="lg" className="w-full" disabled={sending || preparing > 0}>
        {sending ? t('submit.saving') : preparing > 0 ? t('submit.compressing') : t('submit.button')}
      </Button>
      <p className="text-center text-sm text-ink-muted">{t('draft.note')}</p>
    </form>
  )
}
