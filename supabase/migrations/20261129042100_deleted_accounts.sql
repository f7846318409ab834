-- A deleted account leaves no trace of who it was, and its tokens stop working for storage at once.
--
-- Before: the security log kept 'deleted-account:<the account's id>' and, in the details of the
-- rows the account's own book deletions wrote, the id itself (deleted_by); an e-mail address in
-- another case than the account's survived in the details. The account deletion also removed the
-- copies of a picture a handed-over book still shows.
--
-- Now each deleted account is named in the log by a placeholder of its own with a random token
-- ('deleted-account:3f9c…'), and its e-mail address and id are replaced by it wherever they appear
-- in a log row, in any case; the pictures left in its folders are queued with their copies unless
-- a row still uses them (is_media_object_in_use). (The storage policies refuse a deleted
-- account's token since 20261129042000: private.is_live_account.)

-- Service role only (delete-account): removes or anonymizes every row that names the account
-- `target` (its books must already be deleted or handed over), writes ACCOUNT_DELETED by `actor`
-- (the person, or the platform admin acting for them) and answers how many payments were kept.
-- What stays in the security log names the account by a placeholder of its own
-- ('deleted-account:' and a random token), never by its id or e-mail. The auth user itself is
-- deleted by the function through the Auth admin API afterwards.
create or replace function public.erase_account_data(target uuid, actor uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  address text;
  placeholder constant text := 'deleted-account:' || substr(md5(gen_random_uuid()::text), 1, 16);
  mention text;
  actor_address text;
  payments integer;
begin
  select lower(a.email) into address from auth.users a where a.id = target;
  if address is null then
    perform private.refuse('המשתמש לא נמצא', 'user_not_found');
  end if;
  if exists (select 1 from public.memory_books b where b.owner_email = address) then
    perform private.refuse('יש עדיין ספרים בבעלות החשבון', 'books_remain');
  end if;
  select case when actor = target then placeholder else lower(a.email) end into actor_address
    from auth.users a where a.id = actor;

  update public.payment_sessions s set user_id = null, email = null
   where s.user_id = target or lower(s.email) = address;
  get diagnostics payments = row_count;
  update public.memory_books b set purchaser_user_id = null, purchaser_name = null where b.purchaser_user_id = target;
  update public.memory_books b set claimed_by_user_id = null where b.claimed_by_user_id = target;
  update public.memory_entries e set author_user_id = null where e.author_user_id = target;
  delete from public.book_admins a where a.user_id = target or lower(btrim(a.contact)) = address;
  update public.book_admins a set invited_by = null where a.invited_by = target;
  delete from public.ownership_transfer_requests r where r.invitee_user_id = target or r.invitee_email = address;
  update public.ownership_transfer_requests r set requested_by = null where r.requested_by = target;
  delete from public.reminder_subscriptions r where r.email = address;
  update public.chat_sessions c set user_id = null where c.user_id = target;
  delete from public.gift_claim_attempts g where g.user_id = target;
  delete from public.rate_limit_hits h
   where strpos(h.client_key, target::text) > 0 or strpos(lower(h.client_key), address) > 0;
  delete from public.onboarding_data o where o.user_id = target;
  delete from public.platform_admin_emails p where p.email = address;
  -- Pictures the person uploaded that no remaining book shows (a handed-over book keeps its own,
  -- copies included), each with its copies.
  perform private.delete_storage_objects(array(
    select o.name from storage.objects o
     where o.bucket_id = 'memory-images'
       and (o.name like 'profiles/' || target::text || '/%' or o.name like 'books/' || target::text || '/%')
       and not private.is_media_object_in_use(o.name)
  ));
  -- The e-mail address or the id, anywhere in a log row, in any case.
  mention := '(' || regexp_replace(address, '([^A-Za-z0-9])', '\\\1', 'g') || '|' || target::text || ')';
  update public.admin_logs l
     set admin_email = regexp_replace(l.admin_email, mention, placeholder, 'gi'),
         target_user = regexp_replace(l.target_user, mention, placeholder, 'gi'),
         details = regexp_replace(l.details::text, mention, placeholder, 'gi')::jsonb
   where l.admin_email ~* mention or l.target_user ~* mention or l.details::text ~* mention;
  insert into public.admin_logs (admin_email, action, target_user, details)
  values (actor_address, 'ACCOUNT_DELETED', placeholder, jsonb_build_object('payments_kept', payments));
  return jsonb_build_object('payments_kept', payments);
end
$$;
