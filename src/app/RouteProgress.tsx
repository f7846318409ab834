import { useNavigation } from 'react-router-dom'

/** A thin line at the top of the page while the next screen's code is loading. */
export function RouteProgress() {
  const { state } = useNavigation()
  if (state !== 'loading') return null
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden">
      <div className="h-full animate-route-progress bg-gold-500" />
    </div>
  )
}
