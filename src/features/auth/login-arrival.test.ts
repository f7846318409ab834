import { describe, expect, it } from 'vitest'
import { loginArrivalOf } from './login-arrival'

describe('loginArrivalOf', () => {
  it.each([
    ['plain', '', '', { emailConfirmed: false, linkFailed: false, ownershipTransfer: null }],
    ['?emailConfirmed=true', '?emailConfirmed=true', '', { emailConfirmed: true }],
    ['the confirmation link itself', '', '#access_token=a&refresh_token=b&type=signup', { emailConfirmed: true }],
    [
      'an expired confirmation link',
      '',
      '#error=access_denied&error_code=otp_expired&error_description=x',
      { emailConfirmed: false, linkFailed: true },
    ],
    [
      'a recovery callback (not a confirmation)',
      '',
      '#access_token=a&type=recovery',
      { emailConfirmed: false, linkFailed: false },
    ],
    [
      'an ownership-transfer invitation',
      '?invite_token=t&book=b&owner_name=%D7%93%D7%A0%D7%94&ownership_transfer=true&confirmed=true',
      '',
      { ownershipTransfer: { ownerName: 'דנה', inviteToken: 't' } },
    ],
    [
      'an invitation without the owner’s name',
      '?ownership_transfer=true',
      '',
      { ownershipTransfer: { ownerName: null, inviteToken: null } },
    ],
  ])('%s', (_label, search, hash, expected) => {
    expect(loginArrivalOf(search, hash)).toMatchObject(expected)
  })
})
