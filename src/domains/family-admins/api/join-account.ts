import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import { tFamilyAdmins as t } from '@/domains/family-admins/strings/family-admins'
import { accountErrorMessage } from '../lib/account-errors'
import type { JoinMode } from '../schemas/join-account'
import { EmailTakenError, signInToJoin, signUpToJoin } from './account'
import { familyAdminKeys } from './family-admin-keys'

export interface JoinAccountInput {
  mode: JoinMode
  email: string
  password: string
  fullName: string
  /** The confirmation e-mail leads back here, to finish joining. */
  returnTo: string
}

/** Opens the account (sign-up) or signs in; true when signed in now, false when a confirmation e-mail went out. */
export async function openJoinAccount(input: JoinAccountInput): Promise<boolean> {
  if (input.mode === 'signUp') return signUpToJoin(input)
  await signInToJoin(input.email, input.password)
  return true
}

/** Hebrew for a failed account step, in the account screens' words. */
export function joinAccountErrorMessage(error: unknown, mode: JoinMode): string {
  return error instanceof EmailTakenError ? t('register.emailTaken') : accountErrorMessage(error, mode)
}

/** `onSuccess` (joining the book) is part of the step: the mutation stays pending until it is done. */
export function useJoinAccount(options: Pick<UseMutationOptions<boolean, Error, JoinAccountInput>, 'onSuccess'>) {
  return useMutation({ ...options, mutationKey: familyAdminKeys.joinAccount(), mutationFn: openJoinAccount })
}
