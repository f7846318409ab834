import { beforeEach, expect, it } from 'vitest'
import type { BookCard } from '@/domains/book/api/get-book-card'
import { keepCard, keptCard } from './kept-cards'

const card = (name: string) => ({ id: `id-${name}`, full_name: name, is_paid: true }) as unknown as BookCard

beforeEach(() => localStorage.clear())

it('keeps the card of each book written in, the last ten, for a reload without the server', () => {
  for (let n = 1; n <= 11; n += 1) keepCard(`BOOK${n}`, card(`שם ${n}`))
  expect(keptCard('BOOK11')).toMatchObject({ full_name: 'שם 11' })
  expect(keptCard('BOOK2')).toMatchObject({ full_name: 'שם 2' })
  expect(keptCard('BOOK1')).toBeNull()
  keepCard('BOOK2', card('שם חדש'))
  expect(keptCard('BOOK2')).toMatchObject({ full_name: 'שם חדש' })
})
