/** Memory previews show the first 100 characters of the memory's text. */
const memoryPreviewLength = 100

interface MemoryTexts {
  memory_text_1: string | null
  memory_text_2: string | null
  memory_text_3: string | null
}

/** The first text the memory has, cut to 100 characters (with an ellipsis when cut). */
export function memoryPreview(memory: MemoryTexts, length = memoryPreviewLength): string {
  const text =
    [memory.memory_text_1, memory.memory_text_2, memory.memory_text_3].find((part) => part?.trim())?.trim() ?? ''
  const characters = Array.from(text)
  return characters.length > length ? `${characters.slice(0, length).join('').trimEnd()}…` : text
}
