import { createContext, useContext } from 'react'
import type { SessionUser } from '@/lib/auth-session/auth-session-store'

const GuardedUserContext = createContext<SessionUser | null>(null)

/** Given by the route guard to the screens of routes that require a signed-in user. */
export const GuardedUserProvider = GuardedUserContext.Provider

/** The signed-in user on a screen whose route requires one (the route guard has checked it). */
export function useGuardedUser(): SessionUser {
  const user = useContext(GuardedUserContext)
  if (!user) throw new Error('useGuardedUser is only for screens whose route requires a signed-in user')
  return user
}
