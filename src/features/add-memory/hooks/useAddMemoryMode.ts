import { useEffect } from 'react'
import { useBookAccess } from '@/domains/book/api/get-book-access'
import { useBookCard, type BookCard } from '@/domains/book/api/get-book-card'
import type { CodeCheckOutcome } from '@/domains/book/family-code/check-family-code'
import { useFamilyAccess } from '@/domains/book/family-code/useFamilyAccess'
import { isNetworkError } from '@/lib/retry'
import { keepCard, keptCard } from '../lib/kept-cards'

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
  // Unreachable server: the card this device kept opens the page, and the draft saved on it.
  const unreachable = cardQuery.isError && isNetworkError(cardQuery.error)
  const card = cardQuery.data ?? (unreachable ? keptCard(bookRef) : null) ?? undefined
  useEffect(() => {
    if (cardQuery.data) keepCard(bookRef, cardQuery.data)
  }, [bookRef, cardQuery.data])
  const wantsFamily = family || authorized
  const accessQuery = useBookAccess(wantsFamily ? card?.id : undefined)
  // Forgotten when the server refuses the grant on saving: the tab's grant is no longer trusted.
  const familyAccess = useFamilyAccess(card?.id, wantsFamily)
  const forgetAccess = familyAccess.forget
  const isManager = accessQuery.data?.canRead === true

  if (cardQuery.isError && !card) return { status: 'error', retry: () => void cardQuery.refetch() }
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
