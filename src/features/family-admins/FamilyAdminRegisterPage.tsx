import { useIsMutating } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { buttonClasses } from '@/components/ui/button-classes'
import { MessageScreen } from '@/components/screens/MessageScreen'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { AuthScreen } from '@/components/ui/AuthScreen'
import { Notice } from '@/components/ui/Notice'
import { useSettledAuthSession } from '@/domains/accounts/session/useAuthSession'
import { tFamilyAdmins as t } from '@/domains/family-admins/strings/family-admins'
import { readStorage, removeFromStorage, storageKeys } from '@/lib/browser-storage'
import { refusalMessage } from '@/lib/refusal'
import { withHonorific } from '@shared/honorific.ts'
import { useSignOutToSwitch } from '@/domains/family-admins/api/account'
import { familyAdminKeys } from '@/domains/family-admins/api/family-admin-keys'
import { useBookCard } from '@/domains/book/api/get-book-card'
import { useInvitationStatus, useJoinAsAdmin } from '@/domains/family-admins/api/join-as-admin'
import { JoinAccountForm } from '@/domains/family-admins/ui/JoinAccountForm'
import { Checking } from '@/domains/family-admins/ui/Checking'
import { invitationFromSearch, type InvitationLink } from '@/domains/family-admins/lib/links'
import { IsolatedEmails } from '@/components/ui/IsolatedEmails'

const linkClasses = 'font-medium text-plum-700 underline underline-offset-4 hover:text-plum-900'

function joinErrorMessage(error: unknown): string {
  return refusalMessage(error, t('register.joinFailed'))
}

/** Signed in already (or back from the confirmation e-mail): one button, or joining at once. */
function SignedInJoin({ email, joining, onJoin }: { email: string; joining: boolean; onJoin: () => void }) {
  const signOut = useSignOutToSwitch()
  return (
    <div className="flex flex-col gap-5">
      <p className="text-ink-soft">
        <IsolatedEmails text={t('register.signedInAs', { email })} />
      </p>
      <Button size="lg" disabled={joining} onClick={onJoin}>
        {joining ? t('register.joining') : t('register.joinNow')}
      </Button>
      <button type="button" className={`self-start text-sm ${linkClasses}`} onClick={() => signOut.mutate()}>
        {t('register.otherAccount')}
      </button>
    </div>
  )
}

function JoinScreen({ invitation }: { invitation: InvitationLink }) {
  const navigate = useNavigate()
  const { session, settled } = useSettledAuthSession()
  const card = useBookCard(invitation.bookRef)
  const join = useJoinAsAdmin()
  // While the form signs in and joins, the session it brings must not swap the form for the signed-in view.
  // Whether the account step is still running (the signed-in view must wait for it).
  const formBusy = useIsMutating({ mutationKey: familyAdminKeys.joinAccount() }) > 0
  const [error, setError] = useState<string | null>(null)
  const autoJoined = useRef(false)

  const joinBook = async (): Promise<void> => {
    setError(null)
    try {
      const joined = await join.mutateAsync({ token: invitation.token, bookRef: invitation.bookRef })
      removeFromStorage(storageKeys.pendingFamilyInvite)
      toast.success(t('register.joined'))
      navigate(`/view-book/${encodeURIComponent(joined.short_code)}`, { replace: true })
    } catch (failure) {
      const message = joinErrorMessage(failure)
      setError(message)
      toast.error(message)
    }
  }

  const signedIn = settled && session.status === 'signed-in'
  const backFromConfirmation = signedIn && readStorage(storageKeys.pendingFamilyInvite) === invitation.token
  useEffect(() => {
    if (!backFromConfirmation || autoJoined.current) return
    autoJoined.current = true
    void joinBook()
  })

  const name = card.data?.full_name
  const lead = name ? t('register.lead', { name: withHonorific(name) }) : t('register.leadWithoutName')
  return (
    <AuthScreen
      title={t('register.title')}
      lead={lead}
      notice={error && <Notice tone="error">{error}</Notice>}
      footer={
        <Link to="/" className={linkClasses}>
          {t('common.backHome')}
        </Link>
      }
    >
      {!settled ? (
        <Checking label={t('add.checking')} />
      ) : signedIn && !formBusy ? (
        backFromConfirmation && join.isPending ? (
          <Checking label={t('register.finishing')} />
        ) : (
          <SignedInJoin email={session.user.email} joining={join.isPending} onJoin={() => void joinBook()} />
        )
      ) : (
        <JoinAccountForm invitation={invitation} onError={setError} joinBook={joinBook} joining={join.isPending} />
      )}
    </AuthScreen>
  )
}

/** The link is checked when the page opens: a used, cancelled, expired or unknown one says so, before any sign-up. */
function CheckedInvitation({ invitation }: { invitation: InvitationLink }) {
  const status = useInvitationStatus(invitation)
  if (status.isPending) {
    return (
      <AuthScreen title={t('register.title')} lead={t('register.leadWithoutName')}>
        <Checking label={t('register.checkingLink')} />
      </AuthScreen>
    )
  }
  if (status.isError) {
    return (
      <MessageScreen
        role="alert"
        title={t('register.linkProblemTitle')}
        text={t('register.linkCheckFailed')}
        action={
          <Button variant="secondary" onClick={() => void status.refetch()}>
            {t('register.tryAgain')}
          </Button>
        }
      />
    )
  }
  if (status.data.status !== 'open') {
    return (
      <MessageScreen
        role="alert"
        title={t('register.linkProblemTitle')}
        text={status.data.message}
        action={
          <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
            {t('common.backHome')}
          </Link>
        }
      />
    )
  }
  return <JoinScreen invitation={invitation} />
}

/**
 * /family-admin-register?token&book: the link's invitation is checked first; then sign up or
 * log in, then join as a family admin (join-as-admin, by the token alone). Sign-up goes through
 * the confirmation e-mail, which leads back here to finish joining without typing again.
 * Success: a toast and /view-book/{short_code}. Without token or book: 'invalid link' and home.
 */
export default function FamilyAdminRegisterPage() {
  const location = useLocation()
  const navigate = useNavigate()
  const [invitation] = useState(() => invitationFromSearch(location.search))

  useEffect(() => {
    if (invitation) return
    toast.error(t('register.invalidLink'))
    navigate('/', { replace: true })
  }, [invitation, navigate])

  if (!invitation) return null
  return <CheckedInvitation invitation={invitation} />
}
