/** The mailbox's web pages: the message list and one message (HTML in a sandboxed frame, text). */
import type { MailAddress, MailStore, StoredMessage } from './store.ts'

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

function address(a: MailAddress): string {
  return a.Name ? `${a.Name} <${a.Address}>` : a.Address
}

const STYLE = `
  body { font-family: system-ui, "Segoe UI", Arial, sans-serif; margin: 0; background: #f6f4f8; color: #2b2233; }
  header { background: #4b2a63; color: #fff; padding: 14px 20px; display: flex; gap: 16px; align-items: baseline; }
  header a { color: #fff; text-decoration: none; }
  header h1 { font-size: 20px; margin: 0; }
  header small { opacity: .8; }
  main { max-width: 1100px; margin: 20px auto; padding: 0 16px; }
  table { width: 100%; border-collapse: collapse; background: #fff; border-radius: 8px; overflow: hidden; }
  th, td { padding: 10px 12px; border-bottom: 1px solid #ece6f1; text-align: start; vertical-align: top; }
  th { background: #efe9f4; font-weight: 600; font-size: 14px; }
  tr.unread td { font-weight: 600; }
  td a { color: #4b2a63; }
  .empty { background: #fff; padding: 40px; text-align: center; border-radius: 8px; }
  .meta { background: #fff; border-radius: 8px; padding: 12px 16px; margin-bottom: 12px; }
  .meta div { margin: 4px 0; }
  iframe { width: 100%; height: 70vh; border: 1px solid #ddd; border-radius: 8px; background: #fff; }
  pre { white-space: pre-wrap; background: #fff; border-radius: 8px; padding: 12px 16px; }
  button { background: #fff; border: 1px solid #4b2a63; color: #4b2a63; border-radius: 6px; padding: 6px 12px; cursor: pointer; }
  .actions { display: flex; gap: 8px; margin-bottom: 12px; }
`

function layout(title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="he" dir="rtl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>
<header><h1><a href="/">תיבת הדואר המקומית</a></h1><small>כל הודעות הדוא״ל שהסביבה המקומית שלחה</small></header>
<main>${body}</main>
${script ? `<script>${script}</script>` : ''}
</body></html>`
}

function row(message: StoredMessage): string {
  const created = new Date(message.Created).toLocaleString('he-IL', { timeZone: 'Asia/Jerusalem' })
  return `<tr class="${message.Read ? '' : 'unread'}">
  <td dir="auto">${escapeHtml(message.To.map(address).join(', '))}</td>
  <td dir="auto"><a href="/message/${encodeURIComponent(message.ID)}">${escapeHtml(message.Subject || '(ללא נושא)')}</a></td>
  <td dir="auto">${escapeHtml(address(message.From))}</td>
  <td>${escapeHtml(created)}</td>
</tr>`
}

/** Reloads the list when a new message arrives. */
const POLL_SCRIPT = `
  let total = Number(document.body.dataset.total || 0);
  setInterval(async () => {
    try {
      const res = await fetch('/api/v1/messages?limit=1');
      const data = await res.json();
      if (data.total !== total) location.reload();
    } catch {}
  }, 2000);
  document.getElementById('delete-all')?.addEventListener('click', async () => {
    await fetch('/api/v1/messages', { method: 'DELETE' });
    location.reload();
  });`

export function listPage(store: MailStore): string {
  const messages = store.all()
  const table = messages.length
    ? `<table><thead><tr><th>אל</th><th>נושא</th><th>מאת</th><th>התקבל</th></tr></thead><tbody>${messages.map(row).join('')}</tbody></table>`
    : '<div class="empty">אין הודעות עדיין.</div>'
  const actions = messages.length ? '<div class="actions"><button id="delete-all">מחיקת כל ההודעות</button></div>' : ''
  return layout('תיבת הדואר', actions + table, POLL_SCRIPT).replace('<body>', `<body data-total="${messages.length}">`)
}

export function messagePage(message: StoredMessage): string {
  const id = encodeURIComponent(message.ID)
  const body = `
<div class="actions"><a href="/"><button>חזרה לרשימה</button></a><button id="delete">מחיקה</button></div>
<div class="meta">
  <div><strong>נושא:</strong> <span dir="auto">${escapeHtml(message.Subject)}</span></div>
  <div><strong>מאת:</strong> <span dir="auto">${escapeHtml(address(message.From))}</span></div>
  <div><strong>אל:</strong> <span dir="auto">${escapeHtml(message.To.map(address).join(', '))}</span></div>
  <div><strong>התקבל:</strong> ${escapeHtml(new Date(message.Created).toLocaleString('he-IL', { timeZone: 'Asia/Jerusalem' }))}</div>
</div>
<iframe title="HTML" sandbox="allow-popups allow-popups-to-escape-sandbox" src="/view/${id}.html"></iframe>
<h3>טקסט</h3>
<pre dir="auto">${escapeHtml(message.Text)}</pre>`
  const script = `document.getElementById('delete').addEventListener('click', async () => {
    await fetch('/api/v1/messages', { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ IDs: [${JSON.stringify(message.ID)}] }) });
    location.href = '/';
  });`
  return layout(message.Subject, body, script)
}

/** The message's own HTML; links open outside the sandboxed frame. */
export function messageHtml(message: StoredMessage): string {
  const base = '<base target="_blank">'
  if (/<head[^>]*>/i.test(message.HTML)) return message.HTML.replace(/<head([^>]*)>/i, `<head$1>${base}`)
  return `${base}${message.HTML || `<pre>${escapeHtml(message.Text)}</pre>`}`
}
