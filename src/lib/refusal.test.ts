import { describe, expect, it } from 'vitest'
import { tErrors } from '@/i18n/errors'
import { NetworkFailure } from './network-failure'
import { databaseReason, functionRefusal, Refusal, refusalMessage, toRefusal } from './refusal'
import { isNetworkError } from './retry'

describe('toRefusal', () => {
  it('reads a database refusal (PostgREST: SQLSTATE, Hebrew message, reason as hint) with its reason', () => {
    const refusal = toRefusal({
      code: 'P0001',
      message: 'אנא כתב לפחות זיכרון אחד',
      hint: 'memory_text_required',
      details: null,
    })
    expect(refusal).toBeInstanceOf(Refusal)
    expect(refusal).toMatchObject({ status: 400, reason: 'memory_text_required', message: 'אנא כתב לפחות זיכרון אחד' })
    expect(databaseReason(refusal)).toBe('memory_text_required')
  })

  it('answers a denial (42501) 403 and keeps the status the response had when the caller knows it', () => {
    const denied = { code: '42501', message: 'רק בעל הספר יכול לנהל מנהלים', hint: 'not_book_owner', details: null }
    expect(toRefusal(denied)).toMatchObject({ status: 403, reason: 'not_book_owner' })
    expect(toRefusal(denied, 401)).toMatchObject({ status: 401, reason: 'not_book_owner' })
  })

  it("never shows a database error that names no refusal: the general message, the server's words as cause", () => {
    const raw = {
      code: '23514',
      message: 'new row for relation "memory_books" violates check constraint "memory_books_full_name_check"',
      hint: null,
      details: 'Failing row contains (…)',
    }
    const refusal = toRefusal(raw)
    expect(refusal).toMatchObject({ status: 409, reason: undefined, message: tErrors('unexpected') })
    expect((refusal as Refusal).cause).toBe(raw)
    const postgrestHint = { code: '42883', message: 'function x() does not exist', hint: 'No function matches' }
    expect(toRefusal(postgrestHint)).toMatchObject({ status: 400, reason: undefined })
    expect(
      toRefusal({ code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned' }),
    ).toMatchObject({ status: 406, reason: undefined })
  })

  it("reads a storage error's status", () => {
    expect(toRefusal({ name: 'StorageApiError', message: 'Bucket not found', status: 404 })).toMatchObject({
      status: 404,
      reason: undefined,
      message: tErrors('unexpected'),
    })
    expect(toRefusal({ message: 'The resource already exists', statusCode: '409' })).toMatchObject({ status: 409 })
  })

  it('leaves a failure to reach the server a network failure, which the retry rule still knows', () => {
    const fromPostgrest = { message: 'NetworkFailure: Failed to fetch', details: '', hint: '', code: '' }
    const failure = toRefusal(fromPostgrest)
    expect(failure).toBeInstanceOf(NetworkFailure)
    expect(failure).not.toBeInstanceOf(Refusal)
    expect(isNetworkError(failure)).toBe(true)
    const functionsFetch = Object.assign(new Error('Failed to send a request to the Edge Function'), {
      name: 'FunctionsFetchError',
      context: new TypeError('Failed to fetch'),
    })
    expect(toRefusal(functionsFetch)).toBeInstanceOf(NetworkFailure)
    const ours = new NetworkFailure('Load failed')
    expect(toRefusal(ours)).toBe(ours)
  })

  it('passes a Refusal through as it is', () => {
    const refusal = new Refusal(429, 'family_code_locked', 'יותר מדי ניסיונות')
    expect(toRefusal(refusal)).toBe(refusal)
  })
})

describe('functionRefusal', () => {
  it("reads an edge function's refusal body {error, code} with its status", () => {
    const refusal = functionRefusal(409, { error: 'התשלום הזה כבר שימש ליצירת ספר', code: 'session_already_used' })
    expect(refusal).toMatchObject({
      status: 409,
      reason: 'session_already_used',
      message: 'התשלום הזה כבר שימש ליצירת ספר',
    })
  })

  it('gives the general message to an answer that is no refusal body (a gateway page, no JSON)', () => {
    expect(functionRefusal(502, null)).toMatchObject({
      status: 502,
      reason: undefined,
      message: tErrors('unexpected'),
    })
    expect(functionRefusal(500, '<html>')).toMatchObject({ status: 500, reason: undefined })
  })
})

describe('refusalMessage', () => {
  it("shows the server's message of a named refusal, and the screen's words for anything else", () => {
    const named = toRefusal({ code: 'P0001', message: 'קופון עם הקוד הזה כבר קיים', hint: 'coupon_code_taken' })
    expect(refusalMessage(named, 'לא נשמר')).toBe('קופון עם הקוד הזה כבר קיים')
    expect(refusalMessage(toRefusal({ code: '22P02', message: 'invalid input syntax for type uuid' }), 'לא נשמר')).toBe(
      'לא נשמר',
    )
    expect(refusalMessage(new NetworkFailure('Failed to fetch'), 'לא נשמר')).toBe('לא נשמר')
    expect(refusalMessage(new Error('Something English'), 'לא נשמר')).toBe('לא נשמר')
  })
})
