import { lazy, Suspense } from 'react'
import { useCurrentScreen, type ScreenKey } from '@/lib/current-screen'
import { useAfterIdle } from '@/lib/use-after-idle'

const SupportChatLauncher = lazy(() => import('@/domains/support-chat/ui/SupportChatLauncher'))

const CHAT_SCREENS: ReadonlySet<ScreenKey> = new Set(['landing', 'faq', 'howItWorks', 'share'])

/**
 * The support chat's button on the public pages, loaded once the page has settled. The page gains
 * room at its end (in the footer's colour) so the floating button never covers its last lines.
 */
export function DeferredSupportChat() {
  const screen = useCurrentScreen()
  const isIdle = useAfterIdle()
  if (!isIdle || !screen || !CHAT_SCREENS.has(screen)) return null
  return (
    <>
      <div aria-hidden="true" data-testid="chat-button-room" className="h-20 bg-stone-100/70" />
      <Suspense fallback={null}>
        <SupportChatLauncher />
      </Suspense>
    </>
  )
}
