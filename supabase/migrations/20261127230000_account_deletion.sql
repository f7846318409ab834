-- Deleting an account (the delete-account function): the person's owned books are handed to one
-- of their confirmed family admins or deleted first; then nothing left may name them. Their
-- memories in other people's books stay, with the name as they wrote it (only the link to the
-- account goes); their payments stay for accounting without user id or e-mail; their rows as
-- family admin, invitee, subscriber, purchaser or chat user go or lose the link; the security
-- log keeps what happened with the address replaced by a placeholder naming the deleted account.

-- Service role only (delete-account): `owner` hands `book` to its confirmed family admin whose
-- book_admins row is `admin_row`. The admin becomes the owner (by their confirmed e-mail) and is no
-- longer listed as an admin of it. Answers the new owner's e-mail.
create or replace function public.hand_book_to_family_admin(owner uuid, book uuid, admin_row uuid) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  owner_address text;
  new_owner text;
  admin_user uuid;
begin
  select lower(a.email) into owner_address from auth.users a where a.id = owner and a.email_confirmed_at is not null;
  perform 1 from public.memory_books b where b.id = book and b.owner_email = owner_address for update;
  if owner_address is null or not found then
    perform private.refuse('ספר הזיכרון לא נמצא', 'book_not_found');
  end if;
  select a.user_id, lower(au.email) into admin_user, new_owner
    from public.book_admins a
    join auth.users au on au.id = a.user_id and au.email_confirmed_at is not null
   where a.id = admin_row and a.book_id = book and a.status = 'confirmed';
  if new_owner is null then
    perform private.refuse('מנהל/ת המשפחה לא נמצא/ה', 'family_admin_not_found');
  end if;
  update public.memory_books b set owner_email = new_owner where b.id = book;
  delete from public.book_admins a where a.book_id = book and a.user_id = admin_user;
  insert into public.admin_logs (admin_email, action, book_id, target_user, details)
  values (owner_address, 'BOOK_HANDED_TO_FAMILY_ADMIN', book, new_owner, '{}'::jsonb);
  return new_owner;
end
$$;

-- Service role only (delete-account): removes or anonymizes every row that names the account
-- `target` (its books must already be deleted or handed over), writes ACCOUNT_DELETED by `actor`
-- (the person, or the platform admin acting for them) and answers how many payments were kept.
-- The auth user itself is deleted by the function through the Auth admin API afterwards.
create or replace function public.erase_account_data(target uuid, actor uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  address text;
  placeholder constant text := 'deleted-account:' || target::text;
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
  -- Pictures the person uploaded that no remaining book shows (a handed-over book keeps its own).
  perform private.delete_storage_objects(array(
    select o.name from storage.objects o
     where o.bucket_id = 'memory-images'
       and (o.name like 'profiles/' || target::text || '/%' or o.name like 'books/' || target::text || '/%')
       and not exists (
         select 1 from public.memory_books b
          where private.memory_images_path(b.profile_image_url) = o.name
             or private.memory_images_path(b.background_image_url) = o.name)
  ));
  update public.admin_logs l set admin_email = placeholder where lower(l.admin_email) = address;
  update public.admin_logs l set target_user = placeholder where lower(l.target_user) = address;
  update public.admin_logs l set details = replace(l.details::text, address, placeholder)::jsonb
   where strpos(lower(l.details::text), address) > 0;
  insert into public.admin_logs (admin_email, action, target_user, details)
  values (actor_address, 'ACCOUNT_DELETED', placeholder, jsonb_build_object('payments_kept', payments));
  return jsonb_build_object('payments_kept', payments);
end
$$;

revoke execute on function public.hand_book_to_family_admin(uuid, uuid, uuid), public.erase_account_data(uuid, uuid)
  from public, anon, authenticated;
grant execute on function public.hand_book_to_family_admin(uuid, uuid, uuid), public.erase_account_data(uuid, uuid)
  to service_role;
