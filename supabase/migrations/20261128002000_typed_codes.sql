-- Codes people type (gift codes, family codes, coupons) are compared without spaces or dashes:
-- the functions drop them from what is typed, so a coupon is stored without them too. Coupons
-- stored with separators before this are rewritten, unless that would make two coupons one.
create or replace function private.admin_coupons_normalize() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.code := upper(regexp_replace(new.code, '[[:space:]\-‐‑‒–—―−־]', '', 'g'));
  return new;
end
$$;

update public.admin_coupons c
   set code = c.code
 where c.code ~ '[[:space:]\-‐‑‒–—―−־]'
   and not exists (
     select 1 from public.admin_coupons o
      where o.id <> c.id and o.code = upper(regexp_replace(c.code, '[[:space:]\-‐‑‒–—―−־]', '', 'g'))
   );
