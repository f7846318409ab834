/** The book refusals screens tell apart, by their stable reason (named in contracts/, so typed). */
import { databaseReason, Refusal, refusalReason } from '@/lib/refusal'

/** Too many wrong family codes from this address: refused for a while (HTTP 429). */
export function isFamilyCodeLocked(error: unknown): error is Refusal {
  return error instanceof Refusal && refusalReason(error, 'family-access') === 'family_code_locked'
}

/** The tab's access grant is wrong or has expired: the family code must be typed again. */
export function isFamilyAccessExpired(error: unknown): error is Refusal {
  return error instanceof Refusal && databaseReason(error) === 'family_access_expired'
}

/** A private book was asked for its memories without a family code. */
export function isFamilyCodeRequired(error: unknown): error is Refusal {
  return error instanceof Refusal && databaseReason(error) === 'family_code_required'
}
