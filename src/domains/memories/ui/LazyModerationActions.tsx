import { lazy, Suspense, type ComponentProps } from 'react'

const ModerationActions = lazy(() =>
  import('./ModerationActions').then((module) => ({ default: module.ModerationActions })),
)

/** The managers' hide / delete actions, in their own chunk (with the confirmation dialog): readers never load them. */
export function LazyModerationActions(props: ComponentProps<typeof ModerationActions>) {
  return (
    <Suspense fallback={null}>
      <ModerationActions {...props} />
    </Suspense>
  )
}
