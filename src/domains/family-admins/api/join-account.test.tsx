import { act, renderHook, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { familyAdminsStrings as s } from '@/domains/family-admins/strings/family-admins'
import { accountsStrings } from '@/domains/accounts/strings/accounts'
import { queryTestClient } from '@/test/query-wrapper'

const signUpToJoin = vi.fn()
const signInToJoin = vi.fn()
vi.mock('./account', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./account')>()),
  signUpToJoin: (...args: unknown[]) => signUpToJoin(...args),
  signInToJoin: (...args: unknown[]) => signInToJoin(...args),
}))

const { EmailTakenError } = await import('./account')
const { joinAccountErrorMessage, openJoinAccount, useJoinAccount } = await import('./join-account')

const input = {
  email: 'dana@example.test',
  password: 'secret-123',
  fullName: 'דנה',
  returnTo: 'http://localhost/family-admin-register?token=t',
  familyCode: 'ABC123',
}

beforeEach(() => {
  signUpToJoin.mockReset()
  signInToJoin.mockReset().mockResolvedValue(undefined)
})

describe('the account step of joining as a family admin', () => {
  it('signs up (signed in only when the server says so) or signs in', async () => {
    signUpToJoin.mockResolvedValueOnce(false)
    expect(await openJoinAccount({ ...input, mode: 'signUp' })).toBe(false)
    expect(signUpToJoin).toHaveBeenCalledWith(expect.objectContaining({ email: input.email, returnTo: input.returnTo }))
    expect(await openJoinAccount({ ...input, mode: 'logIn' })).toBe(true)
    expect(signInToJoin).toHaveBeenCalledWith(input.email, input.password)
  })

  it('says a taken address in the join screen words, other failures in the account screens words', () => {
    expect(joinAccountErrorMessage(new EmailTakenError(), 'signUp')).toBe(s.register.emailTaken)
    expect(joinAccountErrorMessage({ code: 'invalid_credentials' }, 'logIn')).toBe(
      accountsStrings.login.errors.invalidCredentials,
    )
  })

  it('stays pending until joining the book (its onSuccess) is done', async () => {
    const { wrapper } = queryTestClient()
    let finishJoin = () => {}
    const joined = new Promise<void>((resolve) => (finishJoin = resolve))
    const { result } = renderHook(() => useJoinAccount({ onSuccess: () => joined }), { wrapper })
    act(() => result.current.mutate({ ...input, mode: 'logIn' }))
    await waitFor(() => expect(signInToJoin).toHaveBeenCalled())
    expect(result.current.isPending).toBe(true)
    act(() => finishJoin())
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
  })
})
