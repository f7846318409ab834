/** The one path whose HTML the build prerenders into index.html (the landing page). */
export const prerenderedPath = '/'

/**
 * The book pages whose first screen the build renders into index.html as templates, painted with
 * the real card before the app's code has loaded (src/domains/book/lib/book-shell.ts).
 */
export const BOOK_SHELL_PAGES = ['share', 'add-memory', 'view-book'] as const
export type BookShellPage = (typeof BOOK_SHELL_PAGES)[number]

/** Where the head script paints a book page's first screen, before the app's root. */
export const BOOK_SHELL_ID = 'book-shell'
