import { arrowStep } from '@/lib/arrow-step'
import { useEffect, useEffectEvent, useRef, type FocusEvent } from 'react'
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/Dialog'
import { tMemories as t } from '@/domains/memories/strings/memories'
import type { Memory } from '../../../memories/lib/memory-model'
import { MemoryFullView } from '../MemoryFullView'
import { ModerationActions } from '../../../memories/ui/ModerationActions'
import { StepperControls } from '../StepperControls'

export interface MemoryViewerDialogProps {
  memories: readonly Memory[]
  openId: string | null
  onOpenIdChange: (memoryId: string | null) => void
  canModerate: boolean
}

function typingInto(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
  )
}

/**
 * The full-screen card viewer, a modal dialog: one memory, previous / next, 'n of total', close.
 * Keys: → next, ← previous (as in the slideshow), Escape closes. The arrows work whatever has
 * focus inside the viewer, even when a button that held it became disabled and the browser moved
 * focus to the page body; focus is then brought back into the viewer.
 */
export function MemoryViewerDialog({ memories, openId, onOpenIdChange, canModerate }: MemoryViewerDialogProps) {
  const index = openId ? memories.findIndex((memory) => memory.id === openId) : -1
  const memory = index >= 0 ? memories[index] : undefined
  const goTo = (target: number) => {
    const next = memories[target]
    if (next) onOpenIdChange(next.id)
  }
  const contentRef = useRef<HTMLDivElement>(null)
  const open = Boolean(memory)

  const onKeyDown = useEffectEvent((event: globalThis.KeyboardEvent) => {
    const content = contentRef.current
    const target = event.target
    const fromViewer = target === document.body || (target instanceof Node && Boolean(content?.contains(target)))
    if (event.defaultPrevented || !fromViewer || typingInto(target)) return
    const step = arrowStep(event.key)
    if (step === 0) return
    goTo(index + step)
    event.preventDefault()
  })
  useEffect(() => {
    if (!open) return
    const listener = (event: globalThis.KeyboardEvent) => onKeyDown(event)
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [open])

  const keepFocusInside = (event: FocusEvent<HTMLDivElement>) => {
    if (event.relatedTarget) return
    window.setTimeout(() => {
      if (document.activeElement === document.body) contentRef.current?.focus()
    })
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onOpenIdChange(null)}>
      <DialogContent
        ref={contentRef}
        onBlur={keepFocusInside}
        aria-describedby={undefined}
        className="flex max-h-[92dvh] flex-col gap-4 overflow-hidden"
        data-testid="memory-viewer"
      >
        {memory && (
          <>
            <DialogTitle className="sr-only">{t('viewer.title', { name: memory.authorName })}</DialogTitle>
            <div className="-mx-6 flex-1 overflow-y-auto px-6 pt-8">
              <MemoryFullView memory={memory} />
              {canModerate && (
                <div className="mt-4 border-t border-line pt-3">
                  <ModerationActions memory={memory} />
                </div>
              )}
            </div>
            <StepperControls
              index={index}
              total={memories.length}
              onPrevious={() => goTo(index - 1)}
              onNext={() => goTo(index + 1)}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
