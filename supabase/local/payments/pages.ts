/**
 * The sandbox's hosted pages, in Hebrew (RTL): the checkout page a session's `url` opens, the
 * page shown when a paid session's webhook could not be delivered, and an overview at `/`.
 */
import type { Delivery, SessionRecord } from './store.ts'

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, "Segoe UI", Arial, sans-serif; }
  body { margin: 0; min-height: 100vh; background: #f6f4f1; color: #2d2a32; display: flex; justify-content: center; align-items: flex-start; }
  main { width: min(440px, calc(100% - 32px)); margin: 48px 16px; background: #fff; border-radius: 16px; padding: 28px; box-shadow: 0 8px 28px rgba(45, 42, 50, .08); }
  main.wide { width: min(960px, calc(100% - 32px)); }
  .badge { display: inline-block; margin: 0 0 16px; padding: 4px 12px; border-radius: 999px; background: #fff4d6; color: #6b4e00; font-size: 14px; }
  h1 { font-size: 22px; margin: 0 0 20px; }
  ul { list-style: none; padding: 0; margin: 0 0 16px; }
  li, .total { display: flex; justify-content: space-between; gap: 16px; padding: 10px 0; border-bottom: 1px solid #eee; }
  .total { border-bottom: 0; font-size: 18px; }
  .muted { color: #6b6670; font-size: 14px; }
  .warning { background: #fdecea; color: #7a1c12; padding: 12px; border-radius: 10px; }
  .actions { display: flex; gap: 12px; margin-top: 20px; }
  .actions form { flex: 1; }
  button, .button { width: 100%; display: block; text-align: center; border: 0; border-radius: 10px; padding: 14px; font-size: 17px; cursor: pointer; text-decoration: none; }
  .pay { background: #5b3f8c; color: #fff; }
  .cancel { background: #efecf3; color: #2d2a32; }
  table { width: 100%; border-collapse: collapse; font-size: 14px; }
  th, td { text-align: start; padding: 6px 8px; border-bottom: 1px solid #eee; vertical-align: top; }
  code { direction: ltr; unicode-bidi: embed; }
  label { display: block; margin: 12px 0 4px; font-size: 15px; }
  input { width: 100%; box-sizing: border-box; padding: 12px; font-size: 17px; border: 1px solid #cfc9d6; border-radius: 10px; direction: ltr; text-align: end; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  .methods { display: grid; gap: 10px; margin: 16px 0; }
  .bit { background: #1d4ed8; color: #fff; }
  .wallet { background: #111; color: #fff; }
  .or { text-align: center; color: #6b6670; margin: 16px 0 0; }
  .test-cards { background: #f3f0f7; border-radius: 10px; padding: 10px 12px; font-size: 14px; margin-top: 16px; }
`

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

/** Amounts are in the currency's minor unit (agorot for ILS). */
export function formatAmount(minorUnits: number, currency: string): string {
  try {
    return new Intl.NumberFormat('he-IL', { style: 'currency', currency: currency.toUpperCase() }).format(
      minorUnits / 100,
    )
  } catch {
    return `${(minorUnits / 100).toFixed(2)} ${currency.toUpperCase()}`
  }
}

export function page(title: string, body: string, wide = false): string {
  return `<!doctype html>
<html lang="he" dir="rtl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main${wide ? ' class="wide"' : ''}>
<p class="badge">סביבת בדיקה · לא יחויב כסף אמיתי</p>
${body}
</main></body></html>`
}

export function htmlResponse(body: string, status = 200): Response {
  return new Response(body, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  })
}

export function checkoutPage(record: SessionRecord, successUrl: string | null): string {
  const { session } = record
  const currency = String(session.currency)
  const items = record.lineItems
    .map((item) => {
      const quantity = item.quantity > 1 ? ` × ${item.quantity}` : ''
      return `<li><span>${escapeHtml(item.name)}${quantity}</span><span>${formatAmount(item.unitAmount * item.quantity, currency)}</span></li>`
    })
    .join('')
  const summary = `<h1>סיכום ההזמנה</h1><ul>${items}</ul>
    <div class="total"><span>סה״כ לתשלום</span><strong>${formatAmount(Number(session.amount_total), currency)}</strong></div>
    ${session.customer_email ? `<p class="muted">קבלה תישלח אל <bdi>${escapeHtml(session.customer_email)}</bdi></p>` : ''}`
  if (session.status === 'complete') {
    const next = successUrl ? `<a class="button pay" href="${escapeHtml(successUrl)}">חזרה לאתר</a>` : ''
    return page('התשלום כבר בוצע', `${summary}<p>התשלום על הזמנה זו כבר בוצע.</p>${next}`)
  }
  if (session.status !== 'open') {
    return page(
      'ההזמנה אינה פעילה',
      `${summary}<p class="warning">פג תוקפה של הזמנה זו. חזרו לאתר והתחילו את התשלום מחדש.</p>`,
    )
  }
  const id = escapeHtml(session.id)
  return page(
    'תשלום מאובטח · סביבת בדיקה',
    `${summary}
    <div class="actions">
      <form method="post" action="/checkout/${id}/pay"><button class="pay" type="submit">לתשלום</button></form>
      <form method="post" action="/checkout/${id}/cancel"><button class="cancel" type="submit">ביטול</button></form>
    </div>
    <p class="muted">זהו דף תשלום מדומה של סביבת הפיתוח המקומית. "לתשלום" מסמן את ההזמנה כשולמה ושולח לשרת את האירוע
    <code>checkout.session.completed</code>, כפי ש-Stripe עושה.</p>`,
  )
}

/** Shown instead of the redirect when the webhook could not be delivered, so the developer sees why. */
export function undeliveredWebhookPage(delivery: Delivery, successUrl: string): string {
  return page(
    'התשלום אושר',
    `<h1>התשלום אושר</h1>
    <p class="warning">אבל שליחת האירוע לשרת נכשלה: <bdi>${escapeHtml(delivery.error)}</bdi><br>
    כתובת: <code>${escapeHtml(delivery.url)}</code></p>
    <p class="muted">ההזמנה ב-Stripe המדומה סומנה כשולמה; האתר לא קיבל על כך הודעה. הפרטים ב-<a href="/deliveries">/deliveries</a>.</p>
    <a class="button pay" href="${escapeHtml(successUrl)}">המשך לאתר</a>`,
  )
}

/** The last 50 deliveries, newest first, as table rows: time, type, HTTP status, outcome. */
export function deliveryTableRows(deliveries: Delivery[]): string {
  return deliveries
    .slice(-50)
    .reverse()
    .map(
      (delivery) => `<tr><td>${escapeHtml(delivery.deliveredAt)}</td><td><code>${escapeHtml(delivery.type)}</code></td>
      <td>${escapeHtml(delivery.status ?? '—')}</td><td>${escapeHtml(delivery.error ?? 'נמסר')}</td></tr>`,
    )
    .join('')
}

export function overviewPage(sessions: SessionRecord[], deliveries: Delivery[], payplus = ''): string {
  const sessionRows = sessions
    .slice(-50)
    .reverse()
    .map(
      ({
        session,
      }) => `<tr><td><a href="/checkout/${escapeHtml(session.id)}"><code>${escapeHtml(session.id.slice(0, 20))}…</code></a></td>
      <td>${formatAmount(Number(session.amount_total), String(session.currency))}</td><td>${escapeHtml(session.status)} / ${escapeHtml(session.payment_status)}</td>
      <td><bdi>${escapeHtml(session.customer_email)}</bdi></td></tr>`,
    )
    .join('')
  const deliveryRows = deliveryTableRows(deliveries.filter((delivery) => !delivery.type.startsWith('payplus.')))
  return page(
    'סביבת תשלומים מדומה · סקירה',
    `<h1>סביבת תשלומים מדומה</h1>${payplus}
    <h2>Stripe</h2>
    <h2>הזמנות אחרונות</h2><table><tr><th>מזהה</th><th>סכום</th><th>מצב</th><th>דוא״ל</th></tr>${sessionRows}</table>
    <h2>אירועי webhook</h2><table><tr><th>זמן</th><th>סוג</th><th>HTTP</th><th>תוצאה</th></tr>${deliveryRows}</table>
    <p class="muted">JSON: <a href="/deliveries">/deliveries</a></p>`,
    true,
  )
}
