import { DirectionProvider } from '@radix-ui/react-direction'
import type { ReactNode } from 'react'
import { DeferredToaster } from '@/components/ui/DeferredToaster'

/**
 * App-wide providers: right-to-left for Radix primitives, and toasts.
 * TanStack Query's provider sits in the route tree (DataLayout), around the screens that use it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <DirectionProvider dir="rtl">
      {children}
      <DeferredToaster />
    </DirectionProvider>
  )
}
