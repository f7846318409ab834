/** The soundtrack's sample rate: Opus and AAC both take it. */
export const AUDIO_RATE = 48_000
const CHANNELS = 2
/** The music rises over the first seconds and dies away over the last ones. */
const FADE_IN_SECONDS = 2
const FADE_OUT_SECONDS = 4
/** A song shorter than the video plays again, faded out and in again at the join. */
const JOIN_SECONDS = 1

/** The family's audio file decoded to samples at the soundtrack's rate; rejects a file that is not audio. */
export async function decodeMusic(file: Blob): Promise<AudioBuffer> {
  const context = new OfflineAudioContext(CHANNELS, 1, AUDIO_RATE)
  return context.decodeAudioData(await file.arrayBuffer())
}

/** The music's loudness (0..1) at `time` of a video `length` seconds long. */
export function fadeGain(time: number, length: number): number {
  return Math.max(0, Math.min(1, time / FADE_IN_SECONDS, (length - time) / FADE_OUT_SECONDS))
}

/** The loudness at `position` seconds into a song of `songLength` that repeats: it fades at each join. */
function joinGain(position: number, songLength: number, repeats: boolean): number {
  if (!repeats) return 1
  return Math.max(0, Math.min(1, position / JOIN_SECONDS, (songLength - position) / JOIN_SECONDS))
}

/**
 * The soundtrack from `from` to `to` seconds of a video `length` seconds long, as planar 32-bit
 * samples (all of the first channel, then the second): the song from its start, again when it ends
 * before the video, faded in and out. Made a piece at a time, so only the decoded song and one piece
 * are in memory.
 */
export function soundtrackPiece(music: AudioBuffer, from: number, to: number, length: number): Float32Array {
  const frames = Math.max(0, Math.round(to * AUDIO_RATE) - Math.round(from * AUDIO_RATE))
  const start = Math.round(from * AUDIO_RATE)
  const piece = new Float32Array(frames * CHANNELS)
  const songFrames = music.length
  const songLength = songFrames / AUDIO_RATE
  const repeats = songLength < length
  const channels = Array.from({ length: CHANNELS }, (_, channel) =>
    music.getChannelData(Math.min(channel, music.numberOfChannels - 1)),
  )
  for (let index = 0; index < frames; index += 1) {
    const frame = start + index
    const inSong = frame % songFrames
    const gain = fadeGain(frame / AUDIO_RATE, length) * joinGain(inSong / AUDIO_RATE, songLength, repeats)
    for (let channel = 0; channel < CHANNELS; channel += 1) {
      piece[channel * frames + index] = channels[channel]![inSong]! * gain
    }
  }
  return piece
}

export const SOUNDTRACK_CHANNELS = CHANNELS
