import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { htmlToText, MailStore, parseAddress } from './store.ts'

describe('mail store', () => {
  it('keeps messages across a restart through its JSON file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailbox-'))
    try {
      const file = path.join(dir, 'mailbox.json')
      const first = new MailStore(file)
      const stored = first.add({
        from: parseAddress('זוכרים <a@b.test>'),
        to: [parseAddress('c@d.test')],
        subject: 'נושא',
        html: '<p>שלום</p>',
      })
      const reopened = new MailStore(file)
      expect(reopened.get(stored.ID)).toMatchObject({
        Subject: 'נושא',
        Text: 'שלום',
        From: { Name: 'זוכרים', Address: 'a@b.test' },
      })
      reopened.delete()
      expect(new MailStore(file).all()).toEqual([])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('derives readable text from HTML', () => {
    const text = htmlToText(
      '<style>p{}</style><h1>כותרת</h1><p>שורה&nbsp;א<br>שורה ב</p><a href="http://x/?a=1&amp;b=2">כאן</a>',
    )
    expect(text).toBe('כותרת\nשורה א\nשורה ב\nכאן (http://x/?a=1&b=2)')
  })
})
