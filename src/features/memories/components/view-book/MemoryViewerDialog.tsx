import type { KeyboardEvent } from 'react'
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/Dialog'
import { tMemories as t } from '@/i18n/memories'
import type { Memory } from '../../lib/memory-model'
import { MemoryFullView } from '../MemoryFullView'
import { ModerationActions } from '../ModerationActions'
import { StepperControls } from '../StepperControls'

export interface MemoryViewerDialogProps {
  memories: readonly Memory[]
  openId: string | null
  onOpenIdChange: (memoryId: string | null) => void
  moderationBookUuid: string | null
}

/**
 * The full-screen card viewer: one memory, previous / next, 'n of total', close. Keys: → next,
 * ← previous (as in the slideshow), Escape closes.
 */
export function MemoryViewerDialog({ memories, openId, onOpenIdChange, moderationBookUuid }: MemoryViewerDialogProps) {
  const index = openId ? memories.findIndex((memory) => memory.id === openId) : -1
  const memory = index >= 0 ? memories[index] : undefined
  const goTo = (target: number) => {
    const next = memories[target]
    if (next) onOpenIdChange(next.id)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight') goTo(index + 1)
    else if (event.key === 'ArrowLeft') goTo(index - 1)
    else return
    event.preventDefault()
  }

  return (
    <Dialog open={Boolean(memory)} onOpenChange={(open) => !open && onOpenIdChange(null)}>
      <DialogContent
        onKeyDown={onKeyDown}
        aria-describedby={undefined}
        className="flex max-h-[92dvh] flex-col gap-4 overflow-hidden"
        data-testid="memory-viewer"
      >
        {memory && (
          <>
            <DialogTitle className="sr-only">{t('viewer.title', { name: memory.authorName })}</DialogTitle>
            <div className="-mx-6 flex-1 overflow-y-auto px-6 pt-8">
              <MemoryFullView memory={memory} />
              {moderationBookUuid && (
                <div className="mt-4 border-t border-line pt-3">
                  <ModerationActions memory={memory} bookUuid={moderationBookUuid} />
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
