import { useEffect, useEffectEvent } from 'react'
import { arrowStep } from '@/lib/arrow-step'

export interface ReaderKeyHandlers {
  onNext?: () => void
  onPrevious?: () => void
  onToggle?: () => void
  onEscape?: () => void
}

function typingInto(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
  )
}

/**
 * The readers' keys: the arrow towards the next button next (← in right-to-left, src/lib/arrow-step.ts),
 * the other previous, space play/pause, Escape leaves. Ignored
 * while typing, and while a dialog is open (it handles its own keys).
 */
export function useReaderKeys(handlers: ReaderKeyHandlers): void {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || typingInto(event.target) || document.querySelector('[role="dialog"]')) return
    const step = arrowStep(event.key)
    const action = {
      ArrowRight: step === 1 ? handlers.onNext : handlers.onPrevious,
      ArrowLeft: step === 1 ? handlers.onNext : handlers.onPrevious,
      ' ': handlers.onToggle,
      Escape: handlers.onEscape,
    }[event.key]
    if (!action) return
    event.preventDefault()
    action()
  })
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event)
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [])
}
