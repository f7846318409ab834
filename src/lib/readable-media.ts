/**
 * Stored file URLs (what the database keeps for a book's pictures: the bucket's address) serve
 * nothing: the bucket is private. A screen that holds one (the dashboard, the book forms, the
 * admin's lists) shows the address the database gives this reader for it (readable_media_urls: open
 * for a public book's file, signed for one the signed-in reader may see, none otherwise). The
 * reading pages' own reads already give such addresses, which are shown as they are.
 */
import { useEffect, useState } from 'react'
import { getSupabase } from './supabase'
import { toRefusal } from './refusal'

const STORED_MEDIA_PATH = '/storage/v1/object/public/memory-images/'
/** Addresses signed now live at least 30 minutes: asked again after 20. */
const KEEP_MS = 20 * 60_000

/** Is this a stored file URL of the project's bucket, which must be exchanged before it is shown? */
function isStoredMediaUrl(url: string | null | undefined): url is string {
  return Boolean(url?.includes(STORED_MEDIA_PATH))
}

/** At most this many URLs in one readable_media_urls request (the database reads no more). */
const BATCH = 200

/** The addresses of many stored URLs at once (the export's files), one request per 200. */
export async function readableAddresses(urls: readonly string[]): Promise<Map<string, string | null>> {
  const stored = [...new Set(urls.filter(isStoredMediaUrl))]
  const addresses = new Map<string, string | null>()
  if (stored.length === 0) return addresses
  const supabase = await getSupabase()
  for (let start = 0; start < stored.length; start += BATCH) {
    const batch = stored.slice(start, start + BATCH)
    const { data, error } = await supabase.rpc('readable_media_urls', { urls: batch })
    if (error) throw toRefusal(error)
    batch.forEach((url, index) => addresses.set(url, (data as (string | null)[])[index] ?? null))
  }
  return addresses
}

const known = new Map<string, { address: string | null; until: number }>()
let waiting = new Map<string, Array<(address: string | null) => void>>()

/** One request for every URL asked for in the same moment. */
async function exchangeWaiting(): Promise<void> {
  const batch = waiting
  waiting = new Map()
  const urls = [...batch.keys()]
  let addresses: (string | null)[] = urls.map(() => null)
  try {
    const supabase = await getSupabase()
    const { data, error } = await supabase.rpc('readable_media_urls', { urls })
    if (!error && Array.isArray(data)) addresses = data as (string | null)[]
  } catch {
    // Shown as no picture: the screen stays usable.
  }
  urls.forEach((url, index) => {
    const address = addresses[index] ?? null
    known.set(url, { address, until: Date.now() + KEEP_MS })
    for (const resolve of batch.get(url) ?? []) resolve(address)
  })
}

function readableAddress(url: string): Promise<string | null> {
  const cached = known.get(url)
  if (cached && cached.until > Date.now()) return Promise.resolve(cached.address)
  return new Promise((resolve) => {
    if (waiting.size === 0) queueMicrotask(() => void exchangeWaiting())
    waiting.set(url, [...(waiting.get(url) ?? []), resolve])
  })
}

/**
 * The address to show `url` at: itself unless it is a stored file URL; for one, the address the
 * database gives this reader (undefined while it is asked for, null when this reader may not see it).
 */
export function useReadableMediaUrl(url: string | null | undefined): string | null | undefined {
  const stored = isStoredMediaUrl(url)
  const cached = stored ? known.get(url) : undefined
  const [exchanged, setExchanged] = useState<{ url: string; address: string | null } | undefined>()
  useEffect(() => {
    if (!stored) return
    let current = true
    void readableAddress(url).then((address) => {
      if (current) setExchanged({ url, address })
    })
    return () => {
      current = false
    }
  }, [stored, url])
  if (!stored) return url ?? null
  if (exchanged?.url === url) return exchanged.address
  // A known address is shown at once; the effect above asks again for one past its time.
  return cached?.address
}
