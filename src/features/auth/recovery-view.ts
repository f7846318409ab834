export type RecoveryView = 'checking' | 'form' | 'invalid-link'

/** The recovery link came back refused (expired or already used): its error is in the hash or query. */
export function arrivedWithLinkError(): boolean {
  return /[#&?]error_code=/.test(window.location.hash) || /[?&]error_code=/.test(window.location.search)
}

export interface RecoveryFacts {
  linkFailed: boolean
  settled: boolean
  signedIn: boolean
  /** The form was submitted: the sign-out that follows the update must not end in the invalid-link view. */
  finishing: boolean
  sessionLost: boolean
}

/** The form needs a session (the recovery link brings one: PASSWORD_RECOVERY), else the invalid-link view. */
export function recoveryView({ linkFailed, settled, signedIn, finishing, sessionLost }: RecoveryFacts): RecoveryView {
  if (linkFailed || sessionLost) return 'invalid-link'
  if (finishing) return 'form'
  if (!settled) return 'checking'
  return signedIn ? 'form' : 'invalid-link'
}
