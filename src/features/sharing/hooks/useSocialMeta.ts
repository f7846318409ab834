import { useEffect } from 'react'

export interface SocialMeta {
  title: string
  description: string
  url: string
  image: string | null
}

function setMeta(attribute: 'name' | 'property', key: string, content: string | null): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`)
  const previous = element?.content ?? null
  const created = !element
  if (content === null) {
    if (created) return () => undefined
    element!.remove()
    return () => document.head.append(element!)
  }
  if (!element) {
    element = document.createElement('meta')
    element.setAttribute(attribute, key)
    document.head.append(element)
  }
  element.content = content
  return () => {
    if (created) element!.remove()
    else if (previous !== null) element!.content = previous
  }
}

/**
 * The page title and its social-preview tags (Open Graph, Twitter) while the page is shown; the
 * previous values come back when it goes. Crawlers that run no JavaScript (WhatsApp) get the
 * same tags from the share-preview edge function.
 */
export function useSocialMeta(meta: SocialMeta | null): void {
  const { title, description, url, image } = meta ?? { title: '', description: '', url: '', image: null }
  const active = meta !== null
  useEffect(() => {
    if (!active) return
    const previousTitle = document.title
    document.title = title
    const restore = [
      setMeta('name', 'description', description),
      setMeta('property', 'og:type', 'website'),
      setMeta('property', 'og:locale', 'he_IL'),
      setMeta('property', 'og:title', title),
      setMeta('property', 'og:description', description),
      setMeta('property', 'og:url', url),
      setMeta('property', 'og:image', image),
      setMeta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
      setMeta('name', 'twitter:title', title),
      setMeta('name', 'twitter:description', description),
      setMeta('name', 'twitter:image', image),
    ]
    return () => {
      // Leaving the screen, the next screen has named the tab already.
      if (document.title === title) document.title = previousTitle
      restore.reverse().forEach((undo) => undo())
    }
  }, [active, title, description, url, image])
}
