import { describe, expect, it } from 'vitest'
import { AUDIO_RATE, fadeGain, soundtrackPiece } from './soundtrack'

/** A song of `seconds` at full loudness on the first channel and half on the second, as decoded. */
function song(seconds: number, channels = 2): AudioBuffer {
  const data = [new Float32Array(seconds * AUDIO_RATE).fill(1), new Float32Array(seconds * AUDIO_RATE).fill(0.5)]
  return {
    length: seconds * AUDIO_RATE,
    numberOfChannels: channels,
    getChannelData: (channel: number) => data[channel]!,
  } as unknown as AudioBuffer
}

describe('the soundtrack', () => {
  it('rises over the first two seconds and dies away over the last four', () => {
    expect(fadeGain(0, 60)).toBe(0)
    expect(fadeGain(1, 60)).toBe(0.5)
    expect(fadeGain(30, 60)).toBe(1)
    expect(fadeGain(58, 60)).toBe(0.5)
    expect(fadeGain(60, 60)).toBe(0)
  })

  it('is made a piece at a time, channel after channel, the song playing again with a fade at the join', () => {
    const piece = soundtrackPiece(song(10), 5, 6, 60)
    expect(piece).toHaveLength(2 * AUDIO_RATE)
    expect(piece[0]).toBe(1)
    expect(piece[AUDIO_RATE]).toBe(0.5)
    // Ten seconds in, the song starts again: it fades out over its last second and in over its first.
    const join = soundtrackPiece(song(10), 9.5, 11.5, 60)
    expect(join[Math.round(0.25 * AUDIO_RATE)]).toBeCloseTo(0.25, 3) // 9.75 s: a quarter second before the join
    expect(join[Math.round(0.5 * AUDIO_RATE)]).toBe(0) // 10 s: the join
    expect(join[Math.round(1 * AUDIO_RATE)]).toBeCloseTo(0.5, 3) // 10.5 s
    expect(join[Math.round(1.75 * AUDIO_RATE)]).toBe(1) // 11.25 s: whole again
    expect(join[2 * AUDIO_RATE + Math.round(1.75 * AUDIO_RATE)]).toBe(0.5) // the second channel
  })

  it('plays a mono song on both channels', () => {
    const piece = soundtrackPiece(song(10, 1), 5, 5.5, 60)
    expect(piece[0]).toBe(1)
    expect(piece[AUDIO_RATE / 2]).toBe(1)
  })
})
