-- Payments through one provider interface (PayPlus or Stripe, chosen by the functions'
-- PAYMENT_PROVIDER): what each verified payment was (provider, its transaction, how the buyer
-- paid, the tax document), and a gift refund that is issued once even when cancel is pressed
-- twice at the same moment. `stripe_session_id` stays the column name of the checkout's id for
-- every provider (the SPA and the books refer to it).

alter table public.payment_sessions
  add column provider text check (provider in ('payplus', 'stripe')),
  add column provider_checkout_id text,
  add column transaction_id text,
  add column payment_method text check (payment_method in ('card', 'bit', 'apple_pay', 'google_pay', 'other')),
  add column card_last4 text check (card_last4 ~ '^[0-9]{4}$'),
  add column tax_document_url text check (tax_document_url ~ '^https?://'),
  add column refund_started_at timestamptz,
  add column refunded_at timestamptz;

comment on column public.payment_sessions.stripe_session_id is
  'The checkout''s id for every provider: a Stripe checkout session (cs_…), a PayPlus order id (pp_…) or free_coupon_…';
comment on column public.payment_sessions.provider_checkout_id is 'The provider''s own id of the checkout (PayPlus page_request_uid).';
comment on column public.payment_sessions.transaction_id is 'The provider''s transaction (PayPlus transaction uid, Stripe payment intent).';

update public.payment_sessions set provider = 'stripe' where stripe_session_id like 'cs\_%';

-- One transaction pays one order: a callback about a transaction already recorded elsewhere is refused.
create unique index payment_sessions_transaction_key on public.payment_sessions (provider, transaction_id)
  where transaction_id is not null;

-- ---------------------------------------------------------------- recording a verified payment
-- Service role only (payment-callback, and the functions that ask the provider itself when its
-- callback is late): records that a checkout was paid. Idempotent: a paid order answers
-- already_recorded and changes nothing. A declined attempt (failed) or a checkout that expired may
-- still be paid afterwards on the provider's page, so those are recorded too. The amount and
-- currency must be the order's. The coupon the order was bought with is redeemed now; if it was
-- used up meanwhile, the payment still stands and a COUPON_REDEEMED_PAST_LIMIT row goes to admin_logs.
-- Returns recorded | already_recorded | unknown_session | amount_mismatch | transaction_reused | not_open.
drop function public.record_checkout_payment(text, integer, text);

create function public.record_checkout_payment(
  session_id text,
  amount_paid integer,
  paid_currency text,
  transaction text default null,
  method text default null,
  last4 text default null,
  tax_document text default null
) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  checkout public.payment_sessions;
  redeemed public.coupon_check;
begin
  select * into checkout from public.payment_sessions s where s.stripe_session_id = session_id for update;
  if not found then
    return 'unknown_session';
  end if;
  if checkout.status = 'paid' then
    return 'already_recorded';
  end if;
  if checkout.status not in ('created', 'failed', 'expired') then
    return 'not_open';
  end if;
  if transaction is not null and exists (
    select 1 from public.payment_sessions s
     where s.transaction_id = transaction and s.provider is not distinct from checkout.provider
       and s.stripe_session_id <> checkout.stripe_session_id
  ) then
    insert into public.admin_logs (action, target_user, details)
    values ('SECURITY_PAYMENT_TRANSACTION_REUSED', checkout.email,
            jsonb_build_object('session', session_id, 'transaction', transaction));
    return 'transaction_reused';
  end if;
  if amount_paid is distinct from checkout.amount_agorot or lower(paid_currency) is distinct from checkout.currency then
    update public.payment_sessions s set status = 'failed' where s.stripe_session_id = session_id;
    insert into public.admin_logs (action, target_user, details)
    values ('SECURITY_PAYMENT_AMOUNT_MISMATCH', checkout.email,
            jsonb_build_object('session', session_id, 'expected', checkout.amount_agorot, 'paid', amount_paid,
                               'currency', paid_currency));
    return 'amount_mismatch';
  end if;
  update public.payment_sessions s
     set status = 'paid', paid_at = now(), transaction_id = coalesce(transaction, s.transaction_id),
         payment_method = coalesce(method, s.payment_method), card_last4 = coalesce(last4, s.card_last4),
         tax_document_url = coalesce(tax_document, s.tax_document_url)
   where s.stripe_session_id = session_id;
  if checkout.coupon_code is not null then
    redeemed := public.redeem_coupon(checkout.coupon_code, checkout.plan_type);
    if not redeemed.valid then
      insert into public.admin_logs (action, target_user, details)
      values ('COUPON_REDEEMED_PAST_LIMIT', checkout.email,
              jsonb_build_object('session', session_id, 'coupon', checkout.coupon_code, 'reason', redeemed.reason));
    end if;
  end if;
  return 'recorded';
end
$$;

revoke execute on function public.record_checkout_payment(text, integer, text, text, text, text, text)
  from public, anon, authenticated;
grant execute on function public.record_checkout_payment(text, integer, text, text, text, text, text) to service_role;

-- ---------------------------------------------------------------- cancelling a gift, refunding once
-- Service role only (cancel-gift): cancels the purchaser's pending gift within 14 days (one row
-- lock decides). A paid gift answers refund_due with what the provider needs, and claims the
-- refund (refund_started_at): a second cancel while the first is refunding is refused
-- (refund_in_progress), so the provider is asked to refund once. A claim older than two minutes
-- belongs to a cancel that was interrupted and may be taken again; the function releases its
-- claim itself when the provider refused. A free-coupon gift gets its coupon use back.
create or replace function private.claim_gift_refund(payment public.payment_sessions) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
begin
  if payment.refund_started_at is not null and payment.refund_started_at > now() - interval '2 minutes' then
    perform private.refuse('ההחזר הכספי כבר בטיפול. הוא יופיע ברשימת הרכישות בעוד רגע', 'refund_in_progress');
  end if;
  update public.payment_sessions s set refund_started_at = now() where s.stripe_session_id = payment.stripe_session_id;
  return jsonb_build_object(
    'refund_due', true, 'session_id', payment.stripe_session_id, 'amount', payment.amount_agorot,
    'currency', payment.currency, 'provider', payment.provider, 'transaction_id', payment.transaction_id
  );
end
$$;

revoke execute on function private.claim_gift_refund(public.payment_sessions) from public, anon, authenticated;

create or replace function public.cancel_gift_as(purchaser uuid, gift_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  gift public.memory_books;
  payment public.payment_sessions;
begin
  select * into gift from public.memory_books b where b.id = gift_id for update;
  if not found or gift.purchaser_user_id is distinct from purchaser or gift.gift_code is null then
    perform private.refuse('המתנה לא נמצאה', 'gift_not_found');
  end if;
  select * into payment from public.payment_sessions s
   where s.used_by_book = gift.id or s.stripe_session_id = gift.stripe_session_id
   order by s.created_at limit 1 for update;
  if gift.gift_status = 'cancelled' then
    if payment.stripe_session_id is not null and payment.status = 'paid' and payment.amount_agorot > 0 then
      return private.claim_gift_refund(payment);
    end if;
    perform private.refuse('המתנה כבר בוטלה', 'gift_already_cancelled');
  end if;
  if gift.gift_status = 'claimed' then
    perform private.refuse('לא ניתן לבטל מתנה שכבר נתבעה', 'gift_already_claimed');
  end if;
  if gift.gift_status is distinct from 'pending' then
    perform private.refuse('לא ניתן לבטל את המתנה', 'gift_not_pending');
  end if;
  if coalesce(gift.gift_purchased_at, gift.created_at) < now() - interval '14 days' then
    perform private.refuse('ביטול עם החזר כספי אפשרי רק בתוך 14 יום מהרכישה', 'refund_window_passed');
  end if;
  if payment.stripe_session_id is null then
    perform private.refuse('לא נמצא התשלום של המתנה. פנו אלינו ונסדר זאת', 'session_not_found');
  end if;
  update public.memory_books b set gift_status = 'cancelled' where b.id = gift.id;
  if payment.amount_agorot = 0 then
    if payment.coupon_code is not null then
      update public.admin_coupons c set uses_count = greatest(c.uses_count - 1, 0) where c.code = payment.coupon_code;
    end if;
    update public.payment_sessions s set status = 'refunded' where s.stripe_session_id = payment.stripe_session_id;
    return jsonb_build_object('refund_due', false, 'session_id', payment.stripe_session_id, 'amount', 0);
  end if;
  return private.claim_gift_refund(payment);
end
$$;

revoke execute on function public.cancel_gift_as(uuid, uuid) from public, anon, authenticated;
grant execute on function public.cancel_gift_as(uuid, uuid) to service_role;

-- Service role only (cancel-gift): the provider refunded the cancelled gift's payment.
create or replace function public.record_gift_refund(session_id text, refund text) returns boolean
language sql volatile security definer set search_path = '' as $$
  update public.payment_sessions s
     set status = 'refunded', refund_id = refund, refunded_at = now()
   where s.stripe_session_id = record_gift_refund.session_id and s.status = 'paid'
  returning true
$$;

revoke execute on function public.record_gift_refund(text, text) from public, anon, authenticated;
grant execute on function public.record_gift_refund(text, text) to service_role;

-- Service role only (cancel-gift): the provider refused the refund, so the next cancel may try again.
create or replace function public.release_gift_refund(session_id text) returns void
language sql volatile security definer set search_path = '' as $$
  update public.payment_sessions s set refund_started_at = null
   where s.stripe_session_id = release_gift_refund.session_id and s.status = 'paid'
$$;

revoke execute on function public.release_gift_refund(text) from public, anon, authenticated;
grant execute on function public.release_gift_refund(text) to service_role;
