import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { tPlatformAdmin } from '@/domains/platform-admin/strings/platform-admin'
import { DEMO_ACCOUNTS } from '../../supabase/local/app/demo-accounts.ts'
import DevNavigation from './DevNavigation'

describe('the development route map', () => {
  it('describes every demo account in Hebrew, not in the terminal banner’s English', () => {
    render(
      <MemoryRouter>
        <DevNavigation />
      </MemoryRouter>,
    )
    for (const account of DEMO_ACCOUNTS) {
      expect(screen.getByText(tPlatformAdmin(`devNavigation.accounts.${account.kind}`))).toBeInTheDocument()
      expect(screen.queryByText(account.description)).not.toBeInTheDocument()
    }
    const accounts = screen.getByRole('region', { name: tPlatformAdmin('devNavigation.accountsTitle') })
    expect(accounts.textContent).not.toMatch(/\b(Owner|Platform|Confirmed|Gift purchaser|Plain)\b/)
  })
})
