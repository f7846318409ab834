import { withNetworkRetry } from '@/lib/retry'
import { getSupabase } from '@/lib/supabase'
import { toRefusal } from '@/lib/refusal'
import { visitorToken } from '@/lib/visitor-token'

export interface NewMemory {
  bookRef: string
  /** The family access grant, checked by the server in the same call; null for guests and signed-in managers. */
  accessGrant: string | null
  fullName: string
  /** The stored relation (the Hebrew label, e.g. friend); ignored by the server for family memories. */
  relation: string | null
  texts: [string, string, string]
  imageUrls: string[]
  imageCaptions: string[]
  videoUrl: string | null
}

export interface AddedMemory {
  memoryId: string
  source: 'guest' | 'family'
}

const optional = (text: string) => (text.trim() === '' ? undefined : text.trim())

/**
 * Adds the memory (add_memory): the server decides guest or family, checks the plan's limits and
 * the media URLs, and refuses with a Hebrew message (thrown as a Refusal; an expired family access
 * grant is family_access_expired); a memory this browser already sent is answered as saved
 * (already_saved). Network failures are retried.
 */
export async function addMemory(memory: NewMemory): Promise<AddedMemory> {
  const supabase = await getSupabase()
  // One step of the memory's sending (submit-memory.ts), so it is retried on its own.
  const data = await withNetworkRetry(async () => {
    const { data, error } = await supabase.rpc('add_memory', {
      book_ref: memory.bookRef,
      access_grant: memory.accessGrant ?? undefined,
      full_name: memory.fullName.trim(),
      relation: memory.relation ?? undefined,
      text1: optional(memory.texts[0]),
      text2: optional(memory.texts[1]),
      text3: optional(memory.texts[2]),
      image_urls: memory.imageUrls,
      image_captions: memory.imageCaptions,
      video_url: memory.videoUrl ?? undefined,
      // The same memory sent again by this browser (a reopened link, a reload) is not added twice.
      sender: visitorToken(),
    })
    if (error) throw toRefusal(error)
    return data
  })
  return { memoryId: data.memory_id!, source: data.source === 'family' ? 'family' : 'guest' }
}
