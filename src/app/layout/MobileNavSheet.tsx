import type { ReactNode, RefObject } from 'react'
import { Link } from 'react-router-dom'
import { buttonClasses } from '@/components/ui/button-classes'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/Dialog'
import { t } from '@/i18n/he'
import { contactHref, informationLinks } from './site-links'

const itemClasses =
  'flex min-h-12 items-center rounded-xl px-4 text-lg text-ink transition-colors hover:bg-plum-50 hover:text-plum-800 ' +
  'focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none'

function SheetLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <DialogClose asChild>
        <Link to={to} className={itemClasses}>
          {children}
        </Link>
      </DialogClose>
    </li>
  )
}

export interface MobileNavSheetProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  returnFocusTo: RefObject<HTMLButtonElement | null>
}

/** The signed-out phone menu: a sheet from the start edge (the right, in Hebrew). */
export default function MobileNavSheet({ open, onOpenChange, returnFocusTo }: MobileNavSheetProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        layout="sheet-start"
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          returnFocusTo.current?.focus()
        }}
      >
        <DialogTitle className="flex h-10 items-center">{t('header.menuTitle')}</DialogTitle>
        <DialogDescription className="sr-only">{t('header.menuDescription')}</DialogDescription>
        <nav aria-label={t('header.mainNavigation')} className="mt-6 flex flex-col gap-6">
          <ul className="flex flex-col gap-3">
            <li>
              <DialogClose asChild>
                <Link to="/login" className={buttonClasses({ size: 'lg' }, 'w-full')}>
                  {t('header.login')}
                </Link>
              </DialogClose>
            </li>
            <li>
              <DialogClose asChild>
                <Link to="/register" className={buttonClasses({ variant: 'secondary', size: 'lg' }, 'w-full')}>
                  {t('header.register')}
                </Link>
              </DialogClose>
            </li>
          </ul>
          <ul className="-mx-4 flex flex-col gap-1 border-t border-line pt-4">
            <SheetLink to={informationLinks.howItWorks}>{t('header.howItWorks')}</SheetLink>
            <SheetLink to={informationLinks.faq}>{t('header.faq')}</SheetLink>
            <li>
              <a href={contactHref} className={itemClasses}>
                {t('header.contact')}
              </a>
            </li>
          </ul>
        </nav>
      </DialogContent>
    </Dialog>
  )
}
