-- Coupons (validate for anyone, redeem for the service role only), gift codes (generate for the
-- service role, claim for a signed-in user with an attempt limit).

-- ---------------------------------------------------------------- coupons
create type public.coupon_check as (
  valid boolean,
  code text,
  discount_type text,
  value numeric,
  reason text
);

-- Why a coupon cannot be used for `plan` now (Hebrew), or null when it can.
create or replace function private.coupon_refusal(coupon public.admin_coupons, plan text) returns text
language sql stable set search_path = '' as $$
  select case
    when coupon.id is null or not coupon.is_active then 'קופון לא נמצא או לא תקף'
    when coupon.expires_at is not null and coupon.expires_at <= now() then 'תוקף הקופון פג'
    when coupon.max_uses is not null and coupon.uses_count >= coupon.max_uses then 'הקופון נוצל במלואו'
    when coupon.target_plan is not null and coupon.target_plan is distinct from plan then 'הקופון אינו תקף לחבילה שנבחרה'
  end
$$;

-- Anyone (read only): may this coupon be used for this plan? {valid, code, discount_type, value, reason}.
create or replace function public.validate_coupon(code text, plan text default null) returns public.coupon_check
language plpgsql stable security definer set search_path = '' as $$
declare
  normalized constant text := upper(btrim(coalesce(code, '')));
  coupon public.admin_coupons;
  refusal text;
begin
  if normalized = '' then
    return row(false, null, null, null, 'אנא הכנס קוד קופון')::public.coupon_check;
  end if;
  select * into coupon from public.admin_coupons c where c.code = normalized;
  refusal := private.coupon_refusal(coupon, plan);
  if refusal is not null then
    return row(false, normalized, coupon.discount_type, coupon.value, refusal)::public.coupon_check;
  end if;
  return row(true, coupon.code, coupon.discount_type, coupon.value, null)::public.coupon_check;
end
$$;

-- Service role only: uses one redemption of the coupon for this plan. One UPDATE checks every
-- condition and increments uses_count, so of two concurrent redemptions of the last use exactly
-- one wins (the other re-checks the updated row and matches nothing).
create or replace function public.redeem_coupon(code text, plan text) returns public.coupon_check
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
     and (c.max_uses is null or c.uses_count < c.max_uses)
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

revoke execute on function public.redeem_coupon(text, text) from public, anon, authenticated;
grant execute on function public.redeem_coupon(text, text) to service_role;

-- ---------------------------------------------------------------- gift codes
-- Service role only: a new unique gift code (8 characters of the code alphabet, crypto random).
-- Setting it on a book starts its 30 days (memory_books_normalize).
create or replace function public.generate_gift_code() returns text
language sql volatile security definer set search_path = '' as $$
  select private.new_gift_code()
$$;

revoke execute on function public.generate_gift_code() from public, anon, authenticated;
grant execute on function public.generate_gift_code() to service_role;

create type public.book_action_result as (
  ok boolean,
  reason text,
  message text,
  book_uuid uuid,
  book_id text
);

create or replace function private.gift_claims_locked_until(claimer uuid) returns timestamptz
language sql stable security definer set search_path = '' as $$
  select max(a.locks_until) from public.gift_claim_attempts a
   where a.user_id = claimer and a.locks_until > now()
$$;

-- Records a claim attempt; the 10th unknown code within 15 minutes locks the user's claims for
-- 15 minutes and writes SECURITY_GIFT_CLAIM_LOCKOUT to admin_logs.
create or replace function private.record_gift_claim_attempt(claimer uuid, success boolean) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  attempt_id bigint;
  window_start timestamptz;
  failures integer;
begin
  insert into public.gift_claim_attempts (user_id, success) values (claimer, success) returning id into attempt_id;
  if success then
    return;
  end if;
  select greatest(now() - interval '15 minutes', coalesce(max(a.locks_until), '-infinity'::timestamptz))
    into window_start
    from public.gift_claim_attempts a
   where a.user_id = claimer and a.locks_until is not null;
  select count(*) into failures
    from public.gift_claim_attempts a
   where a.user_id = claimer and not a.success and a.attempted_at > window_start;
  if failures >= 10 then
    update public.gift_claim_attempts set locks_until = now() + interval '15 minutes' where id = attempt_id;
    insert into public.admin_logs (admin_email, action, target_user, details)
    values (null, 'SECURITY_GIFT_CLAIM_LOCKOUT', coalesce(public.current_user_email(), claimer::text),
            jsonb_build_object('failed_attempts', failures, 'locked_until', now() + interval '15 minutes'));
  end if;
end
$$;

-- A signed-in user with a confirmed e-mail claims a pending, paid, unexpired gift and becomes its
-- owner. Business refusals come back as ok=false with a reason and the Hebrew message (so the
-- attempt is committed); too many unknown codes raise PT429.
create or replace function public.claim_gift(gift_code text) returns public.book_action_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  claimer constant uuid := auth.uid();
  claimer_email constant text := public.current_user_email();
  normalized constant text := upper(btrim(coalesce(gift_code, '')));
  gift public.memory_books;
begin
  if claimer is null or claimer_email is null then
    perform private.deny('נדרשת התחברות', 'login_required');
  end if;
  perform pg_advisory_xact_lock(hashtextextended('gift_claim:' || claimer::text, 0));
  if private.gift_claims_locked_until(claimer) is not null then
    raise exception using message = 'יותר מדי ניסיונות, נסו שוב בעוד מספר דקות',
      hint = 'gift_claim_locked', errcode = 'PT429';
  end if;
  select * into gift from public.memory_books b where b.gift_code = normalized for update;
  if not found then
    perform private.record_gift_claim_attempt(claimer, false);
    return row(false, 'gift_not_found', 'נא לבדוק את הקוד שקיבלת שנית', null, null)::public.book_action_result;
  end if;
  perform private.record_gift_claim_attempt(claimer, true);
  if gift.gift_status = 'claimed' or gift.claimed_by_user_id is not null or gift.owner_email is not null then
    return row(false, 'gift_already_claimed', 'קוד המתנה כבר נתבע', null, null)::public.book_action_result;
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
         gift_status = 'claimed'
   where b.id = gift.id;
  return row(true, 'claimed', 'הספר הועבר אליך בהצלחה', gift.id, gift.book_id)::public.book_action_result;
end
$$;

revoke execute on function public.claim_gift(text) from public, anon;
grant execute on function public.claim_gift(text) to authenticated, service_role;
