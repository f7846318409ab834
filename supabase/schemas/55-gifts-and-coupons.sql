-- Gifts and coupons: a book bought as a gift (gift code, claim, resend, cancel, refund) and the
-- platform admin's coupons (checked, held while a checkout is open, redeemed).
--
-- The database as it stands (supabase/schemas): a change is written here and in a new migration;
-- tests/schema keeps the two equal.

-- Functions may read tables of later files: see 00-extensions-and-roles.sql.
set check_function_bodies = off;

-- ================================================================ types

create type public.coupon_check as (
  valid boolean,
  code text,
  discount_type text,
  value numeric,
  reason text
);

-- ================================================================ tables

create table public.admin_coupons (
  id uuid primary key default gen_random_uuid(),
  code text not null unique check (code = upper(btrim(code)) and char_length(code) between 1 and 40), -- CODE_MAX in contracts/limits.ts
  discount_type text not null check (discount_type in ('percent', 'fixed')),
  value numeric(10, 2) not null,
  target_plan text check (target_plan in ('basic', 'pro', 'full')),
  max_uses integer check (max_uses > 0),
  uses_count integer not null default 0 check (uses_count >= 0),
  is_active boolean not null default true,
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  check ((discount_type = 'percent' and value between 1 and 100) or (discount_type = 'fixed' and value > 0)),
  check (max_uses is null or uses_count <= max_uses)
);
alter table public.admin_coupons enable row level security;
grant select, insert, update, delete on table public.admin_coupons to authenticated;

create index admin_coupons_created_at_idx on public.admin_coupons (created_at desc);

-- Every gift-code check, by a signed-in user or (checking before sign-in) by an address, for the
-- gift-code lockout.
create table public.gift_claim_attempts (
  id bigint generated always as identity primary key,
  user_id uuid references auth.users (id) on delete cascade,
  attempted_at timestamptz not null default now(),
  success boolean not null,
  locks_until timestamptz,
  client_ip text check (char_length(client_ip) <= 100),
  constraint gift_claim_attempts_who check (user_id is not null or client_ip is not null)
);
alter table public.gift_claim_attempts enable row level security;
grant select, delete on table public.gift_claim_attempts to authenticated;

create index gift_claim_attempts_user_idx on public.gift_claim_attempts (user_id, attempted_at desc);
create index gift_claim_attempts_ip_idx on public.gift_claim_attempts (client_ip, attempted_at desc)
  where client_ip is not null;

create table public.replaced_gift_codes (
  gift_code text primary key,
  book_id uuid not null references public.memory_books (id) on delete cascade,
  replaced_at timestamptz not null default now()
);
alter table public.replaced_gift_codes enable row level security;
comment on table public.replaced_gift_codes is 'Gift codes a purchaser replaced by sending a new one; service role only.';
grant select, insert, delete on table public.replaced_gift_codes to service_role;

create index replaced_gift_codes_book_idx on public.replaced_gift_codes (book_id);

-- ================================================================ functions

-- A gift code no book holds yet: 8 letters and digits of the unambiguous alphabet.
create function private.new_gift_code() returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  candidate text;
begin
  loop
    candidate := private.random_code(private.code_alphabet(), 8);
    exit when not exists (select 1 from public.memory_books b where b.gift_code = candidate);
  end loop;
  return candidate;
end
$$;
revoke execute on function private.new_gift_code() from public;

-- Anyone (read only): may this coupon be used for this plan? {valid, code, discount_type, value,
-- reason}, the reason a code of private.coupon_refusal (or coupon_code_required for none typed).
create function public.validate_coupon(code text, plan text default null) returns public.coupon_check
language plpgsql stable security definer set search_path = '' as $$
declare
  normalized constant text := upper(btrim(coalesce(code, '')));
  coupon public.admin_coupons;
  refusal text;
begin
  if normalized = '' then
    return row(false, null, null, null, 'coupon_code_required')::public.coupon_check;
  end if;
  select * into coupon from public.admin_coupons c where c.code = normalized;
  refusal := private.coupon_refusal(coupon, plan);
  if refusal is not null then
    return row(false, normalized, coupon.discount_type, coupon.value, refusal)::public.coupon_check;
  end if;
  return row(true, coupon.code, coupon.discount_type, coupon.value, null)::public.coupon_check;
end
$$;
revoke execute on function public.validate_coupon(code text, plan text) from public;
grant execute on function public.validate_coupon(code text, plan text) to service_role;

-- Service role only: a new unique gift code (8 characters of the code alphabet, crypto random).
-- Setting it on a book starts its 30 days (memory_books_normalize).
create function public.generate_gift_code() returns text
language sql volatile security definer set search_path = '' as $$
  select private.new_gift_code()
$$;
revoke execute on function public.generate_gift_code() from public;
grant execute on function public.generate_gift_code() to service_role;

-- Service role only (apply-coupon): redeems one use of a coupon that makes the plan free and
-- records the paid session `session_id` (free_coupon_<uuid>, provider free) for the buyer in the
-- same transaction. The caller computed "free" from the coupon it validated; if the coupon changed in
-- between (another type or value), the redemption is rolled back (SQLSTATE P0001, hint
-- coupon_changed). An unusable coupon returns valid=false with the reason and writes nothing.
create function public.redeem_coupon_for_free_session(
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
revoke execute on function public.redeem_coupon_for_free_session(coupon_code text, plan text, session_id text, buyer uuid, buyer_email text, recipient text, expected_discount_type text, expected_value numeric) from public;
grant execute on function public.redeem_coupon_for_free_session(coupon_code text, plan text, session_id text, buyer uuid, buyer_email text, recipient text, expected_discount_type text, expected_value numeric) to service_role;

-- Locked while any attempt of this user (or from this client) carries a lock still running.
create function private.gift_code_locked(attempt_user uuid, attempt_ip text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.gift_claim_attempts a
     where a.locks_until > now()
       and ((attempt_user is not null and a.user_id = attempt_user)
         or (attempt_ip is not null and a.client_ip = attempt_ip))
  )
$$;
revoke execute on function private.gift_code_locked(attempt_user uuid, attempt_ip text) from public;

-- Counts unknown codes since the last lock (at most 15 minutes back), for this user and for this
-- client separately; the 10th locks for 15 minutes and writes SECURITY_GIFT_CLAIM_LOCKOUT.
create function private.record_gift_code_attempt(attempt_user uuid, attempt_ip text, success boolean)
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
revoke execute on function private.record_gift_code_attempt(attempt_user uuid, attempt_ip text, success boolean) from public;

-- Service role only (claim-gift): `claimer` (a user with a confirmed e-mail) claims a pending,
-- paid, unexpired, unclaimed gift and becomes its owner. The attempt is recorded first; every
-- refusal is a row (ok=false, reason, Hebrew message).
create function public.claim_gift_as(claimer uuid, gift_code text) returns public.book_action_result
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
    return row(true, 'already_yours', 'הספר כבר שלך', gift.id, gift.short_code)::public.book_action_result;
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
         payment_status = 'paid',
         gift_status = 'claimed'
   where b.id = gift.id;
  return row(true, 'claimed', 'הספר הועבר אליך בהצלחה', gift.id, gift.short_code)::public.book_action_result;
end
$$;
revoke execute on function public.claim_gift_as(claimer uuid, gift_code text) from public;
grant execute on function public.claim_gift_as(claimer uuid, gift_code text) to service_role;

-- Service role only (check-gift-code): can this code be claimed now? Answers only a status:
-- ok | not_found | claimed | unavailable | expired | locked. The attempt counts against the
-- client (`client_ip`) and, when known, the user.
create function public.check_gift_code_from(client_ip text, code text, attempt_user uuid default null)
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
revoke execute on function public.check_gift_code_from(client_ip text, code text, attempt_user uuid) from public;
grant execute on function public.check_gift_code_from(client_ip text, code text, attempt_user uuid) to service_role;

-- The gift's fields as the purchaser's screens show them.
create function private.gift_summary(gift public.memory_books, existing boolean) returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'existing', existing,
    'id', gift.id,
    'short_code', gift.short_code,
    'gift_code', gift.gift_code,
    'gift_code_expires_at', gift.gift_code_expires_at,
    'gift_recipient_name', gift.gift_recipient_name,
    'full_name', gift.full_name,
    'purchaser_name', gift.purchaser_name,
    'plan_type', gift.plan_type,
    'gift_status', gift.gift_status
  )
$$;
revoke execute on function private.gift_summary(gift public.memory_books, existing boolean) from public;

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

-- Service role only (resend-gift): the purchaser's pending gift gets a new code valid 30 days;
-- the old code is kept as replaced.
create function public.resend_gift_as(purchaser uuid, gift_id uuid) returns jsonb
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
revoke execute on function public.resend_gift_as(purchaser uuid, gift_id uuid) from public;
grant execute on function public.resend_gift_as(purchaser uuid, gift_id uuid) to service_role;

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

-- Platform admin: creates a coupon. The code is trimmed and upper-cased; percent 1-100, fixed
-- above 0, max uses empty (unlimited) or at least 1, expiry empty or in the future, code unique.
create function public.admin_create_coupon(
  code text, discount_type text, value numeric, target_plan text default null,
  max_uses integer default 1, expires_at timestamptz default null
) returns public.admin_coupons
language plpgsql volatile security invoker set search_path = '' as $$
declare
  normalized constant text := upper(btrim(coalesce(code, '')));
  created public.admin_coupons;
begin
  perform private.require_platform_admin();
  if normalized !~ '^[A-Z0-9_-]{3,40}$' then
    perform private.refuse('קוד הקופון חייב להכיל 3 עד 40 אותיות באנגלית, ספרות, מקף או קו תחתון', 'coupon_code_invalid');
  end if;
  if discount_type is null or discount_type not in ('percent', 'fixed') then
    perform private.refuse('סוג ההנחה אינו תקין', 'coupon_type_invalid');
  end if;
  if discount_type = 'percent' and (value is null or value < 1 or value > 100) then
    perform private.refuse('הנחה באחוזים חייבת להיות בין 1 ל-100', 'coupon_value_invalid');
  end if;
  if discount_type = 'fixed' and (value is null or value <= 0 or value > 100000) then
    perform private.refuse('סכום ההנחה חייב להיות גדול מאפס', 'coupon_value_invalid');
  end if;
  if target_plan is not null and target_plan not in ('basic', 'pro', 'full') then
    perform private.refuse('חבילה לא תקינה', 'coupon_plan_invalid');
  end if;
  if max_uses is not null and max_uses < 1 then
    perform private.refuse('מספר השימושים חייב להיות לפחות 1', 'coupon_max_uses_invalid');
  end if;
  if expires_at is not null and expires_at <= now() then
    perform private.refuse('תאריך התפוגה חייב להיות בעתיד', 'coupon_expiry_invalid');
  end if;
  if exists (select 1 from public.admin_coupons c where c.code = normalized) then
    perform private.refuse('קופון עם הקוד הזה כבר קיים', 'coupon_code_taken');
  end if;
  insert into public.admin_coupons (code, discount_type, value, target_plan, max_uses, expires_at)
  values (normalized, admin_create_coupon.discount_type, round(admin_create_coupon.value, 2),
          admin_create_coupon.target_plan, admin_create_coupon.max_uses, admin_create_coupon.expires_at)
  returning * into created;
  perform private.log_admin_action('ADMIN_CREATE_COUPON', null, null,
    jsonb_build_object('code', created.code, 'discount_type', created.discount_type, 'value', created.value));
  return created;
exception
  when unique_violation then
    perform private.refuse('קופון עם הקוד הזה כבר קיים', 'coupon_code_taken');
    return null;
end
$$;
revoke execute on function public.admin_create_coupon(code text, discount_type text, value numeric, target_plan text, max_uses integer, expires_at timestamp with time zone) from public;
grant execute on function public.admin_create_coupon(code text, discount_type text, value numeric, target_plan text, max_uses integer, expires_at timestamp with time zone) to authenticated, service_role;

-- Platform admin: deletes a coupon; false when there was none.
create function public.admin_delete_coupon(coupon uuid) returns boolean
language plpgsql volatile security invoker set search_path = '' as $$
declare
  deleted public.admin_coupons;
begin
  perform private.require_platform_admin();
  delete from public.admin_coupons c where c.id = coupon returning * into deleted;
  if not found then
    return false;
  end if;
  perform private.log_admin_action('ADMIN_DELETE_COUPON', null, null, jsonb_build_object('code', deleted.code));
  return true;
end
$$;
revoke execute on function public.admin_delete_coupon(coupon uuid) from public;
grant execute on function public.admin_delete_coupon(coupon uuid) to authenticated, service_role;

-- A paid gift nobody has claimed yet: it is cancelled (and refunded) before its book is deleted.
create function private.is_pending_paid_gift(book public.memory_books) returns boolean
language sql immutable set search_path = '' as $$
  select book.gift_code is not null and book.gift_status = 'pending' and book.is_paid
$$;
revoke execute on function private.is_pending_paid_gift(book public.memory_books) from public;

-- Service role only (cancel-gift): cancels the purchaser's pending gift within 14 days (one row
-- lock decides). A paid gift answers refund_due with what the provider needs, and claims the
-- refund (refund_started_at): a second cancel while the first is refunding is refused
-- (refund_in_progress), so the provider is asked to refund once. A claim older than two minutes
-- belongs to a cancel that was interrupted or whose refund has an unknown outcome, and may be taken
-- again; refund_unknown tells the function to ask the provider what became of the earlier refund
-- before sending one. The function releases its claim itself when the provider refused. A
-- free-coupon gift gets its coupon use back.
create function private.claim_gift_refund(payment public.payment_sessions) returns jsonb
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
revoke execute on function private.claim_gift_refund(payment public.payment_sessions) from public;

-- Service role only (cancel-gift, for the signed-in purchaser): cancels a pending gift within 14
-- days of its purchase and claims its refund (claim_gift_refund); the edge function then refunds
-- through the provider. A gift already cancelled whose refund did not finish is claimed again.
-- Refuses: gift_not_found (not this purchaser's gift), gift_already_cancelled, gift_already_claimed,
-- gift_not_pending, refund_window_passed.
create function public.cancel_gift_as(purchaser uuid, gift_id uuid) returns jsonb
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
revoke execute on function public.cancel_gift_as(purchaser uuid, gift_id uuid) from public;
grant execute on function public.cancel_gift_as(purchaser uuid, gift_id uuid) to service_role;

-- Service role only (cancel-gift): the provider refunded the cancelled gift's payment.
create function public.record_gift_refund(session_id text, refund text) returns boolean
language sql volatile security definer set search_path = '' as $$
  update public.payment_sessions s
     set status = 'refunded', refund_id = refund, refunded_at = now(), refund_unknown_since = null
   where s.session_id = record_gift_refund.session_id and s.status = 'paid'
  returning true
$$;
revoke execute on function public.record_gift_refund(session_id text, refund text) from public;
grant execute on function public.record_gift_refund(session_id text, refund text) to service_role;

-- Service role only (cancel-gift): the provider refunded nothing, so the next cancel may try again.
create function public.release_gift_refund(session_id text) returns void
language sql volatile security definer set search_path = '' as $$
  update public.payment_sessions s set refund_started_at = null, refund_unknown_since = null
   where s.session_id = release_gift_refund.session_id and s.status = 'paid'
$$;
revoke execute on function public.release_gift_refund(session_id text) from public;
grant execute on function public.release_gift_refund(session_id text) to service_role;

-- Service role only (cancel-gift): the provider never answered the refund, so it may have been
-- made. The claim stays (the buyer sees the refund in progress) and the payment is marked
-- refund_unknown_since, which the next cancel reconciles by asking the provider before any resend;
-- the platform admin sees a PAYMENT_REFUND_UNKNOWN row in the log.
create function public.mark_gift_refund_unknown(session_id text, reason text) returns void
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
revoke execute on function public.mark_gift_refund_unknown(session_id text, reason text) from public;
grant execute on function public.mark_gift_refund_unknown(session_id text, reason text) to service_role;

-- How many uses of `code` open checkouts hold now, other than checkout `except_session`'s.
create function private.coupon_holds(code text, except_session text default null) returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer from public.payment_sessions s
   where s.coupon_code = upper(btrim(code)) and s.status = 'created'
     and s.created_at > now() - interval '1 hour'
     and s.session_id is distinct from except_session
$$;
revoke execute on function private.coupon_holds(code text, except_session text) from public;

-- Why a coupon cannot be used for `plan` now, or null when it can: held uses count as used. The
-- reason is a code (coupon_not_found, coupon_expired, coupon_used_up, coupon_wrong_plan) whose
-- Hebrew message the functions answer with.
create function private.coupon_refusal(coupon public.admin_coupons, plan text) returns text
language sql stable set search_path = '' as $$
  select case
    when coupon.id is null or not coupon.is_active then 'coupon_not_found'
    when coupon.expires_at is not null and coupon.expires_at <= now() then 'coupon_expired'
    when coupon.max_uses is not null and coupon.uses_count + private.coupon_holds(coupon.code) >= coupon.max_uses
      then 'coupon_used_up'
    when coupon.target_plan is not null and coupon.target_plan is distinct from plan then 'coupon_wrong_plan'
  end
$$;
revoke execute on function private.coupon_refusal(coupon public.admin_coupons, plan text) from public;

-- Service role only: uses one redemption of the coupon for this plan, leaving room for the uses
-- other open checkouts hold (`holder`, the checkout being paid, holds none of them). One UPDATE
-- checks every condition, so of two concurrent redemptions of the last use exactly one wins.
create function public.redeem_coupon(code text, plan text, holder text default null)
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
  refusal.reason := coalesce(refusal.reason, 'coupon_not_found');
  return refusal;
end
$$;
revoke execute on function public.redeem_coupon(code text, plan text, holder text) from public;
grant execute on function public.redeem_coupon(code text, plan text, holder text) to service_role;

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

-- Codes people type (gift codes, family codes, coupons) are compared without spaces or dashes:
-- the functions drop them from what is typed, so a coupon is stored without them too. Coupons
-- stored with separators before this are rewritten, unless that would make two coupons one.
create function private.admin_coupons_normalize() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.code := upper(regexp_replace(new.code, '[[:space:]\-‐‑‒–—―−־]', '', 'g'));
  return new;
end
$$;
revoke execute on function private.admin_coupons_normalize() from public;

-- ================================================================ triggers

create trigger admin_coupons_normalize
  before insert or update of code on public.admin_coupons
  for each row execute function private.admin_coupons_normalize();

-- ================================================================ policies

-- Platform admins manage coupons (checkout validates and redeems through functions).
create policy "platform admins manage coupons" on public.admin_coupons
  for all to authenticated
  using ((select private.is_platform_admin()))
  with check ((select private.is_platform_admin()));

-- Platform admins read gift-claim attempts (written by claim_gift() only).
create policy "platform admins read gift claim attempts" on public.gift_claim_attempts
  for select to authenticated
  using ((select private.is_platform_admin()));

-- Platform admins delete old gift-claim attempts.
create policy "platform admins delete gift claim attempts" on public.gift_claim_attempts
  for delete to authenticated
  using ((select private.is_platform_admin()));
