import { useMemo, useState, type FormEvent } from 'react'
import { useForm, type FieldErrors } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import type { BookCard } from '@/domains/book/api/get-book-card'
import { tAddMemory as t } from '@/domains/writing/strings/add-memory'
import { lazyZodResolver } from '@/lib/lazy-zod-resolver'
import { useSendMemory } from '../api/send-memory'
import { useMediaChoice } from '../hooks/useMediaChoice'
import { useMemoryDraft } from '../hooks/useMemoryDraft'
import { useResendWhenOnline } from '../hooks/useResendWhenOnline'
import { type DraftStore, type MemoryDraft } from '../lib/draft-store'
import type { SubmitOutcome } from '../lib/submit-memory'
import { memoryFormSchema, type MemoryFormValues } from '../schemas/memory-form'
import { DraftNotice } from './DraftNotice'
import { AuthorCard, PromptsCard } from './MemoryTextCards'
import { ImagePicker } from './ImagePicker'
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
  const draft = useMemoryDraft(form, store, initialDraft)
  const [submitState, setSubmitState] = useState<SubmitState>(
    initialDraft.pendingSubmit ? { kind: 'offline' } : { kind: 'idle' },
  )
  const sender = useSendMemory()

  const imagesAllowed = card.plan_type === 'pro' || card.plan_type === 'full'
  const videoAllowed = card.plan_type === 'full'
  const imageLimit = asFamily ? 10 : 5
  const { preparing, pickImages, pickVideo } = useMediaChoice(draft, card.id, imageLimit)
  const sending = submitState.kind === 'sending'

  const send = async () => {
    setSubmitState({ kind: 'sending', progress: { phase: 'uploading', percent: 0 } })
    const outcome = await sender.mutateAsync({
      draft: draft.currentDraft(),
      context: { bookRef: card.id, accessGrant, asFamily },
      persist: async (next) => {
        draft.adopt(next)
        await draft.persist(next)
      },
      onProgress: (progress) => setSubmitState({ kind: 'sending', progress }),
    })
    if (outcome.kind === 'saved') {
      await draft.forgetSent()
      onSaved()
      return
    }
    draft.adopt(outcome.draft)
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

  useResendWhenOnline(draft.pending, initialDraft.pendingSubmit, () => {
    if (draft.latest().pendingSubmit && submitState.kind !== 'sending') void send()
  })

  const discardDraft = async () => {
    await draft.discard()
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

      <AuthorCard form={form} errors={errors} asFamily={asFamily} disabled={sending} />
      <PromptsCard form={form} errors={errors} disabled={sending} />

      {imagesAllowed && (
        <Card className="p-5">
          <ImagePicker
            images={draft.images}
            limit={imageLimit}
            preparing={preparing}
            disabled={sending}
            onPick={(files) => void pickImages(files)}
            onCaptionChange={(id, caption) =>
              draft.changeMedia({
                images: draft.latest().images.map((image) => (image.id === id ? { ...image, caption } : image)),
              })
            }
            onRemove={(id) => draft.changeMedia({ images: draft.latest().images.filter((image) => image.id !== id) })}
          />
        </Card>
      )}

      {videoAllowed && (
        <Card className="p-5">
          <VideoPicker
            video={draft.video}
            disabled={sending}
            onPick={pickVideo}
            onRemove={() => draft.changeMedia({ video: null })}
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
