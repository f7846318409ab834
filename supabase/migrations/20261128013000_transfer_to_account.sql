-- An ownership transfer goes to an account, not to an address. The account is fixed as early as it
-- is known: when the invitation is made, the account whose confirmed e-mail is the invited address
-- (if there is one); otherwise the first account that answers the link signed in with that address,
-- confirmed. From then on only that account may answer the link, whatever address it or anyone else
-- holds later, and approval makes the owner that account's confirmed address at the moment of
-- approval. Whoever holds the invited address afterwards (the same mailbox registered anew, or an
-- account that took the address over) gets nothing.

-- The confirmed e-mail of `account`, lower-cased; null for an unknown or unconfirmed account.
create or replace function private.confirmed_email_of(account uuid) returns text
language sql stable security definer set search_path = '' as $$
  select lower(u.email) from auth.users u where u.id = account and u.email_confirmed_at is not null
$$;

revoke all on function private.confirmed_email_of(uuid) from public, anon, authenticated, service_role;

-- The owner (or a platform admin) invites `invitee_email` to take over the book. One open request
-- per book. An account holding that address, confirmed, becomes the only one that may answer.
-- Answers {id, token, expires_at, book_id}; the token is not kept.
create or replace function private.create_ownership_transfer(book uuid, invitee_email text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  token constant text := private.random_token();
  address constant text := lower(btrim(coalesce(invitee_email, '')));
  target public.memory_books;
  intended uuid;
  request public.ownership_transfer_requests;
begin
  if auth.uid() is null or not private.can_manage_book(book) then
    perform private.deny('רק בעל הספר יכול להעביר את הבעלות עליו', 'not_book_owner');
  end if;
  if address !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(address) > 200 then
    perform private.refuse('כתובת האימייל אינה תקינה', 'invalid_email');
  end if;
  select * into target from public.memory_books b where b.id = book for update;
  if target.owner_email = address then
    perform private.refuse('זו הכתובת של בעל הספר הנוכחי', 'transfer_to_owner');
  end if;
  if exists (
    select 1 from public.ownership_transfer_requests r
     where r.book_id = book and r.status in ('pending_registration', 'registered_waiting_approval') and r.expires_at > now()
  ) then
    perform private.refuse('כבר קיימת בקשה פתוחה להעברת הספר. בטלו אותה לפני שיוצרים חדשה', 'transfer_already_open');
  end if;
  select u.id into intended from auth.users u where lower(u.email) = address and u.email_confirmed_at is not null;
  insert into public.ownership_transfer_requests (book_id, invitee_email, invite_token_hash, requested_by, invitee_user_id)
  values (book, address, private.grant_hash(token), auth.uid(), intended)
  returning * into request;
  return jsonb_build_object('id', request.id, 'token', token, 'expires_at', request.expires_at,
                            'book_id', target.book_id);
end
$$;

-- The invitee answers a transfer invitation; the request then waits for the owner's approval.
-- The account fixed at invitation answers whatever its address is now; without one, the account
-- signed in with the invited address, confirmed, answers and is fixed. Answering again is harmless.
create or replace function private.register_ownership_transfer(invite_token text)
returns public.book_action_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  invitee constant uuid := auth.uid();
  invitee_address constant text := private.current_user_email();
  request public.ownership_transfer_requests;
  short_id text;
begin
  if invitee is null or invitee_address is null then
    perform private.deny('נדרשת התחברות', 'login_required');
  end if;
  select * into request from public.ownership_transfer_requests r
   where r.invite_token_hash = private.grant_hash(btrim(coalesce(invite_token, '')))
   for update;
  if not found then
    return row(false, 'transfer_invalid', 'הקישור להעברת הבעלות אינו תקין או שבוטל', null, null)::public.book_action_result;
  end if;
  select b.book_id into short_id from public.memory_books b where b.id = request.book_id;
  if request.status = 'registered_waiting_approval' and request.invitee_user_id = invitee then
    return row(true, 'registered_waiting_approval', 'הבקשה נשלחה לבעל הספר לאישור', request.book_id, short_id)::public.book_action_result;
  end if;
  if request.status <> 'pending_registration' then
    return row(false, 'transfer_used', 'כבר השתמשו בקישור הזה להעברת הבעלות', null, null)::public.book_action_result;
  end if;
  if request.expires_at <= now() then
    return row(false, 'transfer_expired', 'תוקף ההזמנה להעברת הבעלות פג (7 ימים)', null, null)::public.book_action_result;
  end if;
  if request.invitee_user_id is not null and request.invitee_user_id <> invitee then
    return row(false, 'transfer_wrong_account',
               'ההזמנה נשלחה לחשבון אחר. התחברו לחשבון שאליו נשלחה ההזמנה', null, null)::public.book_action_result;
  end if;
  if request.invitee_user_id is null and request.invitee_email <> invitee_address then
    return row(false, 'transfer_wrong_account',
               'ההזמנה נשלחה לכתובת מייל אחרת. התחברו עם הכתובת שאליה נשלחה ההזמנה', null, null)::public.book_action_result;
  end if;
  update public.ownership_transfer_requests r
     set status = 'registered_waiting_approval', invitee_user_id = invitee, registered_at = now()
   where r.id = request.id;
  return row(true, 'registered_waiting_approval', 'הבקשה נשלחה לבעל הספר לאישור', request.book_id, short_id)::public.book_action_result;
end
$$;

-- The owner (or a platform admin) approves or declines a registered request. Approval moves
-- owner_email to the invitee account's confirmed address as it is now (a gift book's claimer with
-- it, so the new owner reads it) and keeps the previous owner as a confirmed family admin; an
-- account that is gone or no longer confirmed is refused. Returns the request's new status.
create or replace function private.decide_ownership_transfer(request_id uuid, approve boolean) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  request public.ownership_transfer_requests;
  target public.memory_books;
  previous_owner uuid;
  new_owner_email text;
  new_status constant text := case when approve then 'approved' else 'declined' end;
begin
  select * into request from public.ownership_transfer_requests r where r.id = request_id for update;
  if not found or not private.can_manage_book(request.book_id) then
    perform private.deny('רק בעל הספר יכול לאשר העברת בעלות', 'not_book_owner');
  end if;
  if request.status <> 'registered_waiting_approval' then
    perform private.refuse('הבקשה אינה ממתינה לאישור', 'transfer_not_waiting');
  end if;
  if approve then
    new_owner_email := private.confirmed_email_of(request.invitee_user_id);
    if new_owner_email is null then
      perform private.refuse('החשבון שהוזמן לקבל את הספר כבר לא פעיל. בטלו את הבקשה ושלחו הזמנה חדשה',
                             'transfer_account_gone');
    end if;
    select * into target from public.memory_books b where b.id = request.book_id for update;
    select u.id into previous_owner from auth.users u
     where lower(u.email) = target.owner_email and u.email_confirmed_at is not null;
    update public.memory_books b
       set owner_email = new_owner_email,
           claimed_by_user_id = case when b.gift_code is not null then request.invitee_user_id else b.claimed_by_user_id end
     where b.id = request.book_id;
    delete from public.book_admins a where a.book_id = request.book_id and a.user_id = request.invitee_user_id;
    if previous_owner is not null then
      insert into public.book_admins (book_id, admin_name, contact, invited_by, status, user_id, confirmed_at)
      values (request.book_id,
              coalesce((select nullif(btrim(p.full_name), '') from public.users p where p.id = previous_owner),
                       target.owner_email),
              target.owner_email, auth.uid(), 'confirmed', previous_owner, now())
      on conflict (book_id, user_id) do nothing;
    end if;
  end if;
  update public.ownership_transfer_requests r set status = new_status, decided_at = now() where r.id = request.id;
  return new_status;
end
$$;

drop policy "owner, invitee and platform admins read transfer requests" on public.ownership_transfer_requests;
-- The owner and the invited account read a transfer request (the invited address only while no
-- account is fixed); a platform admin all.
create policy "owner, invitee and platform admins read transfer requests" on public.ownership_transfer_requests
  for select to authenticated
  using (
    private.is_book_owner(book_id)
    or invitee_user_id = (select auth.uid())
    or (invitee_user_id is null and invitee_email = (select private.current_user_email()))
    or (select private.is_platform_admin())
  );

-- A transfer is to its account: when the account is deleted, its requests go with it (the invited
-- address's next holder does not inherit them).
alter table public.ownership_transfer_requests
  drop constraint ownership_transfer_requests_invitee_user_id_fkey,
  add constraint ownership_transfer_requests_invitee_user_id_fkey
    foreign key (invitee_user_id) references auth.users (id) on delete cascade;
