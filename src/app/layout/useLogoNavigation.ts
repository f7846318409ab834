import type { MouseEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { useAuthSession } from '@/domains/accounts/session/useAuthSession'

/** The logo leads home; a signed-in visitor is signed out first. */
export function useLogoNavigation() {
  const { session, signOut } = useAuthSession()
  const navigate = useNavigate()

  return async (event: MouseEvent<HTMLAnchorElement>) => {
    if (session.status !== 'signed-in') return
    event.preventDefault()
    await signOut()
    navigate('/')
  }
}
