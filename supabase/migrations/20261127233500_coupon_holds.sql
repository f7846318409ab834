-- A coupon limited to N uses is never sold at a discount more than N times, even from two tabs:
-- a checkout holds one use of its coupon from the moment it is opened (open_checkout) until it is
-- paid (the use is confirmed: uses_count), fails or expires (the hold is released), or an hour has
-- passed (a checkout lives no longer: the functions open provider checkouts that expire within the
-- hour). A coupon is used up when its uses and its holds reach max_uses. The same buyer opening the
-- same purchase again within half an hour gets the checkout already open (a double click, a second
-- tab, the back button), so one purchase is one checkout.

alter table public.payment_sessions
  add column checkout_url text,
  add column book_id uuid;

comment on column public.payment_sessions.checkout_url is 'The provider''s hosted page of an open checkout, offered again to the same buyer.';
comment on column public.payment_sessions.book_id is 'The buyer''s existing book the checkout pays for (an unpaid book or an upgrade).';

create index payment_sessions_book_id_idx on public.payment_sessions (book_id);
create index payment_sessions_coupon_open_idx on public.payment_sessions (coupon_code, created_at)
  where status = 'created' and coupon_code is not null;

-- How many uses of `code` open checkouts hold now, other than checkout `except_session`'s.
create or replace function private.coupon_holds(code text, except_session text default null) returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer from public.payment_sessions s
   where s.coupon_code = upper(btrim(code)) and s.status = 'created'
     and s.created_at > now() - interval '1 hour'
     and s.stripe_session_id is distinct from except_session
$$;

revoke execute on function private.coupon_holds(text, text) from public, anon, authenticated;

-- Why a coupon cannot be used for `plan` now (Hebrew), or null when it can: held uses count as used.
create or replace function private.coupon_refusal(coupon public.admin_coupons, plan text) returns text
language sql stable set search_path = '' as $$
  select case
    when coupon.id is null or not coupon.is_active then 'קופון לא נמצא או לא תקף'
    when coupon.expires_at is not null and coupon.expires_at <= now() then 'תוקף הקופון פג'
    when coupon.max_uses is not null and coupon.uses_count + private.coupon_holds(coupon.code) >= coupon.max_uses
      then 'הקופון נוצל במלואו'
    when coupon.target_plan is not null and coupon.target_plan is distinct from plan then 'הקופון אינו תקף לחבילה שנבחרה'
  end
$$;

-- Service role only: uses one redemption of the coupon for this plan, leaving room for the uses
-- other open checkouts hold (`holder`, the checkout being paid, holds none of them). One UPDATE
-- checks every condition, so of two concurrent redemptions of the last use exactly one wins.
create or replace function public.redeem_coupon(code text, plan text, holder text default null)
returns public.coupon_check
language plpgsql volatile security definer set search_path = '' as $$
declare
  normalized constant text := upper(btrim(coalesce(code, '')));
  coupon public.admin_coupons;
  refusal public.coupon_check;
begin
  update public.admin_coupons c
     set uses_count = c.uses_count + 1
   where c.code = normalized
     and c.is_active
     and (c.expires_at is null or c.expires_at > now())
     and (c.max_uses is null or c.uses_count + private.coupon_holds(c.code, holder) < c.max_uses)
     and (c.target_plan is null or c.target_plan = plan)
  returning * into coupon;
  if found then
    return row(true, coupon.code, coupon.discount_type, coupon.value, null)::public.coupon_check;
  end if;
  refusal := public.validate_coupon(code, plan);
  refusal.valid := false;
  refusal.reason := coalesce(refusal.reason, 'קופון לא נמצא או לא תקף');
  return refusal;
end
$$;

drop function public.redeem_coupon(text, text);
revoke execute on function public.redeem_coupon(text, text, text) from public, anon, authenticated;
grant execute on function public.redeem_coupon(text, text, text) to service_role;

-- ---------------------------------------------------------------- opening a checkout
-- Service role only (create-checkout-session, after the provider made the checkout): records the
-- checkout and holds its coupon's use, in one transaction that waits for the buyer's other
-- checkouts and the coupon's other holders. Answers {outcome: 'opened'}; {outcome: 'reused',
-- session_id, url} when the buyer already has the same purchase open (the new provider checkout is
-- then abandoned by the caller); {outcome: 'coupon_refused', reason} when the coupon cannot be
-- held any more (used up by uses and holds, expired, inactive).
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
     and s.created_at > now() - interval '30 minutes'
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

revoke execute on function public.open_checkout(text, text, text, uuid, text, text, text, integer, text, text, uuid, text)
  from public, anon, authenticated;
grant execute on function public.open_checkout(text, text, text, uuid, text, text, text, integer, text, text, uuid, text)
  to service_role;

-- The open checkout the buyer would be given again, if any, with its amount (create-checkout-session
-- asks first: the buyer's own open checkout holds the coupon, so the coupon alone would now be
-- refused to them). Service role only.
create or replace function public.open_checkout_of(
  buyer uuid, plan text, recipient text, book uuid default null, coupon text default null
) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('session_id', s.stripe_session_id, 'url', s.checkout_url, 'amount', s.amount_agorot)
    from public.payment_sessions s
   where s.user_id = buyer and s.status = 'created' and s.checkout_url is not null
     and s.plan_type = plan and s.recipient_type = recipient and s.book_id is not distinct from book
     and s.coupon_code is not distinct from upper(btrim(coupon))
     and s.created_at > now() - interval '30 minutes'
   order by s.created_at desc limit 1
$$;

revoke execute on function public.open_checkout_of(uuid, text, text, uuid, text) from public, anon, authenticated;
grant execute on function public.open_checkout_of(uuid, text, text, uuid, text) to service_role;

-- ---------------------------------------------------------------- confirming the use on payment
-- As before (20261127233000), except that the coupon's use is confirmed against the other holders.
create or replace function public.record_checkout_payment(
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
  if checkout.coupon_code is not null then
    redeemed := public.redeem_coupon(checkout.coupon_code, checkout.plan_type, checkout.stripe_session_id);
    if not redeemed.valid then
      insert into public.admin_logs (action, target_user, details)
      values ('COUPON_REDEEMED_PAST_LIMIT', checkout.email,
              jsonb_build_object('session', session_id, 'coupon', checkout.coupon_code, 'reason', redeemed.reason));
    end if;
  end if;
  update public.payment_sessions s
     set status = 'paid', paid_at = now(), checkout_url = null, transaction_id = coalesce(transaction, s.transaction_id),
         payment_method = coalesce(method, s.payment_method), card_last4 = coalesce(last4, s.card_last4),
         tax_document_url = coalesce(tax_document, s.tax_document_url)
   where s.stripe_session_id = session_id;
  return 'recorded';
end
$$;
