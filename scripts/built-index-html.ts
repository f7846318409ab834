import type { OutputBundle } from 'rolldown'

/** Rewrites the built index.html in a generateBundle hook; a bundle without it is left alone. */
export function rewriteIndexHtml(bundle: OutputBundle, rewrite: (html: string) => string): void {
  const page = bundle['index.html']
  if (!page || page.type !== 'asset' || typeof page.source !== 'string') return
  page.source = rewrite(page.source)
}
