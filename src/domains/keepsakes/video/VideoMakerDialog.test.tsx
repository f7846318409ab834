import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { keepsakesStrings } from '@/domains/keepsakes/strings/keepsakes'
import { memoryRow } from '../../memories/lib/memory-fixtures.test-utils'
import { toMemory } from '../../memories/lib/memory-model'
import { VideoMakerDialog } from './VideoMakerDialog'

const card = {
  full_name: 'רחל',
  birth_date: '1948-03-14',
  death_date: '2026-10-02',
  died_after_sunset: false,
  memory_quote: '',
  profile_image_url: '',
  deceased_gender: '',
}

describe('the memorial video dialog', () => {
  it('tells a browser without WebCodecs (jsdom has none, as Firefox on Android) which browsers can make the video', async () => {
    expect(typeof globalThis.VideoEncoder).toBe('undefined')
    render(
      <VideoMakerDialog
        open
        onOpenChange={() => {}}
        shortCode="RACHEL23"
        card={card}
        memories={[toMemory(memoryRow({ image_urls: ['a.jpg', 'b.jpg'] }))]}
      />,
    )
    expect(await screen.findByText(keepsakesStrings.video.unsupported)).toBeVisible()
    expect(screen.getByText('2 תמונות · אורך 0:20')).toBeVisible()
    expect(screen.queryByRole('button', { name: keepsakesStrings.video.start })).toBeNull()
  })
})
