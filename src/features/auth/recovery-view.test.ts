import { describe, expect, it } from 'vitest'
import { recoveryView, type RecoveryFacts } from './recovery-view'

const base: RecoveryFacts = { linkFailed: false, settled: true, signedIn: true, finishing: false, sessionLost: false }

describe('recoveryView (a session or the link’s tokens, else the invalid-link view)', () => {
  it.each([
    ['a session from the recovery link', {}, 'form'],
    ['still checking the link', { settled: false, signedIn: false }, 'checking'],
    ['no session', { signedIn: false }, 'invalid-link'],
    ['an expired or used link', { linkFailed: true }, 'invalid-link'],
    ['a session that vanished on saving', { sessionLost: true }, 'invalid-link'],
    ['signed out right after the update', { signedIn: false, finishing: true }, 'form'],
  ] as const)('%s → %s', (_label, change, expected) => {
    expect(recoveryView({ ...base, ...change })).toBe(expected)
  })
})
