import { onlineManager } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { bookKeys } from '@/domains/book/api/book-keys'
import { giftKeys } from '@/domains/gift/api/gift-keys'
import { giftsStrings as s } from '@/domains/gift/strings/gifts'
import { Refusal } from '@/lib/refusal'
import { queryTestClient } from '@/test/query-wrapper'

const claimGift = vi.fn()
const createGift = vi.fn()
vi.mock('@/domains/gift/api/gifts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/domains/gift/api/gifts')>()),
  claimGift: (...args: unknown[]) => claimGift(...args),
  createGift: (...args: unknown[]) => createGift(...args),
}))

const { claimFailureMessage, claimRefusedCode, useClaimGift } = await import('./claim-gift')
const { createGiftFailureMessage, retriesCreateGift, useCreateGift } = await import('./create-gift')

const refused = new Refusal(409, 'claimed', 'קוד המתנה כבר נתבע')
const tooMany = new Refusal(429, 'rate_limited', 'יותר מדי ניסיונות')

beforeEach(() => {
  claimGift.mockReset()
  createGift.mockReset()
})

describe('useClaimGift', () => {
  it('refreshes every view of the books once the gift is claimed, and not after a refusal', async () => {
    const { client, wrapper } = queryTestClient()
    client.setQueryData(bookKeys.mine(), [])
    const { result } = renderHook(() => useClaimGift(), { wrapper })

    claimGift.mockRejectedValueOnce(refused)
    await act(() => result.current.mutateAsync({ code: 'ABCD2345' }).catch(() => undefined))
    expect(client.getQueryState(bookKeys.mine())?.isInvalidated).toBe(false)

    claimGift.mockResolvedValueOnce({ book_id: 'uuid-1', short_code: 'AB12CD', message: '' })
    await act(() => result.current.mutateAsync({ code: 'ABCD2345' }))
    expect(claimGift).toHaveBeenLastCalledWith('ABCD2345', false)
    await waitFor(() => expect(client.getQueryState(bookKeys.mine())?.isInvalidated).toBe(true))
  })

  it("shows the server's refusal as worded and forgets a refused code, but keeps it after too many attempts", () => {
    expect(claimFailureMessage(refused)).toBe('קוד המתנה כבר נתבע')
    expect(claimFailureMessage(new TypeError('Failed to fetch'))).toBe(s.claim.failed)
    expect(claimRefusedCode(refused)).toBe(true)
    expect(claimRefusedCode(tooMany)).toBe(false)
    expect(claimRefusedCode(new TypeError('Failed to fetch'))).toBe(false)
  })
})

describe('useCreateGift', () => {
  const sessionId = 'cs_test_1'
  const answer = { id: 'g1', short_code: 'AB12CD', gift_code: 'ABCD2345', full_name: 'משה כהן' }

  it('puts the new gift in place of the "no gift yet" answer of the check before the form', async () => {
    const { client, wrapper } = queryTestClient()
    client.setQueryData(giftKeys.of(sessionId), null)
    createGift.mockResolvedValueOnce(answer)
    const { result } = renderHook(() => useCreateGift(sessionId), { wrapper })
    await act(() => result.current.mutateAsync({ recipient_name: 'דנה', deceased_name: 'משה כהן' }))
    expect(createGift).toHaveBeenCalledWith({
      session_id: 'cs_test_1',
      recipient_name: 'דנה',
      deceased_name: 'משה כהן',
    })
    expect(client.getQueryData(giftKeys.of(sessionId))).toEqual({ ...answer, gift_purchased_at: null })
  })

  it('does not try a refusal again', async () => {
    const { wrapper } = queryTestClient()
    createGift.mockRejectedValue(refused)
    const { result } = renderHook(() => useCreateGift(sessionId), { wrapper })
    await act(() => result.current.mutateAsync({ recipient_name: 'דנה', deceased_name: 'משה' }).catch(() => undefined))
    await waitFor(() => expect(result.current.error).toBe(refused))
    expect(createGift).toHaveBeenCalledTimes(1)
    expect(createGiftFailureMessage(result.current.error)).toBe('קוד המתנה כבר נתבע')
  })

  it('tries a connection problem five times in all, a refusal never', () => {
    const network = new TypeError('Failed to fetch')
    expect([1, 2, 3, 4, 5].map((failures) => retriesCreateGift(failures, network))).toEqual([
      true,
      true,
      true,
      true,
      false,
    ])
    expect(retriesCreateGift(1, refused)).toBe(false)
    expect(createGiftFailureMessage(network)).toBe(s.generation.createError)
  })

  it('when the connection drops right after "create gift", waits for it and then creates the gift by itself', async () => {
    const { wrapper, client } = queryTestClient()
    const answer = { id: 'g1', gift_code: 'ABCD2345', gift_expires_at: '2026-12-22', existing: false }
    createGift.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(answer)
    const { result } = renderHook(() => useCreateGift(sessionId), { wrapper })
    try {
      onlineManager.setOnline(false)
      act(() => result.current.mutate({ recipient_name: 'דנה', deceased_name: 'משה כהן' }))
      await waitFor(() => expect(result.current.isPaused).toBe(true))
      expect(result.current.isError).toBe(false)
      act(() => onlineManager.setOnline(true))
      await waitFor(() => expect(result.current.isSuccess).toBe(true), { timeout: 5000 })
      expect(createGift).toHaveBeenCalledTimes(2)
      expect(client.getQueryData(giftKeys.of(sessionId))).toEqual({ ...answer, gift_purchased_at: null })
    } finally {
      onlineManager.setOnline(true)
    }
  })
})
