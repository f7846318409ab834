-- Checkout: the one price table (DECISIONS.md "Prices are decided on the server only"), and the
-- two steps of the payment functions that must each happen in one transaction: redeeming a 100%
-- coupon together with recording its free session, and recording a paid checkout session together
-- with redeeming the coupon it was bought with.

-- ---------------------------------------------------------------- plan prices
-- The only place prices live. The edge functions compute every amount from it; the app reads it
-- to show prices. `is_offered` = shown in the plan picker (basic, pro); every row can be bought
-- (full is reached by ?plan=full and by upgrade).
create table public.plan_prices (
  plan_type text primary key check (plan_type in ('basic', 'pro', 'full')),
  price_agorot integer not null check (price_agorot > 0),
  original_price_agorot integer check (original_price_agorot is null or original_price_agorot >= price_agorot),
  currency text not null default 'ils' check (currency ~ '^[a-z]{3}$'),
  is_offered boolean not null default true,
  updated_at timestamptz not null default now()
);
comment on table public.plan_prices is 'Price of each plan in agorot; written by the service role only.';

alter table public.plan_prices enable row level security;

-- Anyone reads the prices (plan picker, payment page); only the service role writes them.
create policy "anyone reads plan prices" on public.plan_prices
  for select to anon, authenticated
  using (true);

insert into public.plan_prices (plan_type, price_agorot, original_price_agorot, currency, is_offered) values
  ('basic', 9900, 14900, 'ils', true),
  ('pro', 14900, 19900, 'ils', true),
  ('full', 19900, 24900, 'ils', false)
on conflict (plan_type) do nothing;

-- ---------------------------------------------------------------- free coupon sessions
-- Service role only (apply-coupon): redeems one use of a coupon that makes the plan free and
-- records the paid session `session_id` (free_coupon_<uuid>) for the buyer in the same
-- transaction. The caller computed "free" from the coupon it validated; if the coupon changed in
-- between (another type or value), the redemption is rolled back (SQLSTATE P0001, hint
-- coupon_changed). An unusable coupon returns valid=false with the reason and writes nothing.
create or replace function public.redeem_coupon_for_free_session(
  coupon_code text,
  plan text,
  session_id text,
  buyer uuid,
  buyer_email text,
  recipient text,
  expected_discount_type text,
  expected_value numeric
) returns public.coupon_check
language plpgsql volatile security definer set search_path = '' as $$
declare
  redeemed public.coupon_check;
begin
  redeemed := public.redeem_coupon(coupon_code, plan);
  if not redeemed.valid then
    return redeemed;
  end if;
  if redeemed.discount_type is distinct from expected_discount_type or redeemed.value is distinct from expected_value then
    perform private.refuse('הקופון השתנה, נסו שוב', 'coupon_changed');
  end if;
  insert into public.payment_sessions (
    stripe_session_id, user_id, email, plan_type, recipient_type, amount_agorot, currency, coupon_code, status, paid_at
  ) values (
    session_id, buyer, lower(buyer_email), plan, recipient, 0,
    (select p.currency from public.plan_prices p where p.plan_type = plan), redeemed.code, 'paid', now()
  );
  return redeemed;
end
$$;

revoke execute on function public.redeem_coupon_for_free_session(text, text, text, uuid, text, text, text, numeric)
  from public, anon, authenticated;
grant execute on function public.redeem_coupon_for_free_session(text, text, text, uuid, text, text, text, numeric)
  to service_role;

-- ---------------------------------------------------------------- paid checkout sessions
-- Service role only (stripe-webhook, and create-memory-book when it confirms a payment with the
-- payment provider itself): records that a checkout session was paid. Idempotent: only a session
-- still 'created' changes, so a replayed event returns already_recorded and changes nothing. The
-- amount and currency must be the ones the session was created with. The coupon the session was
-- bought with is redeemed now (abandoned checkouts use nothing); if it was used up meanwhile, the
-- payment still stands and a COUPON_REDEEMED_PAST_LIMIT row goes to admin_logs.
-- Returns recorded | already_recorded | unknown_session | amount_mismatch | not_open.
create or replace function public.record_checkout_payment(session_id text, amount_paid integer, paid_currency text)
returns text
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
  if checkout.status <> 'created' then
    return 'not_open';
  end if;
  if amount_paid is distinct from checkout.amount_agorot or lower(paid_currency) is distinct from checkout.currency then
    update public.payment_sessions s set status = 'failed' where s.stripe_session_id = session_id;
    insert into public.admin_logs (action, target_user, details)
    values ('SECURITY_PAYMENT_AMOUNT_MISMATCH', checkout.email,
            jsonb_build_object('session', session_id, 'expected', checkout.amount_agorot, 'paid', amount_paid,
                               'currency', paid_currency));
    return 'amount_mismatch';
  end if;
  update public.payment_sessions s set status = 'paid', paid_at = now() where s.stripe_session_id = session_id;
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

revoke execute on function public.record_checkout_payment(text, integer, text) from public, anon, authenticated;
grant execute on function public.record_checkout_payment(text, integer, text) to service_role;
