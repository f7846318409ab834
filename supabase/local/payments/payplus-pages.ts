/**
 * The sandbox's PayPlus pages, in Hebrew (RTL): the payment page a generateLink answer leads to
 * (the order, a card form with the test card filled in, Bit, Apple Pay and Google Pay, and the
 * card that is declined), the tax document a paid page issues when the order asked for one, and
 * PayPlus's part of the overview.
 */
import { deliveryTableRows, escapeHtml, formatAmount, page as sandboxPage } from './pages.ts'
import { DECLINED_CARD, TEST_CARD } from './payplus-checkout.ts'
import type { Delivery, PayplusPage, PayplusRefund } from './store.ts'

function items(page: PayplusPage): string {
  const rows = Array.isArray(page.request.items) ? (page.request.items as Array<Record<string, unknown>>) : []
  const lines = rows.length
    ? rows.map(
        (item) =>
          `<li><span>${escapeHtml(item.name)}</span><span>${formatAmount(Math.round(Number(item.price) * 100), 'ils')}</span></li>`,
      )
    : [`<li><span>הזמנה</span><span>${formatAmount(page.amountAgorot, 'ils')}</span></li>`]
  return `<ul>${lines.join('')}</ul>
    <div class="total"><span>סה״כ לתשלום (כולל מע״מ)</span><strong>${formatAmount(page.amountAgorot, 'ils')}</strong></div>`
}

function payButton(uid: string, method: string, label: string, className: string): string {
  return `<form method="post" action="/payplus/${uid}/pay"><input type="hidden" name="method" value="${method}">
    <button class="${className}" type="submit">${label}</button></form>`
}

export function payplusCheckoutPage(page: PayplusPage, notice: string | null = null): string {
  const uid = escapeHtml(page.uid)
  const customer = (page.request.customer ?? {}) as Record<string, unknown>
  const summary = `<h1>תשלום מאובטח</h1>${items(page)}
    ${customer.email ? `<p class="muted">אישור יישלח אל <bdi>${escapeHtml(customer.email)}</bdi></p>` : ''}`
  if (page.transaction) {
    const back = `<a class="button pay" href="${escapeHtml(page.request.refURL_success)}">חזרה לאתר</a>`
    return sandboxPage('התשלום כבר בוצע', `${summary}<p>התשלום על הזמנה זו כבר בוצע.</p>${back}`)
  }
  const warning = notice ? `<p class="warning" role="alert">${escapeHtml(notice)}</p>` : ''
  return sandboxPage(
    'PayPlus · תשלום מאובטח · סביבת בדיקה',
    `${summary}${warning}
    <div class="methods">
      ${payButton(uid, 'bit', 'תשלום ב-Bit', 'bit')}
      ${payButton(uid, 'apple-pay', 'Apple Pay', 'wallet')}
      ${payButton(uid, 'google-pay', 'Google Pay', 'wallet')}
    </div>
    <p class="or">או בכרטיס אשראי</p>
    <form method="post" action="/payplus/${uid}/pay">
      <input type="hidden" name="method" value="credit-card">
      <label for="card">מספר כרטיס</label>
      <input id="card" name="card_number" inputmode="numeric" autocomplete="cc-number" value="${TEST_CARD}">
      <div class="row">
        <div><label for="expiry">תוקף</label><input id="expiry" name="expiry" value="12/30"></div>
        <div><label for="cvv">CVV</label><input id="cvv" name="cvv" inputmode="numeric" value="123"></div>
      </div>
      <label for="id-number">תעודת זהות</label>
      <input id="id-number" name="id_number" inputmode="numeric" value="000000018">
      <p class="muted">תשלום אחד, ללא תשלומים.</p>
      <button class="pay" type="submit">לתשלום ${formatAmount(page.amountAgorot, 'ils')}</button>
    </form>
    <div class="actions"><form method="post" action="/payplus/${uid}/cancel"><button class="cancel" type="submit">ביטול וחזרה לאתר</button></form></div>
    <p class="test-cards">כרטיס לבדיקה: <code>${TEST_CARD}</code> (מאושר) · <code>${DECLINED_CARD}</code> (נדחה).<br>
    זהו דף תשלום מדומה של PayPlus בסביבת הפיתוח המקומית: לא יחויב כסף אמיתי. התשלום שולח לשרת הודעה חתומה, כפי ש-PayPlus עושה.</p>`,
  )
}

export function payplusDocumentPage(page: PayplusPage): string {
  const transaction = page.transaction!
  const customer = (page.request.customer ?? {}) as Record<string, unknown>
  return sandboxPage(
    'חשבונית מס קבלה · סביבת בדיקה',
    `<h1>חשבונית מס קבלה</h1>${items(page)}
    <p>לכבוד: <bdi>${escapeHtml(customer.customer_name)}</bdi></p>
    <p class="muted">עסקה <bdi>${escapeHtml(transaction.number)}</bdi> מתאריך ${escapeHtml(transaction.date.slice(0, 10))}. מסמך לדוגמה של סביבת הבדיקה.</p>`,
  )
}

export function payplusOverviewRows(pages: PayplusPage[], refunds: PayplusRefund[], deliveries: Delivery[]): string {
  const pageRows = pages
    .slice(-50)
    .reverse()
    .map((page) => {
      const transaction = page.transaction
      const state = transaction
        ? `שולם (${escapeHtml(transaction.method)})${transaction.refundedAgorot ? ` · הוחזרו ${formatAmount(transaction.refundedAgorot, 'ils')}` : ''}`
        : page.declines
          ? `נדחה ${page.declines}×`
          : 'פתוח'
      return `<tr><td><a href="/payplus/${escapeHtml(page.uid)}"><code>${escapeHtml(page.uid.slice(0, 8))}…</code></a></td>
        <td>${formatAmount(page.amountAgorot, 'ils')}</td><td>${state}</td><td><code>${escapeHtml(page.request.more_info)}</code></td></tr>`
    })
    .join('')
  const refundRows = refunds
    .slice(-50)
    .reverse()
    .map(
      (
        refund,
      ) => `<tr><td>${escapeHtml(refund.date)}</td><td><code>${escapeHtml(refund.transactionUid.slice(0, 8))}…</code></td>
      <td>${formatAmount(refund.amountAgorot, 'ils')}</td></tr>`,
    )
    .join('')
  const callbackRows = deliveryTableRows(deliveries.filter((delivery) => delivery.type.startsWith('payplus.')))
  return `<h2>PayPlus · תשלומים</h2><table><tr><th>דף</th><th>סכום</th><th>מצב</th><th>הזמנה</th></tr>${pageRows}</table>
    <h2>PayPlus · החזרים</h2><table><tr><th>זמן</th><th>עסקה</th><th>סכום</th></tr>${refundRows}</table>
    <h2>PayPlus · הודעות לשרת (callback)</h2><table><tr><th>זמן</th><th>סוג</th><th>HTTP</th><th>תוצאה</th></tr>${callbackRows}</table>`
}
