import { useBookAccess } from '@/domains/book/api/get-book-access'
import { useBookCard, type BookCard } from '@/domains/book/api/get-book-card'
import type { CodeCheckOutcome } from '@/domains/book/family-code/check-family-code'
import { useFamilyAccess } from '@/domains/book/family-code/useFamilyAccess'

export type AddMemoryMode =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; retry: () => void }
  | { status: 'unpaid'; card: BookCard }
  | { status: 'gate'; card: BookCard; failedCheck: CodeCheckOutcome | null; grant: (accessGrant: string) => void }
  | { status: 'form'; card: BookCard; asFamily: boolean; accessGrant: string | null; forgetAccess: () => void }

/**
 * Who is writing: with `family=true` a family member, after the family
 * code gate unless `authorized=true` comes with a signed-in owner or family admin (the server
 * confirms it) or this tab already holds an access grant for the book; otherwise a guest.
 */
export function useAddMemoryMode(
  bookRef: string,
  { family, authorized }: { family: boolean; authorized: boolean },
): AddMemoryMode {
  const cardQuery = useBookCard(bookRef)
  const card = cardQuery.data ?? undefined
  const wantsFamily = family || authorized
  const accessQuery = useBookAccess(wantsFamily ? card?.id : undefined)
  // Forgotten when the server refuses the grant on saving: the tab's grant is no longer trusted.
  const familyAccess = useFamilyAccess(card?.id, wantsFamily)
  const forgetAccess = familyAccess.forget
  const isManager = accessQuery.data?.canRead === true

  if (cardQuery.isError) return { status: 'error', retry: () => void cardQuery.refetch() }
  if (cardQuery.isPending) return { status: 'loading' }
  if (!card) return { status: 'not-found' }
  if (!card.is_paid) return { status: 'unpaid', card }
  if (!wantsFamily) return { status: 'form', card, asFamily: false, accessGrant: null, forgetAccess }
  if (accessQuery.isPending && !accessQuery.isError) return { status: 'loading' }
  if (isManager) return { status: 'form', card, asFamily: true, accessGrant: null, forgetAccess }
  const accessGrant = familyAccess.grant
  if (accessGrant) return { status: 'form', card, asFamily: true, accessGrant, forgetAccess }
  const failedCheck: CodeCheckOutcome | null = familyAccess.revoked ? { kind: 'wrong' } : null
  return { status: 'gate', card, failedCheck, grant: familyAccess.accept }
}
