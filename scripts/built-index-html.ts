import type { Rollup } from 'vite'

/** Rewrites the built index.html in a generateBundle hook; a bundle without it is left alone. */
export function rewriteIndexHtml(bundle: Rollup.OutputBundle, rewrite: (html: string) => string): void {
  const page = bundle['index.html']
  if (!page || page.type !== 'asset' || typeof page.source !== 'string') return
  page.source = rewrite(page.source)
}
