import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { IsolatedEmails } from './IsolatedEmails'

describe('IsolatedEmails', () => {
  it('isolates each address left to right and leaves the Hebrew and its full stop outside', () => {
    const { container } = render(
      <p>
        <IsolatedEmails text="שלחנו את ההזמנה אל dana-2@example.co.il. אפשר לכתוב גם אל support@zochrim.co.il" />
      </p>,
    )
    const isolated = [...container.querySelectorAll('bdi[dir="ltr"]')].map((element) => element.textContent)
    expect(isolated).toEqual(['dana-2@example.co.il', 'support@zochrim.co.il'])
    expect(container.textContent).toBe(
      'שלחנו את ההזמנה אל dana-2@example.co.il. אפשר לכתוב גם אל support@zochrim.co.il',
    )
  })

  it('leaves a sentence without an address as it is', () => {
    const { container } = render(<IsolatedEmails text="אין כאן כתובת" />)
    expect(container.querySelector('bdi')).toBeNull()
    expect(container.textContent).toBe('אין כאן כתובת')
  })
})
