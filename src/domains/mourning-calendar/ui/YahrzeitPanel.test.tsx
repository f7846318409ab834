import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { YahrzeitPanel } from './YahrzeitPanel'

const panel = (deathDate: string, today: string, withMourningDates = false) =>
  render(
    <YahrzeitPanel
      shortCode="ABCD2345"
      bookUrl="https://zochrim.test/view-book/ABCD2345"
      fullName="משה לוי"
      deathDate={deathDate}
      afterSunset={false}
      today={today}
      withMourningDates={withMourningDates}
    />,
  )

describe('YahrzeitPanel', () => {
  it('says the candle is lit at sunset on an ordinary evening', () => {
    // 14 Adar 5789 is Thursday 1 March 2029: lit on Wednesday evening.
    panel('2025-03-14', '2028-06-01')
    expect(screen.getByTestId('candle-evening')).toHaveTextContent(
      'הדלקת הנר: בערב יום רביעי, 28 בפברואר 2029, עם השקיעה',
    )
  })

  it('says the candle is lit before sunset, before the Shabbat candles, when the yahrzeit is on Shabbat', () => {
    // 18 Adar 5786 was Saturday 7 March 2026.
    panel('2025-03-18', '2026-03-01')
    expect(screen.getByTestId('candle-evening')).toHaveTextContent(
      'הדלקת הנר: ביום שישי, 6 במרץ 2026, לפני השקיעה – לפני הדלקת נרות השבת',
    )
  })

  it('after Shabbat when the yahrzeit is on Sunday', () => {
    panel('2025-03-14', '2026-06-01')
    expect(screen.getByTestId('candle-evening')).toHaveTextContent(
      'במוצאי שבת (יום שבת, 20 בפברואר 2027), אחרי צאת השבת',
    )
  })

  it('on the yahrzeit itself, says the candle was lit last evening, not an evening to come', () => {
    panel('2025-03-14', '2026-03-03')
    expect(screen.getByTestId('next-yahrzeit')).toHaveTextContent('היום יום השנה')
    expect(screen.getByTestId('candle-evening')).toHaveTextContent('הודלק אתמול בערב')
  })

  it('names the Adar rule for a death in Adar of a common year, and only then', () => {
    panel('2025-03-14', '2026-06-01')
    expect(screen.getByTestId('adar-rule')).toHaveTextContent(
      'באדר א׳, כמנהג אשכנז; לפי מנהג הספרדים מציינים אותו באדר ב׳',
    )
    render(
      <YahrzeitPanel
        shortCode="X"
        bookUrl="https://zochrim.test/view-book/X"
        fullName="א"
        deathDate="2025-05-01"
        afterSunset={false}
        today="2026-01-01"
      />,
    )
    expect(screen.getAllByTestId('adar-rule')).toHaveLength(1)
  })

  it('tells the owner that the shiva days count from the day of death', () => {
    panel('2026-03-04', '2026-03-05', true)
    expect(screen.getByTestId('shiva-count-rule')).toHaveTextContent('נספרים מיום הפטירה, שהוא היום הראשון')
  })
})
