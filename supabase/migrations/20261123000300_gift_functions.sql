-- Gifts end to end: every step that compares a gift code, creates, resends or cancels a gift runs
-- in one service-role-only function, called by an edge function (claim-gift, check-gift-code,
-- create-gift, resend-gift, cancel-gift). The edge function sends no request options of the
-- caller, so a recorded attempt cannot be rolled back by the browser (rollback preference, a
-- singular Accept, a filter on the result). Refusals that must keep an attempt are returned as
-- rows, never raised.

-- ---------------------------------------------------------------- attempts by user or by client
alter table public.gift_claim_attempts alter column user_id drop not null;
alter table public.gift_claim_attempts add column client_ip text check (char_length(client_ip) <= 100);
alter table public.gift_claim_attempts
  add constraint gift_claim_attempts_who check (user_id is not null or client_ip is not null);
create index gift_claim_attempts_ip_idx on public.gift_claim_attempts (client_ip, attempted_at desc)
  where client_ip is not null;


-- ---------------------------------------------------------------- codes replaced by a resend
create table public.replaced_gift_codes (
  gift_code text primary key,
  book_id uuid not null references public.memory_books (id) on delete cascade,
  replaced_at timestamptz not null default now()
);
comment on table public.replaced_gift_codes is 'Gift codes a purchaser replaced by sending a new one; service role only.';
alter table public.replaced_gift_codes enable row level security;
revoke all on public.replaced_gift_codes from public, anon, authenticated;
grant select, insert, delete on public.replaced_gift_codes to service_role;
create index replaced_gift_codes_book_idx on public.replaced_gift_codes (book_id);

-- ---------------------------------------------------------------- refunds
alter table public.payment_sessions add column refund_id text;

-- ---------------------------------------------------------------- the attempt limit
-- Locked while any attempt of this user (or from this client) carries a lock still running.
create or replace function private.gift_code_locked(attempt_user uuid, attempt_ip text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.gift_claim_attempts a
     where a.locks_until > now()
       and ((attempt_user is not null and a.user_id = attempt_user)
         or (attempt_ip is not null and a.client_ip = attempt_ip))
  )
$$;

-- Counts unknown codes since the last lock (at most 15 minutes back), for this user and for this
-- client separately; the 10th locks for 15 minutes and writes SECURITY_GIFT_CLAIM_LOCKOUT.
create or replace function private.record_gift_code_attempt(attempt_user uuid, attempt_ip text, success boolean)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  attempt_id bigint;
  user_failures integer := 0;
  ip_failures integer := 0;
begin
  insert into public.gift_claim_attempts (user_id, client_ip, success)
  values (attempt_user, attempt_ip, success) returning id into attempt_id;
  if success then
    return;
  end if;
  if attempt_user is not null then
    select count(*) into user_failures from public.gift_claim_attempts a
     where a.user_id = attempt_user and not a.success
       and a.attempted_at > greatest(now() - interval '15 minutes',
             (select coalesce(max(l.locks_until), '-infinity'::timestamptz) from public.gift_claim_attempts l
               where l.user_id = attempt_user and l.locks_until is not null));
  end if;
  if attempt_ip is not null then
    select count(*) into ip_failures from public.gift_claim_attempts a
     where a.client_ip = attempt_ip and not a.success
       and a.attempted_at > greatest(now() - interval '15 minutes',
             (select coalesce(max(l.locks_until), '-infinity'::timestamptz) from public.gift_claim_attempts l
               where l.client_ip = attempt_ip and l.locks_until is not null));
  end if;
  if greatest(user_failures, ip_failures) >= 10 then
    update public.gift_claim_attempts set locks_until = now() + interval '15 minutes' where id = attempt_id;
    insert into public.admin_logs (admin_email, action, target_user, details)
    values (null, 'SECURITY_GIFT_CLAIM_LOCKOUT', coalesce(attempt_user::text, attempt_ip),
            jsonb_build_object('failed_attempts', greatest(user_failures, ip_failures), 'client_ip', attempt_ip,
                               'locked_until', now() + interval '15 minutes'));
  end if;
end
$$;

-- ---------------------------------------------------------------- claim
drop function if exists public.claim_gift(text);
drop function if exists private.record_gift_claim_attempt(uuid, boolean);
drop function if exists private.gift_claims_locked_until(uuid);

-- Service role only (claim-gift): `claimer` (a user with a confirmed e-mail) claims a pending,
-- paid, unexpired, unclaimed gift and becomes its owner. The attempt is recorded first; every
-- refusal is a row (ok=false, reason, Hebrew message).
create or replace function public.claim_gift_as(claimer uuid, gift_code text) returns public.book_action_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  normalized constant text := upper(btrim(coalesce(gift_code, '')));
  claimer_email text;
  gift public.memory_books;
begin
  select lower(u.email) into claimer_email from auth.users u
   where u.id = claimer and u.email_confirmed_at is not null;
  if claimer_email is null then
    return row(false, 'login_required', 'נדרשת התחברות', null, null)::public.book_action_result;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('gift_claim:' || claimer::text, 0));
  if private.gift_code_locked(claimer, null) then
    return row(false, 'gift_claim_locked', 'יותר מדי ניסיונות, נסו שוב בעוד מספר דקות', null, null)::public.book_action_result;
  end if;
  select * into gift from public.memory_books b where b.gift_code = normalized for update;
  perform private.record_gift_code_attempt(claimer, null, found);
  if gift.id is null then
    if exists (select 1 from public.replaced_gift_codes r where r.gift_code = normalized) then
      return row(false, 'gift_replaced', 'קוד המתנה הוחלף בקוד חדש. בקשו מהרוכש את הקוד העדכני', null, null)::public.book_action_result;
    end if;
    return row(false, 'gift_not_found', 'נא לבדוק את הקוד שקיבלת שנית', null, null)::public.book_action_result;
  end if;
  if gift.claimed_by_user_id = claimer and gift.gift_status = 'claimed' then
    return row(true, 'already_yours', 'הספר כבר שלך', gift.id, gift.book_id)::public.book_action_result;
  end if;
  if gift.gift_status = 'claimed' or gift.claimed_by_user_id is not null or gift.owner_email is not null then
    return row(false, 'gift_already_claimed', 'קוד המתנה כבר נתבע', null, null)::public.book_action_result;
  end if;
  if gift.gift_status = 'cancelled' then
    return row(false, 'gift_cancelled', 'המתנה בוטלה על ידי הרוכש', null, null)::public.book_action_result;
  end if;
  if gift.gift_status is distinct from 'pending' or not gift.is_paid then
    return row(false, 'gift_not_available', 'קוד המתנה לא זמין לתביעה', null, null)::public.book_action_result;
  end if;
  if gift.gift_code_expires_at is not null and gift.gift_code_expires_at <= now() then
    return row(false, 'gift_expired', 'קוד המתנה פג תוקפו', null, null)::public.book_action_result;
  end if;
  update public.memory_books b
     set owner_email = claimer_email,
         claimed_by_user_id = claimer,
         gift_claimed_at = now(),
         gift_activated = true,
         payment_status = 'paid',
         gift_status = 'claimed'
   where b.id = gift.id;
  return row(true, 'claimed', 'הספר הועבר אליך בהצלחה', gift.id, gift.book_id)::public.book_action_result;
end
$$;

revoke execute on function public.claim_gift_as(uuid, text) from public, anon, authenticated;
grant execute on function public.claim_gift_as(uuid, text) to service_role;

-- ---------------------------------------------------------------- check (gift-mode registration)
drop function if exists public.check_gift_code(text);

-- Service role only (check-gift-code): can this code be claimed now? Answers only a status:
-- ok | not_found | claimed | unavailable | expired | locked. The attempt counts against the
-- client (`client_ip`) and, when known, the user.
create or replace function public.check_gift_code_from(client_ip text, code text, attempt_user uuid default null)
returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  normalized constant text := upper(btrim(coalesce(code, '')));
  ip constant text := nullif(btrim(coalesce(client_ip, '')), '');
  gift public.memory_books;
begin
  if ip is null and attempt_user is null then
    return 'locked';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('gift_check:' || coalesce(ip, attempt_user::text), 0));
  if private.gift_code_locked(attempt_user, ip) then
    return 'locked';
  end if;
  select * into gift from public.memory_books b where b.gift_code = normalized;
  perform private.record_gift_code_attempt(attempt_user, ip, found);
  return case
    when gift.id is null then 'not_found'
    when gift.gift_status = 'claimed' or gift.claimed_by_user_id is not null or gift.owner_email is not null then 'claimed'
    when gift.gift_status is distinct from 'pending' or not gift.is_paid then 'unavailable'
    when gift.gift_code_expires_at is not null and gift.gift_code_expires_at <= now() then 'expired'
    else 'ok'
  end;
end
$$;

revoke execute on function public.check_gift_code_from(text, text, uuid) from public, anon, authenticated;
grant execute on function public.check_gift_code_from(text, text, uuid) to service_role;

-- ---------------------------------------------------------------- create
-- The gift's fields as the purchaser's screens show them.
create or replace function private.gift_summary(gift public.memory_books, existing boolean) returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'existing', existing,
    'id', gift.id,
    'book_id', gift.book_id,
    'gift_code', gift.gift_code,
    'gift_code_expires_at', gift.gift_code_expires_at,
    'gift_recipient_name', gift.gift_recipient_name,
    'full_name', gift.full_name,
    'purchaser_name', gift.purchaser_name,
    'plan_type', gift.plan_type,
    'gift_status', gift.gift_status
  )
$$;

-- Service role only (create-gift): turns the buyer's paid, unused gift session (a checkout or a
-- redeemed 100% coupon) into a pending gift book with a new code, or, for a legacy link, a paid
-- book of the buyer that has no gift code yet. A session already used answers its gift
-- (existing=true), so a repeated call creates nothing. Refusals raise P0001 with a hint.
create or replace function public.create_gift_book(
  buyer uuid,
  session_id text,
  legacy_book uuid,
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
  if session_id is not null then
    select * into payment from public.payment_sessions s where s.stripe_session_id = create_gift_book.session_id for update;
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
  elsif legacy_book is not null then
    select * into gift from public.memory_books b where b.id = legacy_book for update;
    if not found or gift.purchaser_user_id is distinct from buyer then
      perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
    end if;
    if gift.gift_code is not null then
      return private.gift_summary(gift, true);
    end if;
    if not gift.is_paid or gift.owner_email is not null then
      perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
    end if;
  else
    perform private.refuse('חסר מזהה תשלום', 'session_id_required');
  end if;

  if recipient = '' or deceased = '' then
    perform private.refuse('אנא מלא את כל השדות', 'required_fields');
  end if;
  if char_length(recipient) > 200 or char_length(deceased) > 200 then
    perform private.refuse('השם יכול להכיל עד 200 תווים', 'name_too_long');
  end if;

  if legacy_book is not null and session_id is null then
    update public.memory_books b
       set gift_code = private.new_gift_code(),
           gift_status = 'pending',
           gift_recipient_name = recipient,
           full_name = deceased,
           purchaser_name = coalesce(nullif(btrim(buyer_name), ''), b.purchaser_name)
     where b.id = legacy_book
    returning * into gift;
    return private.gift_summary(gift, false);
  end if;

  insert into public.memory_books (
    full_name, purchaser_name, purchaser_user_id, plan_type, payment_status, completion_status,
    stripe_session_id, gift_code, gift_status, gift_recipient_name, gift_activated
  ) values (
    deceased, nullif(btrim(coalesce(buyer_name, '')), ''), buyer, payment.plan_type, 'paid', 'pending',
    payment.stripe_session_id, private.new_gift_code(), 'pending', recipient, false
  ) returning * into gift;
  update public.payment_sessions s set used_by_book = gift.id where s.stripe_session_id = payment.stripe_session_id;
  return private.gift_summary(gift, false);
end
$$;

revoke execute on function public.create_gift_book(uuid, text, uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.create_gift_book(uuid, text, uuid, text, text, text) to service_role;

-- ---------------------------------------------------------------- resend
-- Service role only (resend-gift): the purchaser's pending gift gets a new code valid 30 days;
-- the old code is kept as replaced.
create or replace function public.resend_gift_as(purchaser uuid, gift_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  gift public.memory_books;
begin
  select * into gift from public.memory_books b where b.id = gift_id for update;
  if not found or gift.purchaser_user_id is distinct from purchaser or gift.gift_code is null then
    perform private.refuse('המתנה לא נמצאה', 'gift_not_found');
  end if;
  if gift.gift_status is distinct from 'pending' then
    perform private.refuse('אפשר לשלוח מחדש רק מתנה שעדיין לא נתבעה', 'gift_not_pending');
  end if;
  insert into public.replaced_gift_codes (gift_code, book_id) values (gift.gift_code, gift.id)
  on conflict (gift_code) do nothing;
  update public.memory_books b
     set gift_code = private.new_gift_code(),
         gift_code_expires_at = now() + interval '30 days'
   where b.id = gift.id
  returning * into gift;
  return private.gift_summary(gift, false);
end
$$;

revoke execute on function public.resend_gift_as(uuid, uuid) from public, anon, authenticated;
grant execute on function public.resend_gift_as(uuid, uuid) to service_role;

-- ---------------------------------------------------------------- cancel
-- Service role only (cancel-gift): cancels the purchaser's pending gift within 14 days of its
-- purchase. A free-coupon gift gets its coupon use back and is settled here; a paid one answers
-- refund_due with the checkout session, and the caller records the refund with
-- record_gift_refund(). A cancelled gift whose refund was not recorded yet answers refund_due
-- again, so an interrupted cancel can be finished and the refund is issued once.
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
      return jsonb_build_object('refund_due', true, 'session_id', payment.stripe_session_id, 'amount', payment.amount_agorot);
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
  return jsonb_build_object('refund_due', true, 'session_id', payment.stripe_session_id, 'amount', payment.amount_agorot);
end
$$;

revoke execute on function public.cancel_gift_as(uuid, uuid) from public, anon, authenticated;
grant execute on function public.cancel_gift_as(uuid, uuid) to service_role;

-- Service role only (cancel-gift): the refund of a cancelled gift's session was issued.
create or replace function public.record_gift_refund(session_id text, refund text) returns boolean
language sql volatile security definer set search_path = '' as $$
  update public.payment_sessions s
     set status = 'refunded', refund_id = refund
   where s.stripe_session_id = record_gift_refund.session_id and s.status = 'paid'
  returning true
$$;

revoke execute on function public.record_gift_refund(text, text) from public, anon, authenticated;
grant execute on function public.record_gift_refund(text, text) to service_role;

-- ---------------------------------------------------------------- the purchaser's view of a gift
-- A signed-in purchaser reads the gift bought with this payment session (or this book): the
-- fields the purchaser's screens show, never the family code or the recipient's e-mail. Null
-- when there is no such gift of the caller.
create or replace function public.my_gift(session_id text default null, book uuid default null) returns jsonb
language sql stable security definer set search_path = '' as $$
  select private.gift_summary(b, true) || jsonb_build_object('gift_purchased_at', b.gift_purchased_at)
    from public.memory_books b
   where auth.uid() is not null
     and b.purchaser_user_id = auth.uid()
     and b.gift_code is not null
     and ((my_gift.session_id is not null and b.stripe_session_id = my_gift.session_id)
       or (my_gift.session_id is null and b.id = my_gift.book))
   limit 1
$$;

revoke execute on function public.my_gift(text, uuid) from public, anon, authenticated;
grant execute on function public.my_gift(text, uuid) to authenticated, service_role;

revoke execute on function private.gift_code_locked(uuid, text) from public, anon, authenticated;
revoke execute on function private.record_gift_code_attempt(uuid, text, boolean) from public, anon, authenticated;
revoke execute on function private.gift_summary(public.memory_books, boolean) from public, anon, authenticated;
