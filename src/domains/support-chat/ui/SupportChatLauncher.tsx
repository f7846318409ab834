import { lazy, Suspense, useRef, useState } from 'react'
import { Icon, type IconProps } from '@/components/ui/icons'
import { tSupportChat } from '@/domains/support-chat/strings/support-chat'

const loadDialog = () => import('./SupportChatDialog')
const SupportChatDialog = lazy(loadDialog)

function ChatBubbleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M20 12a8 8 0 0 1-11.6 7.1L4 20l1-4.1A8 8 0 1 1 20 12Z" />
      <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" strokeWidth={2.5} />
    </Icon>
  )
}

/**
 * The support chat's button, fixed at the bottom corner. The conversation (dialog, Radix, the
 * backend client) is downloaded on the first press, or when the pointer or focus reaches the button.
 */
export default function SupportChatLauncher() {
  const [isOpen, setIsOpen] = useState(false)
  const [wasOpened, setWasOpened] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)

  const open = () => {
    setWasOpened(true)
    setIsOpen(true)
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        className="fixed end-4 bottom-4 z-30 inline-flex h-12 items-center gap-2 rounded-full bg-plum-700 ps-4 pe-5 text-sm font-medium text-white shadow-soft transition-colors hover:bg-plum-800 focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        <ChatBubbleIcon className="size-5" />
        {tSupportChat('open')}
      </button>
      {wasOpened && (
        <Suspense fallback={null}>
          <SupportChatDialog open={isOpen} onOpenChange={setIsOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  )
}
