import { describe, expect, it } from 'vitest'
import { isSuspiciousAction } from './security-log'

describe('isSuspiciousAction', () => {
  it('marks actions containing SECURITY_ or SUSPICIOUS', () => {
    expect(isSuspiciousAction('SECURITY_FAMILY_CODE_LOCKOUT')).toBe(true)
    expect(isSuspiciousAction('SECURITY_SUSPICIOUS_INACTIVITY')).toBe(true)
    expect(isSuspiciousAction('LOGIN_SUSPICIOUS')).toBe(true)
    expect(isSuspiciousAction('ADMIN_TOGGLE_PAYMENT_STATUS')).toBe(false)
  })

  it("does not count the admin's own views of the security log", () => {
    expect(isSuspiciousAction('ADMIN_VIEW_SECURITY_LOG')).toBe(false)
  })
})
