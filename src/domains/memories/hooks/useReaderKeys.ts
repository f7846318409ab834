import { useEffect, useEffectEvent } from 'react'

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
 * The readers' keys: → next, ← previous, space play/pause, Escape leaves. Ignored
 * while typing, and while a dialog is open (it handles its own keys).
 */
export function useReaderKeys(handlers: ReaderKeyHandlers): void {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || typingInto(event.target) || document.querySelector('[role="dialog"]')) return
    const action = {
      ArrowRight: handlers.onNext,
      ArrowLeft: handlers.onPrevious,
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
