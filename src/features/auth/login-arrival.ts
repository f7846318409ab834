/** What the address tells the login page about how the visitor arrived. */
export interface LoginArrival {
  /** From a confirmation e-mail: `?emailConfirmed=true`, or the link's own `type=signup` callback. */
  emailConfirmed: boolean
  /** The e-mail link was refused (expired or used): its error arrived in the hash or query. */
  linkFailed: boolean
  /** An ownership-transfer invitation (invite_token, book, owner_name, ownership_transfer, confirmed). */
  ownershipTransfer: { ownerName: string | null; inviteToken: string | null } | null
}

function callbackParams(hash: string): URLSearchParams {
  return new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash)
}

export function loginArrivalOf(search: string, hash: string): LoginArrival {
  const query = new URLSearchParams(search)
  const callback = callbackParams(hash)
  const isRecovery = callback.get('type') === 'recovery'
  const linkFailed = !isRecovery && (callback.has('error_code') || query.has('error_code'))
  const isTransfer = query.get('ownership_transfer') === 'true' || query.has('invite_token')
  return {
    emailConfirmed: !linkFailed && (query.get('emailConfirmed') === 'true' || callback.get('type') === 'signup'),
    linkFailed,
    ownershipTransfer: isTransfer
      ? { ownerName: query.get('owner_name')?.trim() || null, inviteToken: query.get('invite_token')?.trim() || null }
      : null,
  }
}
