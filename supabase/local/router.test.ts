import { describe, expect, it } from 'vitest'
import { createRouter } from './router.ts'

const route = createRouter<string>([
  ['/', { GET: 'root' }],
  ['/bucket/', { GET: 'buckets with a slash' }],
  ['/items', { GET: 'list', POST: 'create' }],
  ['/items/:id', { GET: 'one', '*': 'any other method' }],
  ['/files/public/*address', { GET: 'public file' }],
  ['/files/:bucket/*key', { PUT: 'upload' }],
])

describe('the stack router', () => {
  it('finds the handler of a path and method', () => {
    expect(route('GET', '/')).toEqual({ kind: 'handler', handler: 'root', params: {} })
    expect(route('POST', '/items')).toEqual({ kind: 'handler', handler: 'create', params: {} })
    expect(route('GET', '/bucket/')).toMatchObject({ handler: 'buckets with a slash' })
  })

  it('hands over :name values still percent-encoded, and never matches an empty segment', () => {
    expect(route('GET', '/items/a%2Fb')).toEqual({ kind: 'handler', handler: 'one', params: { id: 'a%2Fb' } })
    expect(route('GET', '/items/')).toEqual({ kind: 'not-found' })
    expect(route('GET', '/items/a/b')).toEqual({ kind: 'not-found' })
  })

  it('lets * stand for every method an entry does not name', () => {
    expect(route('DELETE', '/items/7')).toMatchObject({ handler: 'any other method', params: { id: '7' } })
  })

  it('lets the first matching path decide: a known path with another method is not allowed', () => {
    expect(route('DELETE', '/items')).toEqual({ kind: 'method-not-allowed' })
    // '/files/public/x' belongs to the public entry, so PUT does not fall through to the upload.
    expect(route('PUT', '/files/public/x')).toEqual({ kind: 'method-not-allowed' })
    expect(route('PUT', '/files/b/x')).toMatchObject({ handler: 'upload', params: { bucket: 'b', key: 'x' } })
  })

  it('gives *name the rest of the path, empty segments kept, and leaves it unset when nothing follows', () => {
    expect(route('GET', '/files/public/b/k//x')).toMatchObject({ params: { address: 'b/k//x' } })
    expect(route('GET', '/files/public/')).toMatchObject({ kind: 'handler', params: { address: '' } })
    expect(route('GET', '/files/public')).toEqual({ kind: 'handler', handler: 'public file', params: {} })
  })
})
