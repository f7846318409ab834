-- Registration in gift mode (spec 000 §5): before creating the account, the form checks that the
-- gift code it was given can still be claimed. Claiming stays with claim_gift(), which needs a
-- signed-in, confirmed user; this check is for a visitor who has no account yet, so it answers
-- only a status and never any data of the book (name, owner, purchaser).
--
-- Statuses, in the order claim_gift() applies its rules:
--   not_found    no book carries this code
--   claimed      the gift already has an owner or a claimer, or its status is claimed
--   unavailable  not pending (cancelled, replaced) or not paid
--   expired      past gift_code_expires_at
--   ok           claim_gift() would accept it now
create or replace function public.check_gift_code(code text) returns text
language sql stable security definer set search_path = '' as $$
  select case
    when gift.id is null then 'not_found'
    when gift.gift_status = 'claimed' or gift.claimed_by_user_id is not null or gift.owner_email is not null then 'claimed'
    when gift.gift_status is distinct from 'pending' or not gift.is_paid then 'unavailable'
    when gift.gift_code_expires_at is not null and gift.gift_code_expires_at <= now() then 'expired'
    else 'ok'
  end
  from (select upper(btrim(coalesce(check_gift_code.code, ''))) as normalized) as input
  left join public.memory_books as gift on gift.gift_code = input.normalized
$$;

comment on function public.check_gift_code(text) is
  'Gift-mode registration: can this gift code be claimed now? Returns ok | not_found | claimed | unavailable | expired, nothing else.';

revoke execute on function public.check_gift_code(text) from public;
grant execute on function public.check_gift_code(text) to anon, authenticated, service_role;
