import { useMutation } from '@tanstack/react-query'
import type { RenewedFamilyCode } from '@contracts/family-access.ts'
import { invokePublicFunction } from '@/lib/edge-functions'

/**
 * The owner's one tap from the e-mail sent when strangers typed too many wrong codes: the server
 * gives the book a new family code (the old code and every entry it opened stop working) and
 * answers it with the key of the new family link. A used or expired link is refused (410).
 */
function renewFamilyCode(token: string): Promise<RenewedFamilyCode> {
  return invokePublicFunction('family-access', { renew_token: token })
}

export function useRenewFamilyCode() {
  return useMutation({ mutationFn: renewFamilyCode })
}
