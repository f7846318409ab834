-- PayPlus as PayPlus answers: a refund is never sent twice, and a payment page is never offered
-- again when it is about to expire.
--
-- Before: a refund whose call timed out released its claim, so the next cancel sent a second
-- refund (PayPlus's more_info is free text, not an idempotency key). An open checkout was offered
-- again for 30 minutes, as long as PayPlus keeps a page by default, so a reused page could expire
-- in the buyer's hands.
--
-- Now a refund without an answer marks the payment refund_unknown_since and keeps its claim; the
-- next cancel is told refund_unknown and asks PayPlus (PaymentPages/ipn by more_info) before any
-- resend; the platform admin sees PAYMENT_REFUND_UNKNOWN in the log. A recorded or refused refund
-- clears the mark. Pages are generated with expiry_datetime 30 and offered again for 25 minutes.

alter table public.payment_sessions add column refund_unknown_since timestamptz;
comment on column public.payment_sessions.refund_unknown_since is 'Since when a refund sent to the provider has an unknown outcome (no answer came); null once known.';

create or replace function public.open_checkout(
  session_id text,
  provider text,
  checkout_url text,
  buyer uuid,
  buyer_email text,
  plan text,
  recipient text,
  amount integer,
  currency text,
  provider_checkout_id text default null,
  book uuid default null,
  coupon text default null
) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  open_one public.payment_sessions;
  held public.admin_coupons;
  refusal text;
begin
  perform pg_advisory_xact_lock(hashtextextended('open_checkout:' || buyer::text, 0));
  select * into open_one from public.payment_sessions s
   where s.user_id = buyer and s.status = 'created' and s.checkout_url is not null
     and s.plan_type = plan and s.recipient_type = recipient and s.book_id is not distinct from book
     and s.coupon_code is not distinct from coupon and s.amount_agorot = amount
     and s.created_at > now() - interval '25 minutes'
   order by s.created_at desc limit 1;
  if found then
    return jsonb_build_object('outcome', 'reused', 'session_id', open_one.stripe_session_id, 'url', open_one.checkout_url);
  end if;
  if coupon is not null then
    select * into held from public.admin_coupons c where c.code = upper(btrim(coupon)) for update;
    refusal := private.coupon_refusal(held, plan);
    if refusal is not null then
      return jsonb_build_object('outcome', 'coupon_refused', 'reason', refusal);
    end if;
  end if;
  insert into public.payment_sessions (
    stripe_session_id, provider, provider_checkout_id, checkout_url, user_id, email, plan_type, recipient_type,
    book_id, amount_agorot, currency, coupon_code, status
  ) values (
    session_id, provider, provider_checkout_id, checkout_url, buyer, lower(buyer_email), plan, recipient,
    book, amount, currency, coupon, 'created'
  );
  return jsonb_build_object('outcome', 'opened');
end
$$;

create or replace function public.open_checkout_of(
  buyer uuid, plan text, recipient text, book uuid default null, coupon text default null
) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('session_id', s.stripe_session_id, 'url', s.checkout_url, 'amount', s.amount_agorot)
    from public.payment_sessions s
   where s.user_id = buyer and s.status = 'created' and s.checkout_url is not null
     and s.plan_type = plan and s.recipient_type = recipient and s.book_id is not distinct from book
     and s.coupon_code is not distinct from upper(btrim(coupon))
     and s.created_at > now() - interval '25 minutes'
   order by s.created_at desc limit 1
$$;

create or replace function private.claim_gift_refund(payment public.payment_sessions) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
begin
  if payment.refund_started_at is not null and payment.refund_started_at > now() - interval '2 minutes' then
    perform private.refuse('ההחזר הכספי כבר בטיפול. הוא יופיע ברשימת הרכישות בעוד רגע', 'refund_in_progress');
  end if;
  update public.payment_sessions s set refund_started_at = now() where s.stripe_session_id = payment.stripe_session_id;
  return jsonb_build_object(
    'refund_due', true, 'session_id', payment.stripe_session_id, 'amount', payment.amount_agorot,
    'currency', payment.currency, 'provider', payment.provider, 'transaction_id', payment.transaction_id,
    'refund_unknown', payment.refund_unknown_since is not null
  );
end
$$;

create or replace function public.record_gift_refund(session_id text, refund text) returns boolean
language sql volatile security definer set search_path = '' as $$
  update public.payment_sessions s
     set status = 'refunded', refund_id = refund, refunded_at = now(), refund_unknown_since = null
   where s.stripe_session_id = record_gift_refund.session_id and s.status = 'paid'
  returning true
$$;

create or replace function public.release_gift_refund(session_id text) returns void
language sql volatile security definer set search_path = '' as $$
  update public.payment_sessions s set refund_started_at = null, refund_unknown_since = null
   where s.stripe_session_id = release_gift_refund.session_id and s.status = 'paid'
$$;

create function public.mark_gift_refund_unknown(session_id text, reason text) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  payment public.payment_sessions;
begin
  update public.payment_sessions s set refund_unknown_since = coalesce(s.refund_unknown_since, now())
   where s.stripe_session_id = mark_gift_refund_unknown.session_id and s.status = 'paid'
  returning * into payment;
  if found then
    insert into public.admin_logs (action, target_user, details)
    values ('PAYMENT_REFUND_UNKNOWN', payment.email,
            jsonb_build_object('session', payment.stripe_session_id, 'provider', payment.provider,
                               'transaction', payment.transaction_id, 'amount', payment.amount_agorot,
                               'reason', left(reason, 300)));
  end if;
end
$$;
revoke execute on function public.mark_gift_refund_unknown(session_id text, reason text) from public;
grant execute on function public.mark_gift_refund_unknown(session_id text, reason text) to service_role;
