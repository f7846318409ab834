-- A coupon's verdict names why it cannot be used with a code (coupon_not_found, coupon_expired,
-- coupon_used_up, coupon_wrong_plan, coupon_code_required) instead of a Hebrew sentence: the
-- functions answer each code with its message from contracts/validate-coupon.ts, and no code
-- compares Hebrew text any more.

set check_function_bodies = off;

-- Anyone (read only): may this coupon be used for this plan? {valid, code, discount_type, value,
-- reason}, the reason a code of private.coupon_refusal (or coupon_code_required for none typed).
create or replace function public.validate_coupon(code text, plan text default null) returns public.coupon_check
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

-- Why a coupon cannot be used for `plan` now, or null when it can: held uses count as used. The
-- reason is a code (coupon_not_found, coupon_expired, coupon_used_up, coupon_wrong_plan) whose
-- Hebrew message the functions answer with.
create or replace function private.coupon_refusal(coupon public.admin_coupons, plan text) returns text
language sql stable set search_path = '' as $$
  select case
    when coupon.id is null or not coupon.is_active then 'coupon_not_found'
    when coupon.expires_at is not null and coupon.expires_at <= now() then 'coupon_expired'
    when coupon.max_uses is not null and coupon.uses_count + private.coupon_holds(coupon.code) >= coupon.max_uses
      then 'coupon_used_up'
    when coupon.target_plan is not null and coupon.target_plan is distinct from plan then 'coupon_wrong_plan'
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
  refusal.reason := coalesce(refusal.reason, 'coupon_not_found');
  return refusal;
end
$$;
