-- Family-admin invitations and ownership-transfer invitations: tokens are random (43 URL-safe
-- characters), shown once to the owner who creates them, stored only as their SHA-256 hash, valid
-- 7 days and single use. Invitations are created, listed and cancelled through functions; joining
-- (after the family code was checked by the join-as-admin edge function) refuses unknown, used,
-- expired and cancelled tokens, the owner's own book and a second join, and writes nothing then.
-- An approved transfer keeps the previous owner as a confirmed family admin.

-- ---------------------------------------------------------------- book_admins: hashed, expiring, cancellable
alter table public.book_admins add column token_hash text check (token_hash ~ '^[0-9a-f]{64}$');
alter table public.book_admins add column expires_at timestamptz;
alter table public.book_admins add column cancelled_at timestamptz;

update public.book_admins a
   set token_hash = private.grant_hash(a.token),
       expires_at = a.created_at + interval '7 days'
 where a.status = 'invited';

alter table public.book_admins drop column token;
alter table public.book_admins alter column expires_at set default now() + interval '7 days';
create unique index book_admins_token_hash_key on public.book_admins (token_hash);

alter table public.book_admins drop constraint book_admins_status_check;
alter table public.book_admins add constraint book_admins_status_check
  check (status in ('invited', 'confirmed', 'cancelled'));
alter table public.book_admins add constraint book_admins_invitation_has_token
  check (status <> 'invited' or (token_hash is not null and expires_at is not null));

-- Invitations are made only by create_admin_invitation(), which hands out the token once, and
-- confirmed only by join_book_as_admin(): nobody inserts or updates rows directly.
drop policy "owners invite family admins" on public.book_admins;
drop policy "platform admins manage book admins" on public.book_admins;

-- Platform admins read every invitation and family admin.
create policy "platform admins read book admins" on public.book_admins
  for select to authenticated
  using ((select public.is_platform_admin()));

-- Platform admins remove invitations and family admins.
create policy "platform admins remove book admins" on public.book_admins
  for delete to authenticated
  using ((select public.is_platform_admin()));

revoke insert, update on public.book_admins from authenticated;
grant select, delete on public.book_admins to authenticated;

-- The owner (or a platform admin) of a paid book invites a family admin by name and e-mail or
-- phone. Answers {id, token, expires_at, book_id, family_code}; the token is not kept.
create or replace function public.create_admin_invitation(book uuid, admin_name text, contact text)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  token constant text := private.random_token();
  invitation public.book_admins;
  target public.memory_books;
begin
  if auth.uid() is null or not public.can_manage_book(book) then
    perform private.deny('רק בעל הספר יכול להוסיף מנהלים', 'not_book_owner');
  end if;
  if nullif(btrim(admin_name), '') is null or nullif(btrim(contact), '') is null then
    perform private.refuse('אנא מלאו את כל השדות', 'required_fields');
  end if;
  if char_length(btrim(admin_name)) > 200 or char_length(btrim(contact)) > 200 then
    perform private.refuse('השם או פרטי הקשר ארוכים מדי', 'field_too_long');
  end if;
  select * into target from public.memory_books b where b.id = book;
  if not target.is_paid then
    perform private.refuse('יש להשלים את התשלום לפני הוספת מנהלים', 'book_not_paid');
  end if;
  if (select count(*) from public.book_admins a
       where a.book_id = book and a.status = 'invited' and a.expires_at > now()) >= 20 then
    perform private.refuse('יש כבר 20 הזמנות פתוחות לספר. בטלו הזמנה לפני שיוצרים חדשה', 'too_many_invitations');
  end if;
  insert into public.book_admins (book_id, admin_name, contact, invited_by, status, token_hash)
  values (book, btrim(admin_name), btrim(contact), auth.uid(), 'invited', private.grant_hash(token))
  returning * into invitation;
  return jsonb_build_object('id', invitation.id, 'token', token, 'expires_at', invitation.expires_at,
                            'book_id', target.book_id, 'family_code', target.family_access_code);
end
$$;

-- The owner (or a platform admin) cancels an open invitation; its link then says so.
create or replace function public.cancel_admin_invitation(invitation_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  invitation public.book_admins;
begin
  select * into invitation from public.book_admins a where a.id = invitation_id for update;
  if not found or not public.can_manage_book(invitation.book_id) then
    perform private.deny('רק בעל הספר יכול לבטל הזמנות', 'not_book_owner');
  end if;
  if invitation.status <> 'invited' then
    perform private.refuse('ההזמנה כבר אינה פתוחה', 'invitation_not_open');
  end if;
  update public.book_admins a set status = 'cancelled', cancelled_at = now() where a.id = invitation.id;
end
$$;

-- The owner (or a platform admin): the book's confirmed admins (name, e-mail, joined) and its
-- invitations that are still open or expired (never cancelled or used ones).
create or replace function public.list_book_admins(book uuid)
returns table (
  id uuid, admin_name text, contact text, email text, state text,
  created_at timestamptz, confirmed_at timestamptz, expires_at timestamptz
)
language plpgsql stable security definer set search_path = '' as $$
begin
  if auth.uid() is null or not public.can_manage_book(book) then
    perform private.deny('רק בעל הספר יכול לנהל מנהלים', 'not_book_owner');
  end if;
  return query
    select a.id, coalesce(nullif(btrim(u.full_name), ''), a.admin_name), a.contact, lower(au.email::text),
           case when a.status = 'confirmed' then 'confirmed'
                when a.expires_at <= now() then 'expired'
                else 'invited' end,
           a.created_at, a.confirmed_at, a.expires_at
      from public.book_admins a
      left join auth.users au on au.id = a.user_id
      left join public.users u on u.id = a.user_id
     where a.book_id = book and a.status in ('invited', 'confirmed')
     order by a.status = 'confirmed' desc, coalesce(a.confirmed_at, a.created_at) desc;
end
$$;

-- Why `member` may not take this invitation of `book` (null: they may).
create or replace function private.admin_invitation_problem(invitation public.book_admins, book uuid, member uuid)
returns text
language plpgsql stable security definer set search_path = '' as $$
begin
  if book is null or invitation.id is null then
    return 'invitation_not_found';
  end if;
  if invitation.status = 'cancelled' then
    return 'invitation_cancelled';
  end if;
  if invitation.status = 'confirmed' then
    return 'invitation_used';
  end if;
  if invitation.expires_at <= now() then
    return 'invitation_expired';
  end if;
  if exists (
    select 1 from public.memory_books b, auth.users u
     where b.id = book and u.id = member and u.email_confirmed_at is not null and b.owner_email = lower(u.email)
  ) then
    return 'owner_cannot_join';
  end if;
  if exists (select 1 from public.book_admins a where a.book_id = book and a.user_id = member) then
    return 'already_admin';
  end if;
  return null;
end
$$;

create or replace function private.admin_invitation_message(reason text) returns text
language sql immutable set search_path = '' as $$
  select case reason
    when 'invitation_not_found' then 'קישור ההזמנה אינו תקין. בקשו מבעל הספר קישור חדש'
    when 'invitation_cancelled' then 'ההזמנה בוטלה על ידי בעל הספר'
    when 'invitation_used' then 'כבר השתמשו בקישור ההזמנה הזה. בקשו מבעל הספר הזמנה חדשה'
    when 'invitation_expired' then 'תוקף ההזמנה פג (7 ימים). בקשו מבעל הספר הזמנה חדשה'
    when 'owner_cannot_join' then 'את/ה כבר בעל/ת הספר הזה, אין צורך להצטרף כמנהל/ת'
    when 'already_admin' then 'את/ה כבר מנהל/ת של ספר הזיכרון הזה'
    else 'הקישור כבר לא בתוקף'
  end
$$;

create or replace function private.find_admin_invitation(token text, book uuid, lock boolean)
returns public.book_admins
language plpgsql volatile security definer set search_path = '' as $$
declare
  invitation public.book_admins;
begin
  if lock then
    select * into invitation from public.book_admins a
     where a.token_hash = private.grant_hash(btrim(coalesce(token, ''))) and a.book_id = book for update;
  else
    select * into invitation from public.book_admins a
     where a.token_hash = private.grant_hash(btrim(coalesce(token, ''))) and a.book_id = book;
  end if;
  return invitation;
end
$$;

-- Service role only (join-as-admin, before it checks the family code): may `member` take this
-- invitation? Writes nothing.
create or replace function public.check_admin_invitation(token text, book_ref text, member uuid)
returns public.book_action_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
  problem text;
begin
  problem := private.admin_invitation_problem(private.find_admin_invitation(token, book, false), book, member);
  if problem is not null then
    return row(false, problem, private.admin_invitation_message(problem), null, null)::public.book_action_result;
  end if;
  return row(true, 'invitation_open', 'ההזמנה בתוקף', book,
             (select b.book_id from public.memory_books b where b.id = book))::public.book_action_result;
end
$$;

drop function public.join_book_as_admin(text, text, uuid);

-- Service role only (join-as-admin, after the family code was checked): `member`, a user with a
-- confirmed e-mail, becomes a confirmed admin through the open invitation. Every refusal writes
-- nothing; the used invitation keeps its hash, so the link then answers 'already used'.
create function public.join_book_as_admin(token text, book_ref text, member uuid)
returns public.book_action_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
  invitation public.book_admins;
  problem text;
begin
  if member is null or not exists (
    select 1 from auth.users u where u.id = member and u.email_confirmed_at is not null
  ) then
    perform private.deny('נדרשת התחברות', 'login_required');
  end if;
  invitation := private.find_admin_invitation(token, book, true);
  problem := private.admin_invitation_problem(invitation, book, member);
  if problem is not null then
    return row(false, problem, private.admin_invitation_message(problem), null, null)::public.book_action_result;
  end if;
  update public.book_admins a
     set status = 'confirmed', user_id = member, confirmed_at = now()
   where a.id = invitation.id;
  return row(true, 'joined', 'הצטרפת בהצלחה, כעת את/ה מנהל/ת של ספר הזיכרון', book,
             (select b.book_id from public.memory_books b where b.id = book))::public.book_action_result;
end
$$;

-- ---------------------------------------------------------------- ownership transfers: hashed, expiring
alter table public.ownership_transfer_requests add column invite_token_hash text check (invite_token_hash ~ '^[0-9a-f]{64}$');
alter table public.ownership_transfer_requests add column expires_at timestamptz;
update public.ownership_transfer_requests r
   set invite_token_hash = private.grant_hash(r.invite_token), expires_at = r.created_at + interval '7 days';
alter table public.ownership_transfer_requests drop column invite_token;
alter table public.ownership_transfer_requests alter column expires_at set default now() + interval '7 days';
alter table public.ownership_transfer_requests alter column expires_at set not null;
create unique index ownership_transfer_token_hash_key on public.ownership_transfer_requests (invite_token_hash);

-- Requests are made by create_ownership_transfer() and move on only through
-- register_ownership_transfer() and decide_ownership_transfer().
drop policy "owners request transfers" on public.ownership_transfer_requests;
drop policy "platform admins manage transfer requests" on public.ownership_transfer_requests;

-- Platform admins read every transfer request.
create policy "platform admins read transfer requests" on public.ownership_transfer_requests
  for select to authenticated
  using ((select public.is_platform_admin()));

-- Platform admins withdraw transfer requests.
create policy "platform admins withdraw transfer requests" on public.ownership_transfer_requests
  for delete to authenticated
  using ((select public.is_platform_admin()));

revoke insert, update on public.ownership_transfer_requests from authenticated;
grant select, delete on public.ownership_transfer_requests to authenticated;
-- The ownership-transfer function reads a request to e-mail both sides of the decision.
grant select on public.ownership_transfer_requests to service_role;

-- The owner (or a platform admin) invites `invitee_email` to take over the book. One open request
-- per book. Answers {id, token, expires_at, book_id}; the token is not kept.
create or replace function public.create_ownership_transfer(book uuid, invitee_email text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  token constant text := private.random_token();
  address constant text := lower(btrim(coalesce(invitee_email, '')));
  target public.memory_books;
  request public.ownership_transfer_requests;
begin
  if auth.uid() is null or not public.can_manage_book(book) then
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
  insert into public.ownership_transfer_requests (book_id, invitee_email, invite_token_hash, requested_by)
  values (book, address, private.grant_hash(token), auth.uid())
  returning * into request;
  return jsonb_build_object('id', request.id, 'token', token, 'expires_at', request.expires_at,
                            'book_id', target.book_id);
end
$$;

drop function public.register_ownership_transfer(text);

-- The invitee (signed in with the invited, confirmed e-mail) answers a transfer invitation; the
-- request then waits for the owner's approval. Answering again is harmless.
create function public.register_ownership_transfer(invite_token text)
returns public.book_action_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  invitee constant uuid := auth.uid();
  invitee_address constant text := public.current_user_email();
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
  if request.invitee_email <> invitee_address then
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
-- owner_email to the invitee (a gift book's claimer with it, so the new owner reads it) and
-- keeps the previous owner as a confirmed family admin. Returns the request's new status.
create or replace function public.decide_ownership_transfer(request_id uuid, approve boolean) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  request public.ownership_transfer_requests;
  target public.memory_books;
  previous_owner uuid;
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
    select * into target from public.memory_books b where b.id = request.book_id for update;
    select u.id into previous_owner from auth.users u
     where lower(u.email) = target.owner_email and u.email_confirmed_at is not null;
    update public.memory_books b
       set owner_email = request.invitee_email,
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

-- ---------------------------------------------------------------- grants
revoke execute on function
  public.create_admin_invitation(uuid, text, text),
  public.cancel_admin_invitation(uuid),
  public.list_book_admins(uuid),
  public.create_ownership_transfer(uuid, text),
  public.register_ownership_transfer(text),
  public.decide_ownership_transfer(uuid, boolean)
  from public, anon;
grant execute on function
  public.create_admin_invitation(uuid, text, text),
  public.cancel_admin_invitation(uuid),
  public.list_book_admins(uuid),
  public.create_ownership_transfer(uuid, text),
  public.register_ownership_transfer(text),
  public.decide_ownership_transfer(uuid, boolean)
  to authenticated, service_role;

revoke execute on function
  public.check_admin_invitation(text, text, uuid),
  public.join_book_as_admin(text, text, uuid)
  from public, anon, authenticated;
grant execute on function
  public.check_admin_invitation(text, text, uuid),
  public.join_book_as_admin(text, text, uuid)
  to service_role;

revoke all on function
  private.admin_invitation_problem(public.book_admins, uuid, uuid),
  private.admin_invitation_message(text),
  private.find_admin_invitation(text, uuid, boolean)
  from public, anon, authenticated, service_role;
