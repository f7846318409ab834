-- Payments: the plan price list and the checkout sessions the payment functions open and record
-- (PayPlus or Stripe); a paid session creates or upgrades exactly one book.
--
-- The database as it stands (supabase/schemas): a change is written here and in a new migration;
-- tests/schema keeps the two equal.

-- Functions may read tables of later files: see 00-extensions-and-roles.sql.
set check_function_bodies = off;

-- ================================================================ tables

-- Checkout sessions the payment functions created and processed (service role only), so a paid
-- session creates or upgrades exactly one book.
create table public.payment_sessions (
  session_id text primary key,
  user_id uuid references auth.users (id) on delete set null,
  email text,
  plan_type text not null check (plan_type in ('basic', 'pro', 'full')),
  recipient_type text not null check (recipient_type in ('for_me', 'gift')),
  amount_agorot integer not null check (amount_agorot >= 0),
  currency text not null default 'ils',
  coupon_code text,
  status text not null default 'created' check (status in ('created', 'paid', 'expired', 'refunded', 'failed')),
  used_by_book uuid references public.memory_books (id) on delete set null,
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  refund_id text,
  used_at timestamptz,
  -- The provider's record of the payment (PayPlus or Stripe).
  provider text check (provider in ('payplus', 'stripe', 'free')),
  provider_checkout_id text,
  transaction_id text,
  payment_method text check (payment_method in ('card', 'bit', 'apple_pay', 'google_pay', 'other')),
  card_last4 text check (card_last4 ~ '^[0-9]{4}$'),
  tax_document_url text check (tax_document_url ~ '^https?://'),
  refund_started_at timestamptz,
  refunded_at timestamptz,
  -- The provider's payment page, while the checkout is open, and the book it upgrades.
  checkout_url text,
  book_id uuid,
  -- A refund sent to the provider that never answered: it may have been made, so it is not sent
  -- again before the provider is asked (reconciled by the next cancel; shown to the platform admin).
  refund_unknown_since timestamptz
);
alter table public.payment_sessions enable row level security;
comment on column public.payment_sessions.session_id is 'The checkout''s id, whoever took the payment: a Stripe checkout session (cs_…), a PayPlus order id (pp_…) or a free checkout''s free_coupon_….';
comment on column public.payment_sessions.provider is 'Who took the payment: payplus, stripe, or free (a 100% coupon: no money moved, no provider holds it).';
comment on column public.payment_sessions.provider_checkout_id is 'The provider''s own id of the checkout (PayPlus page_request_uid).';
comment on column public.payment_sessions.transaction_id is 'The provider''s transaction (PayPlus transaction uid, Stripe payment intent).';
comment on column public.payment_sessions.checkout_url is 'The provider''s hosted page of an open checkout, offered again to the same buyer.';
comment on column public.payment_sessions.refund_unknown_since is 'Since when a refund sent to the provider has an unknown outcome (no answer came); null once known.';
comment on column public.payment_sessions.book_id is 'The buyer''s existing book the checkout pays for (an unpaid book or an upgrade).';
grant select on table public.payment_sessions to authenticated;
grant select, insert, update on table public.payment_sessions to service_role;

create index payment_sessions_user_idx on public.payment_sessions (user_id);
create index payment_sessions_book_idx on public.payment_sessions (used_by_book);

-- One transaction pays one order: a callback about a transaction already recorded elsewhere is refused.
create unique index payment_sessions_transaction_key on public.payment_sessions (provider, transaction_id)
  where transaction_id is not null;
create index payment_sessions_book_id_idx on public.payment_sessions (book_id);
create index payment_sessions_coupon_open_idx on public.payment_sessions (coupon_code, created_at)
  where status = 'created' and coupon_code is not null;

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
alter table public.plan_prices enable row level security;
comment on table public.plan_prices is 'Price of each plan in agorot; written by the service role only.';
grant select on table public.plan_prices to anon, authenticated, service_role;

-- ================================================================ functions

-- Service role only (create-checkout-session, after the provider made the checkout): records the
-- checkout and holds its coupon's use, in one transaction that waits for the buyer's other
-- checkouts and the coupon's other holders. An open checkout is offered again for 25 minutes: the
-- provider's page lives 30 (PayPlus expiry_datetime), so a buyer never gets a page about to expire. Answers {outcome: 'opened'}; {outcome: 'reused',
-- session_id, url} when the buyer already has the same purchase open (the new provider checkout is
-- then abandoned by the caller); {outcome: 'coupon_refused', reason} when the coupon cannot be
-- held any more (used up by uses and holds, expired, inactive).
create function public.open_checkout(
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
    return jsonb_build_object('outcome', 'reused', 'session_id', open_one.session_id, 'url', open_one.checkout_url);
  end if;
  if coupon is not null then
    select * into held from public.admin_coupons c where c.code = upper(btrim(coupon)) for update;
    refusal := private.coupon_refusal(held, plan);
    if refusal is not null then
      return jsonb_build_object('outcome', 'coupon_refused', 'reason', refusal);
    end if;
  end if;
  insert into public.payment_sessions (
    session_id, provider, provider_checkout_id, checkout_url, user_id, email, plan_type, recipient_type,
    book_id, amount_agorot, currency, coupon_code, status
  ) values (
    session_id, provider, provider_checkout_id, checkout_url, buyer, lower(buyer_email), plan, recipient,
    book, amount, currency, coupon, 'created'
  );
  return jsonb_build_object('outcome', 'opened');
end
$$;
revoke execute on function public.open_checkout(session_id text, provider text, checkout_url text, buyer uuid, buyer_email text, plan text, recipient text, amount integer, currency text, provider_checkout_id text, book uuid, coupon text) from public;
grant execute on function public.open_checkout(session_id text, provider text, checkout_url text, buyer uuid, buyer_email text, plan text, recipient text, amount integer, currency text, provider_checkout_id text, book uuid, coupon text) to service_role;

-- The open checkout the buyer would be given again, if any, with its amount (create-checkout-session
-- asks first: the buyer's own open checkout holds the coupon, so the coupon alone would now be
-- refused to them). Service role only.
create function public.open_checkout_of(
  buyer uuid, plan text, recipient text, book uuid default null, coupon text default null
) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('session_id', s.session_id, 'url', s.checkout_url, 'amount', s.amount_agorot)
    from public.payment_sessions s
   where s.user_id = buyer and s.status = 'created' and s.checkout_url is not null
     and s.plan_type = plan and s.recipient_type = recipient and s.book_id is not distinct from book
     and s.coupon_code is not distinct from upper(btrim(coupon))
     and s.created_at > now() - interval '25 minutes'
   order by s.created_at desc limit 1
$$;
revoke execute on function public.open_checkout_of(buyer uuid, plan text, recipient text, book uuid, coupon text) from public;
grant execute on function public.open_checkout_of(buyer uuid, plan text, recipient text, book uuid, coupon text) to service_role;

-- Service role only (payment-callback, and the functions that ask the provider itself when its
-- callback is late): records that a checkout was paid. Idempotent: a paid checkout answers
-- already_recorded and changes nothing. A declined (failed) or expired checkout may still be paid
-- afterwards on the provider's page, so those are recorded too. The provider's transaction may pay
-- one checkout only (else transaction_reused, logged). The amount and currency must be the
-- checkout's (else the checkout fails: amount_mismatch, logged). The coupon the checkout holds is
-- redeemed for it, counted against the other holders; if it was used up meanwhile, the payment
-- still stands and a COUPON_REDEEMED_PAST_LIMIT row goes to admin_logs.
-- Returns recorded | already_recorded | unknown_session | amount_mismatch | transaction_reused | not_open.
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
  select * into checkout from public.payment_sessions s where s.session_id = record_checkout_payment.session_id for update;
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
       and s.session_id <> checkout.session_id
  ) then
    insert into public.admin_logs (action, target_user, details)
    values ('SECURITY_PAYMENT_TRANSACTION_REUSED', checkout.email,
            jsonb_build_object('session', session_id, 'transaction', transaction));
    return 'transaction_reused';
  end if;
  if amount_paid is distinct from checkout.amount_agorot or lower(paid_currency) is distinct from checkout.currency then
    update public.payment_sessions s set status = 'failed' where s.session_id = record_checkout_payment.session_id;
    insert into public.admin_logs (action, target_user, details)
    values ('SECURITY_PAYMENT_AMOUNT_MISMATCH', checkout.email,
            jsonb_build_object('session', session_id, 'expected', checkout.amount_agorot, 'paid', amount_paid,
                               'currency', paid_currency));
    return 'amount_mismatch';
  end if;
  if checkout.coupon_code is not null then
    redeemed := public.redeem_coupon(checkout.coupon_code, checkout.plan_type, checkout.session_id);
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
   where s.session_id = record_checkout_payment.session_id;
  return 'recorded';
end
$$;
revoke execute on function public.record_checkout_payment(session_id text, amount_paid integer, paid_currency text, transaction text, method text, last4 text, tax_document text) from public;
grant execute on function public.record_checkout_payment(session_id text, amount_paid integer, paid_currency text, transaction text, method text, last4 text, tax_document text) to service_role;

-- ================================================================ policies

-- Anyone reads the prices (plan picker, payment page); only the service role writes them.
create policy "anyone reads plan prices" on public.plan_prices
  for select to anon, authenticated
  using (true);

-- Each user their own payment sessions; a platform admin all.
create policy "users and platform admins read payment sessions" on public.payment_sessions
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_platform_admin()));

-- ================================================================ data

insert into public.plan_prices (plan_type, price_agorot, original_price_agorot, currency, is_offered) values
  ('basic', 9900, 14900, 'ils', true),
  ('pro', 14900, 19900, 'ils', true),
  ('full', 19900, 24900, 'ils', false)
on conflict (plan_type) do nothing;
