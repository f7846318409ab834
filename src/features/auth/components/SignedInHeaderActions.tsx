import { useRef, useState, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { toast } from 'sonner'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/Dialog'
import { buttonClasses } from '@/components/ui/button-classes'
import { MenuIcon } from '@/components/ui/icons'
import { brandParams, supportMailto } from '@/config/brand'
import { tAccounts as t } from '@/domains/accounts/strings/accounts'
import { useCurrentBook } from '@/domains/book/lib/current-book'
import { useAuthSession, type SessionUser } from '@/domains/accounts/session/useAuthSession'
import { useSessionInactivityWatch } from '@/domains/accounts/session/useSessionInactivityWatch'

const itemClasses =
  'flex min-h-12 w-full items-center rounded-xl px-4 text-start text-lg text-ink transition-colors hover:bg-plum-50 ' +
  'hover:text-plum-800 focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none'

function MenuLink({ to, children }: { to: string; children: ReactNode }) {
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

/** A name to greet: the full name from sign-up, else the e-mail address. */
function greetingName(user: SessionUser): string {
  return user.fullName ?? user.email
}

/**
 * The signed-in header: a greeting with the full name or e-mail, and the personal
 * menu: the personal area, share book and add a new admin (only when the user has a book), contact
 * (an e-mail with a preset subject) and sign out.
 */
export default function SignedInHeaderActions({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false)
  const [signingOut, setSigningOut] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const book = useCurrentBook()
  const { signOut } = useAuthSession()
  const navigate = useNavigate()
  const name = greetingName(user)
  useSessionInactivityWatch(user.id)

  const signOutAndLeave = async () => {
    setSigningOut(true)
    try {
      await signOut()
      setOpen(false)
      toast.success(t('header.signedOut'))
      navigate('/')
    } catch {
      toast.error(t('header.signOutFailed'))
    } finally {
      setSigningOut(false)
    }
  }

  return (
    <div className="flex min-w-0 items-center gap-1.5">
      <p className="max-w-[9.5rem] min-w-0 truncate text-sm font-medium text-ink-soft md:max-w-xs" title={name}>
        {t('header.greeting', { name })}
      </p>
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('header.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink transition-colors hover:bg-stone-200/60 focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none"
      >
        <MenuIcon className="size-6" />
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          layout="sheet-start"
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            buttonRef.current?.focus()
          }}
        >
          <DialogTitle className="pe-10 leading-snug break-words">{t('header.menuTitle', { name })}</DialogTitle>
          <DialogDescription className="text-sm break-all">
            {user.fullName ? user.email : t('header.menuDescription')}
          </DialogDescription>
          <nav aria-label={t('header.navigation')} className="mt-6 flex flex-1 flex-col gap-6">
            <ul className="-mx-4 flex flex-col gap-1">
              <MenuLink to="/dashboard">{t('header.dashboard')}</MenuLink>
              {book && <MenuLink to={`/share/${encodeURIComponent(book.shortCode)}`}>{t('header.shareBook')}</MenuLink>}
              {book && (
                <MenuLink to={`/add-family-admin?book=${encodeURIComponent(book.id)}`}>{t('header.addAdmin')}</MenuLink>
              )}
              <li>
                <a href={supportMailto(t('header.contactSubject', brandParams))} className={itemClasses}>
                  {t('header.contact')}
                </a>
              </li>
            </ul>
            <button
              type="button"
              onClick={signOutAndLeave}
              disabled={signingOut}
              className={buttonClasses({ variant: 'secondary', size: 'lg' }, 'mt-auto w-full')}
            >
              {signingOut ? t('header.signingOut') : t('header.signOut')}
            </button>
          </nav>
        </DialogContent>
      </Dialog>
    </div>
  )
}
