/** Real media bytes for upload tests (storage checks a file's magic bytes against its type). */

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a40000000049454e44ae426082',
  'hex',
)
