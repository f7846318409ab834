import { useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { readStorage, removeFromStorage, storageKeys } from '@/lib/browser-storage'

export const packagesSectionId = 'packages-section'
const packagesScrollDelayMs = 500

/** True when the query asks the landing page to show the packages (`?select_plan=true`). */
function isPackagesRequestedBySearch(search: string): boolean {
  return new URLSearchParams(search).get('select_plan') === 'true'
}

function scrollToPackages(): void {
  document.getElementById(packagesSectionId)?.scrollIntoView({ behavior: 'smooth', block: 'start' })
}

/**
 * After sign-up or onboarding a visitor may still need to pick a plan: `needsToSelectPlan=true` in
 * local storage, or `?select_plan=true`. The flag is removed and the page glides to the packages
 * after half a second, once the page has settled.
 */
export function usePackagesScrollRequest(): void {
  const { search } = useLocation()
  const [requestedByStorage] = useState(() => readStorage(storageKeys.needsToSelectPlan) === 'true')
  const requested = requestedByStorage || isPackagesRequestedBySearch(search)

  useEffect(() => {
    if (!requested) return
    removeFromStorage(storageKeys.needsToSelectPlan)
    const timer = window.setTimeout(scrollToPackages, packagesScrollDelayMs)
    return () => window.clearTimeout(timer)
  }, [requested, search])
}
