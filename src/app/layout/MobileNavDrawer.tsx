import { lazy, Suspense, useRef, useState } from 'react'
import { MenuIcon } from '@/components/ui/icons'
import { t } from '@/i18n/he'

const loadSheet = () => import('./MobileNavSheet')
const MobileNavSheet = lazy(loadSheet)

/**
 * The phone menu button. The sheet (Radix Dialog) is downloaded when the visitor reaches for the
 * button, which keeps the dialog code out of the first page load.
 */
export function MobileNavDrawer() {
  const [open, setOpen] = useState(false)
  const [wasOpened, setWasOpened] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)

  const openMenu = () => {
    setWasOpened(true)
    setOpen(true)
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('header.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={openMenu}
        onPointerEnter={loadSheet}
        onTouchStart={loadSheet}
        onFocus={loadSheet}
        className="inline-flex size-11 items-center justify-center rounded-full text-ink transition-colors hover:bg-stone-200/60 focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none md:hidden"
      >
        <MenuIcon className="size-6" />
      </button>
      {wasOpened && (
        <Suspense fallback={null}>
          <MobileNavSheet open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  )
}
