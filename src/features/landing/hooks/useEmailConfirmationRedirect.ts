import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'

const emailConfirmedLoginPath = '/login?emailConfirmed=true'

/** Where a password-recovery link belongs when the auth server sent it to the home page instead. */
const passwordRecoveryPath = '/update-password'

/** A link from a confirmation e-mail returns with tokens or a confirmation marker in the hash. */
export function isEmailConfirmationHash(hash: string): boolean {
  return hash.includes('access_token') || hash.includes('type=signup') || hash.includes('confirmation')
}

/**
 * Sends a visitor who arrives from a confirmation e-mail to the login page. The hash goes along,
 * so the auth client there can still read the session it carries.
 * Returns true while the redirect is under way, so the page can render nothing meanwhile.
 */
export function useEmailConfirmationRedirect(): boolean {
  const { hash } = useLocation()
  const navigate = useNavigate()
  const isConfirmation = isEmailConfirmationHash(hash)

  useEffect(() => {
    if (!isConfirmation) return
    const target = hash.includes('type=recovery') ? passwordRecoveryPath : emailConfirmedLoginPath
    navigate(`${target}${hash}`, { replace: true })
  }, [isConfirmation, hash, navigate])

  return isConfirmation
}
