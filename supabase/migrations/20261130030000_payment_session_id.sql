-- A payment session's id has one name, whoever took the payment: payment_sessions.session_id (and
-- memory_books.session_id, the session that paid for a book), as every function, answer and link
-- already calls it. A free checkout (a 100% coupon) is marked provider 'free' instead of being
-- recognised by its id's prefix. create-gift's legacy mode (an unpaid book by its id) and my_gift's
-- lookup by book are gone: every gift is made and found by its payment session (and a gift book
-- no longer writes the write-only completion_status and gift_activated).

alter table public.payment_sessions rename column stripe_session_id to session_id;
alter table public.memory_books rename column stripe_session_id to session_id;
alter table public.memory_books rename constraint memory_books_stripe_session_id_key to memory_books_session_id_key;
-- PostgreSQL 18 names a NOT NULL constraint after its column (earlier versions keep none).
do $rename$
begin
  if exists (select 1 from pg_constraint c
              where c.conrelid = 'public.payment_sessions'::regclass
                and c.conname = 'payment_sessions_stripe_session_id_not_null') then
    alter table public.payment_sessions
      rename constraint payment_sessions_stripe_session_id_not_null to payment_sessions_session_id_not_null;
  end if;
end
$rename$;
comment on column public.payment_sessions.session_id is 'The checkout''s id, whoever took the payment: a Stripe checkout session (cs_…), a PayPlus order id (pp_…) or a free checkout''s free_coupon_….';

alter table public.payment_sessions drop constraint payment_sessions_provider_check;
update public.payment_sessions set provider = 'free' where provider is null and amount_agorot = 0;
alter table public.payment_sessions add constraint payment_sessions_provider_check
  check (provider in ('payplus', 'stripe', 'free'));
comment on column public.payment_sessions.provider is 'Who took the payment: payplus, stripe, or free (a 100% coupon: no money moved, no provider holds it).';

drop function public.create_gift_book(buyer uuid, session_id text, legacy_book uuid, recipient_name text, deceased_name text, buyer_name text);

drop function private.my_gift(session_id text, book uuid);

drop function public.my_gift(session_id text, book uuid);

-- Service role only (create-checkout-session, after the provider made the checkout): records the
-- checkout and holds its coupon's use, in one transaction that waits for the buyer's other
-- checkouts and the coupon's other holders. An open checkout is offered again for 25 minutes: the
-- provider's page lives 30 (PayPlus expiry_datetime), so a buyer never gets a page about to expire. Answers {outcome: 'opened'}; {outcome: 'reused',
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

-- The open checkout the buyer would be given again, if any, with its amount (create-checkout-session
-- asks first: the buyer's own open checkout holds the coupon, so the coupon alone would now be
-- refused to them). Service role only.
create or replace function public.open_checkout_of(
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

-- Service role only (payment-callback, and the functions that ask the provider itself when its
-- callback is late): records that a checkout was paid. Idempotent: a paid checkout answers
-- already_recorded and changes nothing. A declined (failed) or expired checkout may still be paid
-- afterwards on the provider's page, so those are recorded too. The provider's transaction may pay
-- one checkout only (else transaction_reused, logged). The amount and currency must be the
-- checkout's (else the checkout fails: amount_mismatch, logged). The coupon the checkout holds is
-- redeemed for it, counted against the other holders; if it was used up meanwhile, the payment
-- still stands and a COUPON_REDEEMED_PAST_LIMIT row goes to admin_logs.
-- Returns recorded | already_recorded | unknown_session | amount_mismatch | transaction_reused | not_open.
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

-- Service role only (apply-coupon): redeems one use of a coupon that makes the plan free and
-- records the paid session `session_id` (free_coupon_<uuid>, provider free) for the buyer in the
-- same transaction. The caller computed "free" from the coupon it validated; if the coupon changed in
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
    session_id, provider, user_id, email, plan_type, recipient_type, amount_agorot, currency, coupon_code, status, paid_at
  ) values (
    session_id, 'free', buyer, lower(buyer_email), plan, recipient, 0,
    (select p.currency from public.plan_prices p where p.plan_type = plan), redeemed.code, 'paid', now()
  );
  return redeemed;
end
$$;

-- Service role only (create-gift): turns the buyer's paid, unused gift session (a checkout or a
-- redeemed 100% coupon) into a pending gift book with a new code. A session already used answers
-- its gift (existing=true), so a repeated call creates nothing. Refusals raise P0001 with a hint.
create function public.create_gift_book(
  buyer uuid,
  session_id text,
  recipient_name text,
  deceased_name text,
  buyer_name text
) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  payment public.payment_sessions;
  gift public.memory_books;
  recipient constant text := btrim(coalesce(recipient_name, ''));
  deceased constant text := btrim(coalesce(deceased_name, ''));
begin
  if session_id is null then
    perform private.refuse('חסר מזהה תשלום', 'session_id_required');
  end if;
  select * into payment from public.payment_sessions s where s.session_id = create_gift_book.session_id for update;
  if not found then
    perform private.refuse('לא נמצא תשלום מתאים. אם שילמת, פנו אלינו ונסדר זאת', 'session_not_found');
  end if;
  if payment.user_id is distinct from buyer then
    perform private.refuse('התשלום הזה שייך למשתמש אחר', 'session_not_owned');
  end if;
  if payment.recipient_type <> 'gift' then
    perform private.refuse('התשלום הזה נועד לספר עבורך ולא למתנה', 'session_not_gift');
  end if;
  if payment.used_by_book is not null then
    select * into gift from public.memory_books b where b.id = payment.used_by_book;
    return private.gift_summary(gift, true);
  end if;
  if payment.status <> 'paid' then
    perform private.refuse('התשלום טרם הושלם', 'payment_not_completed');
  end if;

  if recipient = '' or deceased = '' then
    perform private.refuse('אנא מלא את כל השדות', 'required_fields');
  end if;
  if char_length(recipient) > 200 or char_length(deceased) > 200 then
    perform private.refuse('השם יכול להכיל עד 200 תווים', 'name_too_long');
  end if;

  insert into public.memory_books (
    full_name, purchaser_name, purchaser_user_id, plan_type, payment_status,
    session_id, gift_code, gift_status, gift_recipient_name
  ) values (
    deceased, nullif(btrim(coalesce(buyer_name, '')), ''), buyer, payment.plan_type, 'paid',
    payment.session_id, private.new_gift_code(), 'pending', recipient
  ) returning * into gift;
  update public.payment_sessions s set used_by_book = gift.id where s.session_id = payment.session_id;
  return private.gift_summary(gift, false);
end
$$;
revoke execute on function public.create_gift_book(buyer uuid, session_id text, recipient_name text, deceased_name text, buyer_name text) from public;
grant execute on function public.create_gift_book(buyer uuid, session_id text, recipient_name text, deceased_name text, buyer_name text) to service_role;

-- A signed-in purchaser reads the gift bought with this payment session: the
-- fields the purchaser's screens show, never the family code or the recipient's e-mail. Null
-- when there is no such gift of the caller.
create function private.my_gift(session_id text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select private.gift_summary(b, true) || jsonb_build_object('gift_purchased_at', b.gift_purchased_at)
    from public.memory_books b
   where auth.uid() is not null
     and b.purchaser_user_id = auth.uid()
     and b.gift_code is not null
     and b.session_id = my_gift.session_id
   limit 1
$$;
revoke execute on function private.my_gift(session_id text) from public;
grant execute on function private.my_gift(session_id text) to authenticated, service_role;
comment on function private.my_gift(session_id text) is
  'SECURITY DEFINER: a gift''s purchaser sees its summary (state, code while theirs to pass on) though the book row is the recipient''s; only gifts the caller bought.';

-- Service role only (cancel-gift): cancels the purchaser's pending gift within 14 days (one row
-- lock decides). A paid gift answers refund_due with what the provider needs, and claims the
-- refund (refund_started_at): a second cancel while the first is refunding is refused
-- (refund_in_progress), so the provider is asked to refund once. A claim older than two minutes
-- belongs to a cancel that was interrupted or whose refund has an unknown outcome, and may be taken
-- again; refund_unknown tells the function to ask the provider what became of the earlier refund
-- before sending one. The function releases its claim itself when the provider refused. A
-- free-coupon gift gets its coupon use back.
create or replace function private.claim_gift_refund(payment public.payment_sessions) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
begin
  if payment.refund_started_at is not null and payment.refund_started_at > now() - interval '2 minutes' then
    perform private.refuse('ההחזר הכספי כבר בטיפול. הוא יופיע ברשימת הרכישות בעוד רגע', 'refund_in_progress');
  end if;
  update public.payment_sessions s set refund_started_at = now() where s.session_id = payment.session_id;
  return jsonb_build_object(
    'refund_due', true, 'session_id', payment.session_id, 'amount', payment.amount_agorot,
    'currency', payment.currency, 'provider', payment.provider, 'transaction_id', payment.transaction_id,
    'refund_unknown', payment.refund_unknown_since is not null
  );
end
$$;

-- Service role only (cancel-gift, for the signed-in purchaser): cancels a pending gift within 14
-- days of its purchase and claims its refund (claim_gift_refund); the edge function then refunds
-- through the provider. A gift already cancelled whose refund did not finish is claimed again.
-- Refuses: gift_not_found (not this purchaser's gift), gift_already_cancelled, gift_already_claimed,
-- gift_not_pending, refund_window_passed.
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
   where s.used_by_book = gift.id or s.session_id = gift.session_id
   order by s.created_at limit 1 for update;
  if gift.gift_status = 'cancelled' then
    if payment.session_id is not null and payment.status = 'paid' and payment.amount_agorot > 0 then
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
  if payment.session_id is null then
    perform private.refuse('לא נמצא התשלום של המתנה. פנו אלינו ונסדר זאת', 'session_not_found');
  end if;
  update public.memory_books b set gift_status = 'cancelled' where b.id = gift.id;
  if payment.amount_agorot = 0 then
    if payment.coupon_code is not null then
      update public.admin_coupons c set uses_count = greatest(c.uses_count - 1, 0) where c.code = payment.coupon_code;
    end if;
    update public.payment_sessions s set status = 'refunded' where s.session_id = payment.session_id;
    return jsonb_build_object('refund_due', false, 'session_id', payment.session_id, 'amount', 0);
  end if;
  return private.claim_gift_refund(payment);
end
$$;

-- Service role only (cancel-gift): the provider refunded the cancelled gift's payment.
create or replace function public.record_gift_refund(session_id text, refund text) returns boolean
language sql volatile security definer set search_path = '' as $$
  update public.payment_sessions s
     set status = 'refunded', refund_id = refund, refunded_at = now(), refund_unknown_since = null
   where s.session_id = record_gift_refund.session_id and s.status = 'paid'
  returning true
$$;

-- Service role only (cancel-gift): the provider refunded nothing, so the next cancel may try again.
create or replace function public.release_gift_refund(session_id text) returns void
language sql volatile security definer set search_path = '' as $$
  update public.payment_sessions s set refund_started_at = null, refund_unknown_since = null
   where s.session_id = release_gift_refund.session_id and s.status = 'paid'
$$;

-- Service role only (cancel-gift): the provider never answered the refund, so it may have been
-- made. The claim stays (the buyer sees the refund in progress) and the payment is marked
-- refund_unknown_since, which the next cancel reconciles by asking the provider before any resend;
-- the platform admin sees a PAYMENT_REFUND_UNKNOWN row in the log.
create or replace function public.mark_gift_refund_unknown(session_id text, reason text) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  payment public.payment_sessions;
begin
  update public.payment_sessions s set refund_unknown_since = coalesce(s.refund_unknown_since, now())
   where s.session_id = mark_gift_refund_unknown.session_id and s.status = 'paid'
  returning * into payment;
  if found then
    insert into public.admin_logs (action, target_user, details)
    values ('PAYMENT_REFUND_UNKNOWN', payment.email,
            jsonb_build_object('session', payment.session_id, 'provider', payment.provider,
                               'transaction', payment.transaction_id, 'amount', payment.amount_agorot,
                               'reason', left(reason, 300)));
  end if;
end
$$;

-- How many uses of `code` open checkouts hold now, other than checkout `except_session`'s.
create or replace function private.coupon_holds(code text, except_session text default null) returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer from public.payment_sessions s
   where s.coupon_code = upper(btrim(code)) and s.status = 'created'
     and s.created_at > now() - interval '1 hour'
     and s.session_id is distinct from except_session
$$;

-- The Data API's entry point, run as the caller (security invoker): a gift the signed-in caller bought, by its payment session;
-- null without a session. The rule is in private.my_gift.
create function public.my_gift(session_id text)
returns jsonb
language plpgsql stable security invoker set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    return null;
  end if;
  return private.my_gift(session_id);
end
$$;
revoke execute on function public.my_gift(session_id text) from public;
grant execute on function public.my_gift(session_id text) to authenticated, service_role;

