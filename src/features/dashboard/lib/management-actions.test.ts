import { describe, expect, it } from 'vitest'
import type { MyBook } from '@/domains/book/api/my-books'
import { managementActions } from './management-actions'

const base = { id: 'uuid-1', short_code: 'RACHEL23', plan_type: 'pro', is_paid: true, is_owner: true } as MyBook

describe('managementActions', () => {
  it('gives a paid owner every action, each to its own screen', () => {
    const actions = managementActions(base, false)
    expect(actions.map((action) => [action.key, action.to])).toEqual([
      ['viewBook', '/view-book/RACHEL23'],
      ['editBook', '/edit-book/uuid-1'],
      ['showQr', '/qr-display?book=RACHEL23'],
      ['privacy', null],
      ['addAdmin', '/add-family-admin?book=uuid-1'],
      ['slideshow', '/memories-slideshow/RACHEL23?family=true'],
      ['manageBook', '/admin-dashboard?book=uuid-1'],
    ])
  })

  it('sends an unpaid owner to /payment with the matching feature instead of the paid features', () => {
    const actions = managementActions({ ...base, is_paid: false, plan_type: 'basic' }, false)
    const to = Object.fromEntries(actions.map((action) => [action.key, action.to]))
    expect(to.viewBook).toBe('/view-book/RACHEL23')
    expect(to.editBook).toBe('/edit-book/uuid-1')
    expect(to.showQr).toBe('/payment?plan=basic&type=for_me&feature=advanced_sharing&book=uuid-1')
    expect(to.privacy).toBe('/payment?plan=basic&type=for_me&feature=advanced_sharing&book=uuid-1')
    expect(to.slideshow).toBe('/payment?plan=basic&type=for_me&feature=slideshow&book=uuid-1')
  })

  it('shows a family admin only the viewing actions', () => {
    expect(managementActions({ ...base, is_owner: false, is_family_admin: true }, false).map((a) => a.key)).toEqual([
      'viewBook',
      'slideshow',
    ])
  })

  it('adds the admin panel for platform admins only', () => {
    expect(managementActions(base, true).at(-1)).toEqual({ key: 'adminPanel', to: '/admin-panel', feature: null })
    expect(managementActions(base, false).some((a) => a.key === 'adminPanel')).toBe(false)
  })
})
