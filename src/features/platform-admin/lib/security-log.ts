/** A log action is suspicious when it contains SECURITY_ or SUSPICIOUS. */
export function isSuspiciousAction(action: string): boolean {
  return action.includes('SECURITY_') || action.includes('SUSPICIOUS')
}
