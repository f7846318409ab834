import { afterEach, describe, expect, it, vi } from 'vitest'
import { openCalendarFile } from './download'

const ICS = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('openCalendarFile', () => {
  it('on an iPhone opens the file as a calendar page, which Safari hands to the Calendar app', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    )
    const assign = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign })
    openCalendarFile('yahrzeit-X.ics', ICS)
    expect(assign).toHaveBeenCalledWith(`data:text/calendar;charset=utf-8,${encodeURIComponent(ICS)}`)
  })

  it('elsewhere downloads it', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0',
    )
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    URL.createObjectURL = vi.fn(() => 'blob:calendar')
    openCalendarFile('yahrzeit-X.ics', ICS)
    expect(click).toHaveBeenCalled()
  })
})
