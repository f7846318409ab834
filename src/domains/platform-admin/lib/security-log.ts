/**
 * A log action is suspicious when it is a security event (SECURITY_…) or says SUSPICIOUS; an
 * admin's own actions (ADMIN_…, such as viewing this log) never are.
 */
export function isSuspiciousAction(action: string): boolean {
  if (action.startsWith('ADMIN_')) return false
  return action.startsWith('SECURITY_') || action.includes('SUSPICIOUS')
}
