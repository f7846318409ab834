-- Joining a book as a family admin (invitation token + family code) and ownership transfers
-- (owner invites, invitee registers, owner approves or declines).

-- A signed-in user with a confirmed e-mail accepts an invitation: the token (single use) must
-- belong to the book and still be open, and the family code must be right (the attempt counts
-- toward the book's lockout). The token is replaced on use, so the link cannot be used twice.
create or replace function public.join_book_as_admin(token text, book_ref text, family_code text)
returns public.book_action_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  member constant uuid := auth.uid();
  book uuid := private.resolve_book(book_ref);
  invitation public.book_admins;
begin
  if member is null or public.current_user_email() is null then
    perform private.deny('נדרשת התחברות', 'login_required');
  end if;
  select * into invitation from public.book_admins a
   where a.token = join_book_as_admin.token and a.book_id = book and a.status = 'invited'
   for update;
  if not found then
    return row(false, 'invitation_invalid', 'הקישור כבר לא בתוקף', null, null)::public.book_action_result;
  end if;
  if not private.check_family_code(book, family_code) then
    return row(false, 'family_code_invalid', 'הקוד המשפחתי שהזנת אינו נכון', null, null)::public.book_action_result;
  end if;
  if exists (select 1 from public.book_admins a where a.book_id = book and a.user_id = member) then
    delete from public.book_admins a where a.id = invitation.id;
  else
    update public.book_admins a
       set status = 'confirmed', user_id = member, confirmed_at = now(), token = private.random_token()
     where a.id = invitation.id;
  end if;
  return row(true, 'joined', 'הצטרפת בהצלחה, כעת את/ה מנהל/ת של ספר הזיכרון', book,
             (select b.book_id from public.memory_books b where b.id = book))::public.book_action_result;
end
$$;

revoke execute on function public.join_book_as_admin(text, text, text) from public, anon;
grant execute on function public.join_book_as_admin(text, text, text) to authenticated, service_role;

-- The invitee (signed in, confirmed e-mail) answers a transfer invitation; the request then waits
-- for the owner's approval. The invitee's e-mail is recorded, so the owner sees who asked.
create or replace function public.register_ownership_transfer(invite_token text)
returns public.book_action_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  invitee constant uuid := auth.uid();
  invitee_address constant text := public.current_user_email();
  request public.ownership_transfer_requests;
begin
  if invitee is null or invitee_address is null then
    perform private.deny('נדרשת התחברות', 'login_required');
  end if;
  select * into request from public.ownership_transfer_requests r
   where r.invite_token = register_ownership_transfer.invite_token and r.status = 'pending_registration'
   for update;
  if not found then
    return row(false, 'transfer_invalid', 'הקישור כבר לא בתוקף', null, null)::public.book_action_result;
  end if;
  update public.ownership_transfer_requests r
     set status = 'registered_waiting_approval', invitee_user_id = invitee,
         invitee_email = invitee_address, registered_at = now()
   where r.id = request.id;
  return row(true, 'registered_waiting_approval', 'הבקשה נשלחה לבעל הספר לאישור', request.book_id,
             (select b.book_id from public.memory_books b where b.id = request.book_id))::public.book_action_result;
end
$$;

revoke execute on function public.register_ownership_transfer(text) from public, anon;
grant execute on function public.register_ownership_transfer(text) to authenticated, service_role;

-- The owner (or a platform admin) approves or declines a registered request. Approval moves
-- owner_email to the invitee. Returns the request's new status.
create or replace function public.decide_ownership_transfer(request_id uuid, approve boolean) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  request public.ownership_transfer_requests;
  new_status constant text := case when approve then 'approved' else 'declined' end;
begin
  select * into request from public.ownership_transfer_requests r where r.id = request_id for update;
  if not found or not public.can_manage_book(request.book_id) then
    perform private.deny('רק בעל הספר יכול לאשר העברת בעלות', 'not_book_owner');
  end if;
  if request.status <> 'registered_waiting_approval' then
    perform private.refuse('הבקשה אינה ממתינה לאישור', 'transfer_not_waiting');
  end if;
  if approve then
    update public.memory_books b set owner_email = request.invitee_email where b.id = request.book_id;
  end if;
  update public.ownership_transfer_requests r set status = new_status, decided_at = now() where r.id = request.id;
  return new_status;
end
$$;

revoke execute on function public.decide_ownership_transfer(uuid, boolean) from public, anon;
grant execute on function public.decide_ownership_transfer(uuid, boolean) to authenticated, service_role;
