-- Family admins and ownership transfers: the owner invites relatives to help manage the book
-- (invitation links with a hashed single-use token), and may hand the book to another address.
--
-- The database as it stands (supabase/schemas): a change is written here and in a new migration;
-- tests/schema keeps the two equal.

-- Functions may read tables of later files: see 00-extensions-and-roles.sql.
set check_function_bodies = off;

-- ================================================================ tables

-- Invitations (status invited: the hash of a random single-use token, valid until expires_at),
-- confirmed family admins (user_id set) and cancelled invitations.
create table public.book_admins (
  id uuid primary key default gen_random_uuid(),
  book_id uuid not null references public.memory_books (id) on delete cascade,
  admin_name text not null check (char_length(btrim(admin_name)) between 1 and 200), -- NAME_MAX in contracts/limits.ts
  contact text check (char_length(contact) <= 200), -- NAME_MAX in contracts/limits.ts
  invited_by uuid default auth.uid() references auth.users (id) on delete set null,
  status text not null default 'invited' check (status in ('invited', 'confirmed', 'cancelled')),
  user_id uuid references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  token_hash text check (token_hash ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz default now() + interval '7 days',
  cancelled_at timestamptz,
  check ((status = 'confirmed') = (user_id is not null)),
  constraint book_admins_invitation_has_token
    check (status <> 'invited' or (token_hash is not null and expires_at is not null))
);
alter table public.book_admins enable row level security;
grant select, delete on table public.book_admins to authenticated;
grant update (status, cancelled_at) on table public.book_admins to authenticated;

create index book_admins_book_idx on public.book_admins (book_id);
create unique index book_admins_book_user_key on public.book_admins (book_id, user_id);
create index book_admins_user_idx on public.book_admins (user_id) where user_id is not null;
create unique index book_admins_token_hash_key on public.book_admins (token_hash);
create index book_admins_invited_by_idx on public.book_admins (invited_by);

-- A request to hand a book to another e-mail address: the invitee registers, the owner approves.
-- The invitation link carries a random token; only its hash is stored, valid until expires_at.
create table public.ownership_transfer_requests (
  id uuid primary key default gen_random_uuid(),
  book_id uuid not null references public.memory_books (id) on delete cascade,
  invitee_email text not null check (invitee_email = lower(btrim(invitee_email)) and invitee_email like '%@%'),
  status text not null default 'pending_registration'
    check (status in ('pending_registration', 'registered_waiting_approval', 'approved', 'declined')),
  requested_by uuid default auth.uid() references auth.users (id) on delete set null,
  -- The account the book goes to: deleting it deletes its requests.
  invitee_user_id uuid references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  registered_at timestamptz,
  decided_at timestamptz,
  invite_token_hash text check (invite_token_hash ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz not null default now() + interval '7 days'
);
alter table public.ownership_transfer_requests enable row level security;
grant select, delete on table public.ownership_transfer_requests to authenticated;
grant select on table public.ownership_transfer_requests to service_role;

create index ownership_transfer_book_idx on public.ownership_transfer_requests (book_id);
create index ownership_transfer_invitee_idx on public.ownership_transfer_requests (invitee_email);
create index ownership_transfer_invitee_user_idx on public.ownership_transfer_requests (invitee_user_id);
create unique index ownership_transfer_token_hash_key on public.ownership_transfer_requests (invite_token_hash);
create index ownership_transfer_requests_requested_by_idx on public.ownership_transfer_requests (requested_by);

-- ================================================================ functions

-- Trigger: stores the invitee's address trimmed and in lower case, so it compares with the
-- address they register with.
create function private.ownership_transfer_normalize() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.invitee_email := lower(btrim(new.invitee_email));
  return new;
end
$$;
revoke execute on function private.ownership_transfer_normalize() from public;

-- Why `member` may not take this invitation of `book` (null: they may).
create function private.admin_invitation_problem(invitation public.book_admins, book uuid, member uuid)
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
revoke execute on function private.admin_invitation_problem(invitation public.book_admins, book uuid, member uuid) from public;

-- The Hebrew message for a refused family-admin invitation, by its reason.
create function private.admin_invitation_message(reason text) returns text
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
revoke execute on function private.admin_invitation_message(reason text) from public;

-- Refuses a family-admin invitation for its reason (from private.admin_invitation_problem), with
-- its Hebrew message; nothing when there is none.
create function private.refuse_admin_invitation(problem text) returns void
language plpgsql volatile set search_path = '' as $$
begin
  case problem
    when 'invitation_not_found' then
      perform private.refuse(private.admin_invitation_message(problem), 'invitation_not_found');
    when 'invitation_cancelled' then
      perform private.refuse(private.admin_invitation_message(problem), 'invitation_cancelled');
    when 'invitation_used' then
      perform private.refuse(private.admin_invitation_message(problem), 'invitation_used');
    when 'invitation_expired' then
      perform private.refuse(private.admin_invitation_message(problem), 'invitation_expired');
    when 'owner_cannot_join' then
      perform private.refuse(private.admin_invitation_message(problem), 'owner_cannot_join');
    when 'already_admin' then
      perform private.refuse(private.admin_invitation_message(problem), 'already_admin');
    else
      null;
  end case;
end
$$;
revoke execute on function private.refuse_admin_invitation(problem text) from public;

-- The invitation of `book` whose token hashes to the stored token_hash (locked for update when
-- `lock`), or null.
create function private.find_admin_invitation(token text, book uuid, lock boolean)
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
revoke execute on function private.find_admin_invitation(token text, book uuid, lock boolean) from public;

-- Service role only (join-as-admin, before it checks the family code): may `member` take this
-- invitation? Refuses with the reason it may not; writes nothing.
create function public.check_admin_invitation(token text, book_ref text, member uuid)
returns public.book_action_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
begin
  perform private.refuse_admin_invitation(
    private.admin_invitation_problem(private.find_admin_invitation(token, book, false), book, member));
  return row(true, 'invitation_open', 'ההזמנה בתוקף', book,
             (select b.short_code from public.memory_books b where b.id = book))::public.book_action_result;
end
$$;
revoke execute on function public.check_admin_invitation(token text, book_ref text, member uuid) from public;
grant execute on function public.check_admin_invitation(token text, book_ref text, member uuid) to service_role;

-- Service role only (join-as-admin, after the family code was checked): `member`, a user with a
-- confirmed e-mail, becomes a confirmed admin through the open invitation. Every refusal raises and
-- writes nothing; the used invitation keeps its hash, so the link then answers 'already used'.
create function public.join_book_as_admin(token text, book_ref text, member uuid)
returns public.book_action_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
  invitation public.book_admins;
begin
  if member is null or not exists (
    select 1 from auth.users u where u.id = member and u.email_confirmed_at is not null
  ) then
    perform private.deny('נדרשת התחברות', 'login_required');
  end if;
  invitation := private.find_admin_invitation(token, book, true);
  perform private.refuse_admin_invitation(private.admin_invitation_problem(invitation, book, member));
  update public.book_admins a
     set status = 'confirmed', user_id = member, confirmed_at = now()
   where a.id = invitation.id;
  return row(true, 'joined', 'הצטרפת בהצלחה, כעת את/ה מנהל/ת של ספר הזיכרון', book,
             (select b.short_code from public.memory_books b where b.id = book))::public.book_action_result;
end
$$;
revoke execute on function public.join_book_as_admin(token text, book_ref text, member uuid) from public;
grant execute on function public.join_book_as_admin(token text, book_ref text, member uuid) to service_role;

-- The invitee answers a transfer invitation; the request then waits for the owner's approval.
-- The account fixed at invitation answers whatever its address is now; without one, the account
-- signed in with the invited address, confirmed, answers and is fixed. Answering again is harmless.
create function private.register_ownership_transfer(invite_token text)
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
    perform private.refuse('הקישור להעברת הבעלות אינו תקין או שבוטל', 'transfer_invalid');
  end if;
  select b.short_code into short_id from public.memory_books b where b.id = request.book_id;
  if request.status = 'registered_waiting_approval' and request.invitee_user_id = invitee then
    return row(true, 'registered_waiting_approval', 'הבקשה נשלחה לבעל הספר לאישור', request.book_id, short_id)::public.book_action_result;
  end if;
  if request.status <> 'pending_registration' then
    perform private.refuse('כבר השתמשו בקישור הזה להעברת הבעלות', 'transfer_used');
  end if;
  if request.expires_at <= now() then
    perform private.refuse('תוקף ההזמנה להעברת הבעלות פג (7 ימים)', 'transfer_expired');
  end if;
  if request.invitee_user_id is not null and request.invitee_user_id <> invitee then
    perform private.deny('ההזמנה נשלחה לחשבון אחר. התחברו לחשבון שאליו נשלחה ההזמנה', 'transfer_wrong_account');
  end if;
  if request.invitee_user_id is null and request.invitee_email <> invitee_address then
    perform private.deny('ההזמנה נשלחה לכתובת מייל אחרת. התחברו עם הכתובת שאליה נשלחה ההזמנה', 'transfer_wrong_account');
  end if;
  update public.ownership_transfer_requests r
     set status = 'registered_waiting_approval', invitee_user_id = invitee, registered_at = now()
   where r.id = request.id;
  return row(true, 'registered_waiting_approval', 'הבקשה נשלחה לבעל הספר לאישור', request.book_id, short_id)::public.book_action_result;
end
$$;
revoke execute on function private.register_ownership_transfer(invite_token text) from public;
grant execute on function private.register_ownership_transfer(invite_token text) to authenticated, service_role;
comment on function private.register_ownership_transfer(invite_token text) is
  'SECURITY DEFINER: the link''s token finds a transfer request the caller cannot read (one fixed to another account or address, to say so); it records only the signed-in caller as the invitee.';

-- Service role only (delete-account): `owner` hands `book` to its confirmed family admin whose
-- book_admins row is `admin_row`. The admin becomes the owner (by their confirmed e-mail) and is no
-- longer listed as an admin of it. Answers the new owner's e-mail.
create function public.hand_book_to_family_admin(owner uuid, book uuid, admin_row uuid) returns text
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
revoke execute on function public.hand_book_to_family_admin(owner uuid, book uuid, admin_row uuid) from public;
grant execute on function public.hand_book_to_family_admin(owner uuid, book uuid, admin_row uuid) to service_role;

-- The Data API's entry point, run as the caller (security invoker): the owner (or a platform admin) cancels an open
-- invitation, as policy "managers cancel open invitations" lets them; its link then says so.
create function public.cancel_admin_invitation(invitation_id uuid)
returns void
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  invitation public.book_admins;
begin
  select * into invitation from public.book_admins a where a.id = invitation_id;
  if not found or not private.can_manage_book(invitation.book_id) then
    perform private.deny('רק בעל הספר יכול לבטל הזמנות', 'not_book_owner');
  end if;
  update public.book_admins a set status = 'cancelled', cancelled_at = now()
   where a.id = invitation.id and a.status = 'invited';
  if not found then
    perform private.refuse('ההזמנה כבר אינה פתוחה', 'invitation_not_open');
  end if;
end
$$;
revoke execute on function public.cancel_admin_invitation(invitation_id uuid) from public;
grant execute on function public.cancel_admin_invitation(invitation_id uuid) to authenticated, service_role;

-- SECURITY DEFINER because nobody writes book_admins' tokens through the API, so every invitation
-- link is random and only its hash is kept. It adds an open invitation to a book the caller manages
-- (null otherwise) and answers {id, token, expires_at, book_id, family_code}: the link and the code
-- the manager passes on.
create function private.add_admin_invitation(book uuid, admin_name text, contact text)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  token constant text := private.random_token();
  invitation public.book_admins;
begin
  if not private.can_manage_book(book) then
    return null;
  end if;
  insert into public.book_admins (book_id, admin_name, contact, invited_by, status, token_hash)
  values (book, admin_name, contact, auth.uid(), 'invited', private.grant_hash(token))
  returning * into invitation;
  return (select jsonb_build_object('id', invitation.id, 'token', token, 'expires_at', invitation.expires_at,
                                    'short_code', b.short_code, 'family_code', b.family_access_code)
            from public.memory_books b where b.id = book);
end
$$;
revoke execute on function private.add_admin_invitation(book uuid, admin_name text, contact text) from public;
grant execute on function private.add_admin_invitation(book uuid, admin_name text, contact text) to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker): the owner (or a platform admin) invites a family
-- admin to a paid book, at most 20 open invitations; the invitation itself is written by
-- private.add_admin_invitation.
create function public.create_admin_invitation(book uuid, admin_name text, contact text)
returns jsonb
language plpgsql volatile security invoker set search_path = ''
as $$
begin
  if (select auth.uid()) is null or not private.can_manage_book(book) then
    perform private.deny('רק בעל הספר יכול להוסיף מנהלים', 'not_book_owner');
  end if;
  if nullif(btrim(admin_name), '') is null or nullif(btrim(contact), '') is null then
    perform private.refuse('אנא מלאו את כל השדות', 'required_fields');
  end if;
  if char_length(btrim(admin_name)) > 200 or char_length(btrim(contact)) > 200 then
    perform private.refuse('השם או פרטי הקשר ארוכים מדי', 'field_too_long');
  end if;
  if not private.is_book_paid(book) then
    perform private.refuse('יש להשלים את התשלום לפני הוספת מנהלים', 'book_not_paid');
  end if;
  if (select count(*) from public.book_admins a
       where a.book_id = book and a.status = 'invited' and a.expires_at > now()) >= 20 then
    perform private.refuse('יש כבר 20 הזמנות פתוחות לספר. בטלו הזמנה לפני שיוצרים חדשה', 'too_many_invitations');
  end if;
  return private.add_admin_invitation(book, btrim(admin_name), btrim(contact));
end
$$;
revoke execute on function public.create_admin_invitation(book uuid, admin_name text, contact text) from public;
grant execute on function public.create_admin_invitation(book uuid, admin_name text, contact text) to authenticated, service_role;

-- SECURITY DEFINER because nobody writes transfer requests through the API, so every transfer
-- link is random and only its hash is kept, and because the account holding the address is found
-- in auth.users. For a book the caller manages (null otherwise), with the book locked so two open
-- requests cannot start at once: refuses the owner's own address and a second open request, else
-- opens a request to the address (fixed to the account holding it, confirmed, if there is one) and
-- answers {id, token, expires_at, book_id}.
create function private.open_ownership_transfer(book uuid, address text)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  token constant text := private.random_token();
  target public.memory_books;
  intended uuid;
  request public.ownership_transfer_requests;
begin
  select * into target from public.memory_books b
   where b.id = book and private.can_manage_book(book) for update;
  if not found then
    return null;
  end if;
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
  return jsonb_build_object('id', request.id, 'token', token, 'expires_at', request.expires_at, 'short_code', target.short_code);
end
$$;
revoke execute on function private.open_ownership_transfer(book uuid, address text) from public;
grant execute on function private.open_ownership_transfer(book uuid, address text) to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker): the owner (or a platform admin) invites an address to
-- take over the book; private.open_ownership_transfer opens the request.
create function public.create_ownership_transfer(book uuid, invitee_email text)
returns jsonb
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  address constant text := lower(btrim(coalesce(invitee_email, '')));
begin
  if (select auth.uid()) is null or not private.can_manage_book(book) then
    perform private.deny('רק בעל הספר יכול להעביר את הבעלות עליו', 'not_book_owner');
  end if;
  if address !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(address) > 200 then
    perform private.refuse('כתובת האימייל אינה תקינה', 'invalid_email');
  end if;
  return private.open_ownership_transfer(book, address);
end
$$;
revoke execute on function public.create_ownership_transfer(book uuid, invitee_email text) from public;
grant execute on function public.create_ownership_transfer(book uuid, invitee_email text) to authenticated, service_role;

-- SECURITY DEFINER because approving hands the book to another account: it writes the owner's
-- address (a column only trusted callers write) as the invitee account's confirmed address now,
-- refusing an account that is gone or unconfirmed, finds the previous owner's account in auth.users
-- and makes them a family admin. It decides only a request waiting for approval on a book the
-- caller manages (and otherwise refuses), with the request locked.
create function private.settle_ownership_transfer(request_id uuid, approve boolean)
returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  request public.ownership_transfer_requests;
  target public.memory_books;
  previous_owner uuid;
  new_owner_email text;
  new_status constant text := case when approve then 'approved' else 'declined' end;
begin
  select * into request from public.ownership_transfer_requests r
   where r.id = request_id and r.status = 'registered_waiting_approval' and private.can_manage_book(r.book_id)
     for update;
  if not found then
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
revoke execute on function private.settle_ownership_transfer(request_id uuid, approve boolean) from public;
grant execute on function private.settle_ownership_transfer(request_id uuid, approve boolean) to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker): the owner (or a platform admin) approves or declines
-- a registered request; private.settle_ownership_transfer carries it out.
create function public.decide_ownership_transfer(request_id uuid, approve boolean)
returns text
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  request public.ownership_transfer_requests;
begin
  select * into request from public.ownership_transfer_requests r where r.id = request_id;
  if not found or not private.can_manage_book(request.book_id) then
    perform private.deny('רק בעל הספר יכול לאשר העברת בעלות', 'not_book_owner');
  end if;
  if request.status <> 'registered_waiting_approval' then
    perform private.refuse('הבקשה אינה ממתינה לאישור', 'transfer_not_waiting');
  end if;
  return private.settle_ownership_transfer(request.id, approve);
end
$$;
revoke execute on function public.decide_ownership_transfer(request_id uuid, approve boolean) from public;
grant execute on function public.decide_ownership_transfer(request_id uuid, approve boolean) to authenticated, service_role;

-- SECURITY DEFINER because a family admin's e-mail lives in auth.users and their name in a profile
-- only they may read. It answers a manager of the book (owner or platform admin) only, and only
-- about the book's confirmed admins.
create function private.book_admin_identities(book uuid)
returns table(user_id uuid, full_name text, email text)
language sql stable security definer set search_path = ''
as $$
  select a.user_id, nullif(btrim(u.full_name), ''), lower(au.email::text)
    from public.book_admins a
    join auth.users au on au.id = a.user_id
    left join public.users u on u.id = a.user_id
   where a.book_id = book and a.status = 'confirmed' and private.can_manage_book(book)
$$;
revoke execute on function private.book_admin_identities(book uuid) from public;
grant execute on function private.book_admin_identities(book uuid) to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker): the owner (or a platform admin): the book's confirmed
-- admins (name, e-mail, joined) and its invitations still open or expired (never cancelled or used).
create function public.list_book_admins(book uuid)
returns table(id uuid, admin_name text, contact text, email text, state text, created_at timestamp with time zone, confirmed_at timestamp with time zone, expires_at timestamp with time zone)
language plpgsql stable security invoker set search_path = ''
as $$
begin
  if (select auth.uid()) is null or not private.can_manage_book(book) then
    perform private.deny('רק בעל הספר יכול לנהל מנהלים', 'not_book_owner');
  end if;
  return query
    select a.id, coalesce(p.full_name, a.admin_name), a.contact, p.email,
           case when a.status = 'confirmed' then 'confirmed'
                when a.expires_at <= now() then 'expired'
                else 'invited' end,
           a.created_at, a.confirmed_at, a.expires_at
      from public.book_admins a
      left join private.book_admin_identities(book) p on p.user_id = a.user_id
     where a.book_id = book and a.status in ('invited', 'confirmed')
     order by a.status = 'confirmed' desc, coalesce(a.confirmed_at, a.created_at) desc;
end
$$;
revoke execute on function public.list_book_admins(book uuid) from public;
grant execute on function public.list_book_admins(book uuid) to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker): a signed-in caller with a confirmed address answers a
-- transfer link; the rule is in private.register_ownership_transfer.
create function public.register_ownership_transfer(invite_token text)
returns public.book_action_result
language plpgsql volatile security invoker set search_path = ''
as $$
begin
  if (select auth.uid()) is null or private.current_user_email() is null then
    perform private.deny('נדרשת התחברות', 'login_required');
  end if;
  return private.register_ownership_transfer(invite_token);
end
$$;
revoke execute on function public.register_ownership_transfer(invite_token text) from public;
grant execute on function public.register_ownership_transfer(invite_token text) to authenticated, service_role;

-- Service role only (join-as-admin, for anyone holding a link): what a link's invitation is:
-- {status, message}, status open | invitation_not_found | invitation_cancelled | invitation_used |
-- invitation_expired. Nothing else about the book or
-- the invitee; the token (43 random characters) cannot be guessed.
create function public.admin_invitation_status(token text, book_ref text) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
  invitation public.book_admins;
  problem text;
begin
  if book is not null then
    select * into invitation from public.book_admins a
     where a.token_hash = private.grant_hash(btrim(coalesce(token, ''))) and a.book_id = book;
  end if;
  problem := private.admin_invitation_problem(invitation, book, null);
  if problem is not null then
    return jsonb_build_object('status', problem, 'message', private.admin_invitation_message(problem));
  end if;
  return jsonb_build_object('status', 'open', 'message', 'ההזמנה בתוקף');
end
$$;
revoke execute on function public.admin_invitation_status(token text, book_ref text) from public;
grant execute on function public.admin_invitation_status(token text, book_ref text) to service_role;

-- SECURITY DEFINER for the same reason: a fresh random link for an open invitation of a book the
-- caller manages, valid 7 days from now (the previous link stops working); null otherwise.
-- Answers {id, token, expires_at, book_id, admin_name}; the token is not kept.
create function private.new_admin_invitation_link(invitation_id uuid)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  token constant text := private.random_token();
  invitation public.book_admins;
begin
  update public.book_admins a
     set token_hash = private.grant_hash(token), expires_at = now() + interval '7 days'
   where a.id = invitation_id and a.status = 'invited' and private.can_manage_book(a.book_id)
  returning * into invitation;
  if not found then
    return null;
  end if;
  return jsonb_build_object('id', invitation.id, 'token', token, 'expires_at', invitation.expires_at,
                            'short_code', (select b.short_code from public.memory_books b where b.id = invitation.book_id),
                            'admin_name', invitation.admin_name);
end
$$;
revoke execute on function private.new_admin_invitation_link(invitation_id uuid) from public;
grant execute on function private.new_admin_invitation_link(invitation_id uuid) to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker): the owner (or a platform admin) gets a new link for
-- an invitation not used or cancelled yet; the previous link stops working.
create function public.renew_admin_invitation_link(invitation_id uuid)
returns jsonb
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  invitation public.book_admins;
  renewed jsonb;
begin
  select * into invitation from public.book_admins a where a.id = invitation_id;
  if not found or not private.can_manage_book(invitation.book_id) then
    perform private.deny('רק בעל הספר יכול לשלוח הזמנות', 'not_book_owner');
  end if;
  renewed := case when invitation.status = 'invited' then private.new_admin_invitation_link(invitation.id) end;
  if renewed is null then
    perform private.refuse('ההזמנה כבר אינה פתוחה', 'invitation_not_open');
  end if;
  return renewed;
end
$$;
revoke execute on function public.renew_admin_invitation_link(invitation_id uuid) from public;
grant execute on function public.renew_admin_invitation_link(invitation_id uuid) to authenticated, service_role;

-- ================================================================ triggers

create trigger ownership_transfer_normalize
  before insert or update of invitee_email on public.ownership_transfer_requests
  for each row execute function private.ownership_transfer_normalize();

-- ================================================================ policies

-- A book's owner removes its family admins; a platform admin any.
create policy "owners and platform admins remove book admins" on public.book_admins
  for delete to authenticated
  using (private.is_book_owner(book_id) or (select private.is_platform_admin()));

-- A book's managers (owner or platform admin) cancel its open invitations, and change nothing else.
create policy "managers cancel open invitations" on public.book_admins
  for update to authenticated
  using (status = 'invited' and private.can_manage_book(book_id))
  with check (status = 'cancelled' and cancelled_at is not null and private.can_manage_book(book_id));

-- A family admin reads their own row, the owner the book's rows, a platform admin all.
create policy "owners, members and platform admins read book admins" on public.book_admins
  for select to authenticated
  using (user_id = (select auth.uid()) or private.is_book_owner(book_id) or (select private.is_platform_admin()));

-- The owner withdraws their book's transfer requests; a platform admin any.
create policy "owners and platform admins withdraw transfer requests" on public.ownership_transfer_requests
  for delete to authenticated
  using (private.is_book_owner(book_id) or (select private.is_platform_admin()));

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
