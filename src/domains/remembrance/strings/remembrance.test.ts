import { describe, expect, it } from 'vitest'
import { candleCountText } from './remembrance'

describe('candleCountText', () => {
  it('says none, one (singular) and many (plural) in Hebrew', () => {
    expect(candleCountText(0)).toBe('עוד לא הודלקו נרות. אפשר להדליק את הראשון.')
    expect(candleCountText(1)).toBe('נר אחד הודלק')
    expect(candleCountText(2)).toBe('2 נרות הודלקו')
    expect(candleCountText(142)).toBe('142 נרות הודלקו')
    expect(candleCountText(1420)).toBe('1,420 נרות הודלקו')
  })
})
