/**
 * A temporary password from a cryptographic random source: 16 characters with at least one
 * upper-case letter, lower-case letter, digit and symbol, without look-alikes (0/O, 1/l/I) so it
 * can be read aloud or copied by hand.
 */
const GROUPS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '!@#$%*-_+=?'] as const
const ALL = GROUPS.join('')
const LENGTH = 16

/** A uniform index below `bound`, rejecting the biased top of the byte range. */
function randomIndex(bound: number): number {
  const limit = 256 - (256 % bound)
  const byte = new Uint8Array(1)
  for (;;) {
    crypto.getRandomValues(byte)
    if (byte[0]! < limit) return byte[0]! % bound
  }
}

function pick(alphabet: string): string {
  return alphabet[randomIndex(alphabet.length)]!
}

export function temporaryPassword(): string {
  const characters = GROUPS.map(pick)
  while (characters.length < LENGTH) characters.push(pick(ALL))
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1)
    ;[characters[i], characters[j]] = [characters[j]!, characters[i]!]
  }
  return characters.join('')
}
