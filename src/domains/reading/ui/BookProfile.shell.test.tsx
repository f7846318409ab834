import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HebrewDeathDate } from '@/domains/mourning-calendar/ui/HebrewDeathDate'
import { BookProfile } from '@/domains/reading/ui/BookProfile'
import { bookShellFor, paintBookShell, paintsBookShell, shellCard } from '@/domains/book/lib/book-shell'

const PICTURES = 'http://127.0.0.1:54321/functions/v1/media/memories/book-1/'
const rachel = {
  ...shellCard,
  id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  short_code: 'RACHEL23',
  full_name: 'רחל אברהמי',
  birth_date: '1948-03-02',
  death_date: '2026-10-12',
  memory_quote: 'אהבה היא הדבר היחיד',
  profile_image_url: `${PICTURES}portrait.jpg`,
  background_image_url: `${PICTURES}banner.png`,
}

/** A page's template as the build writes it: the stand-in card, then the rest of the page. */
function writeTemplate({ unfilled = false } = {}) {
  const page = (
    <div>
      <header>
        זוכרים
        <div data-signed-out-only>
          <a href="/login">כניסה</a>
        </div>
      </header>
      <main>
        <nav>
          <a href={`/add-memory/${shellCard.short_code}`} aria-label={`זיכרון על ${shellCard.full_name}`}>
            הוספה
          </a>
          {unfilled && <span data-name={shellCard.full_name} />}
        </nav>
        <div>
          <BookProfile
            card={shellCard}
            hebrewDate={<HebrewDeathDate deathDate={shellCard.death_date} afterSunset={false} />}
          />
          <p>{`הזמנה מאת ${shellCard.creator_name}`}</p>
        </div>
      </main>
      <footer>כל הזכויות שמורות</footer>
    </div>
  )
  const template = document.createElement('template')
  template.dataset.bookShell = 'share'
  template.innerHTML = `<link rel="preload" as="image" href="x">${renderToStaticMarkup(page)}`
  document.body.append(template)
}

function shellOf(card: typeof rachel): HTMLElement {
  const shell = bookShellFor('share', card)
  if (!shell) throw new Error('no shell')
  const holder = document.createElement('div')
  holder.append(shell)
  return holder
}

afterEach(() => document.body.replaceChildren())

describe("a book page's first screen painted before the app's code", () => {
  it("shows the card's name, years, quote and pictures where the stand-in card had its markers", () => {
    writeTemplate()
    const shell = shellOf(rachel)
    expect(shell.querySelector('h1')?.textContent).toBe('רחל אברהמי ז״ל')
    expect(shell.querySelector('p[dir=ltr]')?.textContent).toBe('1948–2026')
    expect(shell.querySelector('blockquote')?.textContent).toBe('״אהבה היא הדבר היחיד״')
    const [banner, portrait] = shell.querySelectorAll('img')
    expect(banner?.getAttribute('src')).toBe(`${PICTURES}banner.w800.webp`)
    expect(portrait?.getAttribute('src')).toBe(`${PICTURES}portrait.w240.webp`)
    expect(portrait?.getAttribute('alt')).toBe('תמונה של רחל אברהמי')
    expect(shell.innerHTML).not.toMatch(/[\uE000-\uE0FF]|1001|2002|shell\.invalid/)
  })

  it('keeps the page only up to its first block, and no preload of the stand-in pictures', () => {
    writeTemplate()
    const shell = shellOf(rachel)
    expect(shell.querySelector('header')?.textContent).toBe('זוכריםכניסה')
    expect(shell.textContent).not.toContain('הזמנה מאת')
    expect(shell.querySelector('footer')).toBeNull()
    expect(shell.querySelector('link')).toBeNull()
  })

  it('holds the place of the Hebrew date, which comes with the app', () => {
    writeTemplate()
    const hebrewDate = shellOf(rachel).querySelector('[data-testid="hebrew-death-date"]')
    expect(hebrewDate?.textContent).toBe('\u00A0')
  })

  it('leaves out what the card lacks', () => {
    writeTemplate()
    const shell = shellOf({
      ...rachel,
      full_name: 'משה כהן ז"ל',
      birth_date: null as unknown as string,
      death_date: null as unknown as string,
      memory_quote: '  ',
      background_image_url: null as unknown as string,
      profile_image_url: 'https://elsewhere.example/photo.jpg',
    })
    expect(shell.querySelector('h1')?.textContent).toBe('משה כהן ז"ל')
    expect(shell.querySelector('p[dir=ltr]')).toBeNull()
    expect(shell.querySelector('blockquote')).toBeNull()
    expect(shell.querySelector('[data-testid="hebrew-death-date"]')).toBeNull()
    const images = shell.querySelectorAll('img')
    expect(images).toHaveLength(1)
    expect(images[0]?.getAttribute('src')).toBe('https://elsewhere.example/photo.jpg')
  })

  it('shows one year when only one is known', () => {
    writeTemplate()
    const shell = shellOf({ ...rachel, birth_date: null as unknown as string })
    expect(shell.querySelector('p[dir=ltr]')?.textContent).toBe('2026')
  })

  it('names the real book in links to its other pages and in what is read aloud', () => {
    writeTemplate()
    const link = shellOf(rachel).querySelector('nav a')
    expect(link?.getAttribute('href')).toBe(`/add-memory/${rachel.short_code}`)
    expect(link?.getAttribute('aria-label')).toBe('זיכרון על רחל אברהמי')
  })

  it('is not painted when a stand-in value is left in a place it does not fill', () => {
    writeTemplate({ unfilled: true })
    expect(bookShellFor('share', rachel)).toBeNull()
  })

  it('is not painted on a page without a template', () => {
    expect(bookShellFor('share', rachel)).toBeNull()
  })

  it('is not painted where add-memory may first ask for the family code', () => {
    expect(paintsBookShell('share', '')).toBe(true)
    expect(paintsBookShell('view-book', '?code=2580')).toBe(true)
    expect(paintsBookShell('add-memory', '?utm_source=whatsapp')).toBe(true)
    expect(paintsBookShell('add-memory', '?family=true')).toBe(false)
    expect(paintsBookShell('add-memory', '?authorized=true')).toBe(false)
    expect(paintsBookShell('memory-book', '')).toBe(false)
    expect(paintsBookShell(null, '')).toBe(false)
  })
})

describe('painting the first screen', () => {
  function pageWithRoot(page: 'share' | 'view-book') {
    writeTemplate()
    document.querySelector('template')!.dataset.bookShell = page
    const root = document.createElement('div')
    root.id = 'root'
    root.innerHTML = '<main>the landing</main>'
    document.body.append(root)
    return root
  }

  afterEach(() => delete document.documentElement.dataset.prerender)

  it('shows the card before the app, whose root waits out of sight, empty', async () => {
    const root = pageWithRoot('share')
    await paintBookShell('share', Promise.resolve(rachel), { signedOut: true })
    const painted = document.getElementById('book-shell')
    expect(painted?.nextElementSibling).toBe(root)
    expect(painted?.querySelector('h1')?.textContent).toBe('רחל אברהמי ז״ל')
    expect(root.childNodes).toHaveLength(0)
    expect(document.documentElement.dataset.prerender).toBe('book-shell')
  })

  it('shows a signed-out visitor the login links, and hides them from one who may be signed in', async () => {
    pageWithRoot('share')
    await paintBookShell('share', Promise.resolve(rachel), { signedOut: true })
    const login = () => document.querySelector<HTMLElement>('#book-shell [data-signed-out-only]')!
    expect(login().style.visibility).toBe('')
    document.getElementById('book-shell')!.remove()
    await paintBookShell('share', Promise.resolve(rachel), { signedOut: false })
    expect(login().style.visibility).toBe('hidden')
    expect(document.querySelector('#book-shell h1')?.textContent).toBe('רחל אברהמי ז״ל')
  })

  it("does not paint a private book's reading screen without a family code in the link", async () => {
    const root = pageWithRoot('view-book')
    await paintBookShell('view-book', Promise.resolve({ ...rachel, is_public: false }), { signedOut: true })
    expect(document.getElementById('book-shell')).toBeNull()
    expect(root.textContent).toBe('the landing')
  })

  it('stops waiting for a card that has not come in six seconds, so the app can start', async () => {
    vi.useFakeTimers()
    try {
      pageWithRoot('share')
      const waiting = paintBookShell('share', new Promise(() => undefined), { signedOut: true })
      await vi.advanceTimersByTimeAsync(6000)
      await expect(waiting).resolves.toBeUndefined()
      expect(document.getElementById('book-shell')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('paints nothing when the card could not be had', async () => {
    pageWithRoot('share')
    await paintBookShell('share', Promise.reject(new TypeError('Failed to fetch')), { signedOut: true })
    await paintBookShell('share', Promise.resolve(null), { signedOut: true })
    expect(document.getElementById('book-shell')).toBeNull()
  })
})
