import { lazy, Suspense } from 'react'
import { useAfterIdle } from '@/lib/use-after-idle'

const Toaster = lazy(() => import('./Toaster').then((module) => ({ default: module.Toaster })))

/**
 * The Toaster, loaded once the first page has settled, so sonner is not part of the first download.
 * Nothing is lost meanwhile: sonner shows toasts raised before its Toaster mounted.
 */
export function DeferredToaster() {
  const isIdle = useAfterIdle()
  if (!isIdle) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
