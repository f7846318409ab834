import { lazy, Suspense } from 'react'
import { useAfterIdle } from '@/lib/use-after-idle'
import { useCurrentScreen } from '../route-handle'
import type { ScreenKey } from '../routes'

const SupportChatLauncher = lazy(() => import('@/features/support-chat/SupportChatLauncher'))

const CHAT_SCREENS: ReadonlySet<ScreenKey> = new Set(['landing', 'faq', 'howItWorks', 'share'])

/** The support chat's button on the public pages, loaded once the page has settled. */
export function DeferredSupportChat() {
  const screen = useCurrentScreen()
  const isIdle = useAfterIdle()
  if (!isIdle || !screen || !CHAT_SCREENS.has(screen)) return null
  return (
    <Suspense fallback={null}>
      <SupportChatLauncher />
    </Suspense>
  )
}
