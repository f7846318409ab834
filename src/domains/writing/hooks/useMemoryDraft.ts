import { useEffect, useEffectEvent, useRef, useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import type { DraftStore, MemoryDraft } from '../lib/draft-store'
import type { MemoryFormValues } from '../schemas/memory-form'

export type MediaChange = Partial<Pick<MemoryDraft, 'images' | 'video'>>

type DraftMediaState = Pick<MemoryDraft, 'images' | 'video' | 'pendingSubmit'>

/** Typing is saved this long after the last keystroke; a media change and leaving the page save at once. */
const autosaveDelayMs = 300

const emptyFields: MemoryFormValues = { fullName: '', relation: '', text1: '', text2: '', text3: '' }

/**
 * The memory's draft on this device: the form's fields, the chosen photos and video, and whether
 * the visitor already pressed "save". Everything is written to the store (typing 300 ms after the
 * last change, a media change at once, all of it when the page is hidden); a store that fails to
 * save loses nothing on screen.
 */
export function useMemoryDraft(form: UseFormReturn<MemoryFormValues>, store: DraftStore, initialDraft: MemoryDraft) {
  const [state, setState] = useState<DraftMediaState>(initialDraft)
  // The latest media, read by handlers that run before React renders again.
  const latest = useRef<DraftMediaState>(initialDraft)
  const saveTimer = useRef<number | undefined>(undefined)
  // Set once the server confirmed the memory: from then on nothing writes the draft again.
  const sent = useRef(false)

  const currentDraft = (): MemoryDraft => {
    const values = form.getValues()
    const { images, video, pendingSubmit } = latest.current
    return {
      ...initialDraft,
      fields: {
        fullName: values.fullName,
        relation: values.relation ?? '',
        text1: values.text1,
        text2: values.text2,
        text3: values.text3,
      },
      images,
      video,
      pendingSubmit,
    }
  }
  const persist = async (draft: MemoryDraft) => {
    if (sent.current) return
    await store.save(draft).catch(() => undefined)
  }
  /** Shows `draft`'s media and pending state (e.g. the uploaded URLs a send added). */
  const adopt = ({ images, video, pendingSubmit }: MemoryDraft) => {
    latest.current = { images, video, pendingSubmit }
    setState(latest.current)
  }
  const changeMedia = (change: MediaChange) => {
    const draft = { ...currentDraft(), ...change }
    adopt(draft)
    void persist(draft)
  }
  /** Forgets the draft: the store's copy, the fields and the media. */
  const discard = async () => {
    await store.discard(initialDraft.bookId).catch(() => undefined)
    form.reset(emptyFields)
    adopt({ ...initialDraft, images: [], video: null, pendingSubmit: false })
  }

  /**
   * The server has the memory: the draft is forgotten, and no autosave still waiting (the form's
   * last change, or the end of the submit itself) writes it back with its send still pending.
   */
  const forgetSent = async () => {
    sent.current = true
    window.clearTimeout(saveTimer.current)
    await store.discard(initialDraft.bookId).catch(() => undefined)
  }

  const saveSoon = useEffectEvent(() => {
    window.clearTimeout(saveTimer.current)
    saveTimer.current = window.setTimeout(() => {
      saveTimer.current = undefined
      void persist(currentDraft())
    }, autosaveDelayMs)
  })
  const saveNow = useEffectEvent(() => void persist(currentDraft()))
  useEffect(() => {
    const unsubscribe = form.subscribe({ formState: { values: true }, callback: () => saveSoon() })
    window.addEventListener('pagehide', saveNow)
    return () => {
      unsubscribe()
      window.removeEventListener('pagehide', saveNow)
      // Leaving the form with typing not yet saved saves it now (nothing once the memory was sent).
      if (saveTimer.current !== undefined) {
        window.clearTimeout(saveTimer.current)
        saveTimer.current = undefined
        saveNow()
      }
    }
  }, [form])

  return {
    images: state.images,
    video: state.video,
    pending: state.pendingSubmit,
    latest: () => latest.current,
    currentDraft,
    persist,
    adopt,
    changeMedia,
    discard,
    forgetSent,
  }
}
