import { act, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { tFaq } from '@/i18n/faq'
import { tInfo } from '@/i18n/information-pages'
import { renderRoute } from '@/test/render-route'

describe('scroll to top', () => {
  it('scrolls to the top on every change of path, not on a change of query or hash', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    const { router } = renderRoute('/faq')
    await screen.findByRole('heading', { level: 1, name: tFaq('title') })
    // The first page keeps the reader where they are: its HTML may have painted, and been scrolled, first.
    expect(scrollTo).not.toHaveBeenCalled()

    await act(() => router.navigate('/terms-of-service'))
    await screen.findByRole('heading', { level: 1, name: tInfo('terms.title') })
    expect(scrollTo).toHaveBeenCalledTimes(1)
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' })

    await act(() => router.navigate('/terms-of-service?section=contact#terms-contact'))
    expect(scrollTo).toHaveBeenCalledTimes(1)

    await act(() => router.navigate('/privacy-policy'))
    await screen.findByRole('heading', { level: 1, name: tInfo('privacy.title') })
    expect(scrollTo).toHaveBeenCalledTimes(2)
  })
})
