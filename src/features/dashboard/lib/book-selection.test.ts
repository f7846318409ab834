import { describe, expect, it } from 'vitest'
import type { MyBook } from '@/domains/book/api/my-books'
import { dashboardBooks, giftAwaitingWelcome, selectBook } from './book-selection'

function book(id: string, flags: Partial<MyBook> = {}): MyBook {
  return {
    id,
    short_code: id.toUpperCase(),
    full_name: `ספר ${id}`,
    creator_name: 'יוצר',
    gift_status: null,
    is_owner: false,
    is_family_admin: false,
    is_purchaser: false,
    is_claimer: false,
    ...flags,
  } as MyBook
}

describe('the dashboard book-selection rule', () => {
  const own = book('own', { is_owner: true })
  const claimedGift = book('claimed', { is_owner: true, is_claimer: true, gift_status: 'claimed' })
  const pendingGift = book('pending', { is_owner: true, is_purchaser: true, gift_status: 'pending' })
  const bought = book('bought', { is_purchaser: true, gift_status: 'pending' })
  const administered = book('admin', { is_family_admin: true })

  it('shows own books and claimed gifts, never pending or bought gifts', () => {
    expect(dashboardBooks([pendingGift, own, bought, claimedGift]).map((b) => b.id)).toEqual(['own', 'claimed'])
  })

  it('puts family-admin books after the managed ones', () => {
    expect(dashboardBooks([administered, own]).map((b) => b.id)).toEqual(['own', 'admin'])
  })

  it('falls back to a family-admin book when the user owns none', () => {
    expect(selectBook([bought, administered], null)?.id).toBe('admin')
  })

  it('selects the requested book when it is one of them, else the first', () => {
    expect(selectBook([own, claimedGift], 'claimed')?.id).toBe('claimed')
    expect(selectBook([own, claimedGift], 'bought')?.id).toBe('own')
    expect(selectBook([own, claimedGift], null)?.id).toBe('own')
  })

  it('has no book for a user with only gifts bought for others', () => {
    expect(selectBook([bought, pendingGift], null)).toBeNull()
  })

  it('keeps a claimed gift not filled in yet out of the managed books, and the other books in', () => {
    const unfinished = book('unfinished', { is_owner: true, is_claimer: true, gift_status: 'claimed', full_name: '' })
    expect(dashboardBooks([unfinished, own]).map((b) => b.id)).toEqual(['own'])
    expect(selectBook([unfinished], null)).toBeNull()
  })

  it('invites a recipient whose claimed gift lacks a name or creator to finish it', () => {
    expect(giftAwaitingWelcome([book('x', { is_claimer: true, creator_name: '' })])?.id).toBe('x')
    expect(giftAwaitingWelcome([book('y', { is_claimer: true, full_name: ' ' })])?.id).toBe('y')
    expect(giftAwaitingWelcome([claimedGift, own])).toBeNull()
  })
})
