-- The functions signed-in users call, each honest about whose rights it runs with. Until now each
-- was a one-line SECURITY INVOKER entry point in public forwarding to a SECURITY DEFINER body in
-- private, which Supabase's advisor cannot tell from a checked one. Now:
--  * where the caller's own rights suffice, the function runs as the caller (SECURITY INVOKER)
--    under row-level security, with the narrow policy and column grants it needs, so a request
--    straight to the table can do no more than the function;
--  * where a privilege is truly needed, the public entry point runs as the caller and checks who
--    they are; only the privileged step runs as its owner, in private, with the reason next to it
--    (and it still answers only a caller the entry point would have let through).
create schema if not exists private;

-- ---------------------------------------------------------------- cancel_admin_invitation: as the caller
revoke update on public.book_admins from anon, authenticated;
grant update (status, cancelled_at) on public.book_admins to authenticated;
-- A book's managers (owner or platform admin) cancel its open invitations, and change nothing else.
create policy "managers cancel open invitations" on public.book_admins
  for update to authenticated
  using (status = 'invited' and private.can_manage_book(book_id))
  with check (status = 'cancelled' and cancelled_at is not null and private.can_manage_book(book_id));

create or replace function public.cancel_admin_invitation(invitation_id uuid)
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
drop function private.cancel_admin_invitation(uuid);

-- ---------------------------------------------------------------- memory news choices: as the caller
revoke all on public.memory_news_recipients from anon, authenticated;
grant select (id, book_id, user_id, frequency, since), insert (book_id, user_id, frequency), update (frequency, since)
  on public.memory_news_recipients to authenticated;
-- The owner's choice is the book's row without a user; each family admin's is their own row.
-- Nobody reads another's choice or any row's unsubscribe token (not granted).
create policy "managers read their memory news choice" on public.memory_news_recipients
  for select to authenticated
  using ((user_id is null and private.is_book_owner(book_id))
         or (user_id = (select auth.uid()) and private.is_book_family_admin(book_id)));
-- A manager adds their own choice: the owner the book's row, a family admin their own.
create policy "managers add their memory news choice" on public.memory_news_recipients
  for insert to authenticated
  with check ((user_id is null and private.is_book_owner(book_id))
              or (user_id = (select auth.uid()) and private.is_book_family_admin(book_id)));
-- ... and change it; its start can move to now, never into the future.
create policy "managers change their memory news choice" on public.memory_news_recipients
  for update to authenticated
  using ((user_id is null and private.is_book_owner(book_id))
         or (user_id = (select auth.uid()) and private.is_book_family_admin(book_id)))
  with check (since <= now()
              and ((user_id is null and private.is_book_owner(book_id))
                   or (user_id = (select auth.uid()) and private.is_book_family_admin(book_id))));

create or replace function public.memory_news_setting(book uuid)
returns text
language plpgsql stable security invoker set search_path = ''
as $$
begin
  if private.is_book_owner(book) then
    return (select r.frequency from public.memory_news_recipients r where r.book_id = book and r.user_id is null);
  end if;
  if private.is_book_family_admin(book) then
    return coalesce((select r.frequency from public.memory_news_recipients r
                      where r.book_id = book and r.user_id = (select auth.uid())), 'off');
  end if;
  perform private.deny('רק בעל הספר ומנהלי המשפחה מקבלים עדכונים על זיכרונות חדשים', 'not_book_manager');
end
$$;
drop function private.memory_news_setting(uuid);

create or replace function public.set_memory_news(book uuid, frequency text)
returns text
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  owner_row constant boolean := private.is_book_owner(book);
  member uuid := case when owner_row then null else (select auth.uid()) end;
begin
  if frequency is null or frequency not in ('batch', 'daily', 'off') then
    perform private.refuse('בחירה לא תקינה', 'invalid_frequency');
  end if;
  if not owner_row and not private.is_book_family_admin(book) then
    perform private.deny('רק בעל הספר ומנהלי המשפחה מקבלים עדכונים על זיכרונות חדשים', 'not_book_manager');
  end if;
  update public.memory_news_recipients r
     set since = case when r.frequency = 'off' and set_memory_news.frequency <> 'off' then now() else r.since end,
         frequency = set_memory_news.frequency
   where r.book_id = book and r.user_id is not distinct from member;
  if not found then
    insert into public.memory_news_recipients (book_id, user_id, frequency) values (book, member, set_memory_news.frequency);
  end if;
  return set_memory_news.frequency;
end
$$;
drop function private.set_memory_news(uuid, text);

-- ---------------------------------------------------------------- candles_lit_by: as the caller
revoke all on public.candles from anon, authenticated;
grant select (book_id, lit_by, lit_on, created_at) on public.candles to authenticated;
-- Who lit a book's candles (the names they chose to leave): the book's owner, its family admins and
-- platform admins. A visitor's hash is not granted to anyone.
create policy "book managers read candles" on public.candles
  for select to authenticated
  using (private.can_read_book(book_id));
-- A book's short id (public: it is in every share link) to its row id, for those who cannot read the row.
grant execute on function private.resolve_book(text) to authenticated;

create or replace function public.candles_lit_by(book_ref text)
returns table(lit_by text, lit_on date)
language sql stable security invoker set search_path = ''
as $$
  select c.lit_by, c.lit_on
    from public.candles c
   where c.book_id = private.resolve_book(book_ref) and c.lit_by is not null
   order by c.created_at desc
   limit 200
$$;
drop function private.candles_lit_by(text);

-- ---------------------------------------------------------------- log_security_event: as the caller
drop policy "platform admins manage admin logs" on public.admin_logs;
revoke insert on public.admin_logs from anon, authenticated;
-- A row's time and id are always the database's own.
grant insert (admin_email, action, target_user, book_id, details) on public.admin_logs to authenticated;
-- How many security reports the caller sent in the last hour. SECURITY DEFINER because a policy on
-- admin_logs cannot read admin_logs itself (PostgreSQL refuses the recursion); it counts only the
-- caller's own reports.
create function private.security_reports_last_hour()
returns bigint
language sql stable security definer set search_path = ''
as $$
  select count(*) from public.admin_logs l
   where l.admin_email is null and l.details ->> 'reported_by' = 'user'
     and l.details ->> 'user_id' = (select auth.uid())::text
     and l."timestamp" > now() - interval '1 hour'
$$;
revoke all on function private.security_reports_last_hour() from public, anon;
grant execute on function private.security_reports_last_hour() to authenticated, service_role;

-- Only a platform admin reads the log.
create policy "platform admins read admin logs" on public.admin_logs
  for select to authenticated
  using ((select private.is_platform_admin()));
-- A platform admin writes any entry; a signed-in user only a report of a suspicious event about
-- themselves, named SECURITY_SUSPICIOUS_*, at most 20 an hour.
create policy "platform admins and reporters add admin logs" on public.admin_logs
  for insert to authenticated
  with check (
    (select private.is_platform_admin())
    or (admin_email is null and book_id is null
        and action ~ '^SECURITY_SUSPICIOUS_[A-Z0-9_]{1,50}$'
        and jsonb_typeof(details) = 'object' and octet_length(details::text) <= 2100
        and details ->> 'reported_by' = 'user' and details ->> 'user_id' = (select auth.uid())::text
        and target_user = coalesce((select private.current_user_email()), (select auth.uid())::text)
        and (select private.security_reports_last_hour()) < 20)
  );
-- Only a platform admin changes entries.
create policy "platform admins change admin logs" on public.admin_logs
  for update to authenticated
  using ((select private.is_platform_admin()))
  with check ((select private.is_platform_admin()));
-- Only a platform admin removes entries (the log's clean-up).
create policy "platform admins delete admin logs" on public.admin_logs
  for delete to authenticated
  using ((select private.is_platform_admin()));

create or replace function public.log_security_event(action text, details jsonb default '{}'::jsonb)
returns void
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  caller constant uuid := (select auth.uid());
  report constant jsonb := coalesce(log_security_event.details, '{}'::jsonb);
begin
  if caller is null then
    perform private.deny('נדרשת התחברות', 'login_required');
  end if;
  if log_security_event.action !~ '^SECURITY_SUSPICIOUS_[A-Z0-9_]{1,50}$' or jsonb_typeof(report) <> 'object'
     or octet_length(report::text) > 2000 then
    perform private.refuse('סוג אירוע לא מוכר', 'security_event_invalid');
  end if;
  -- Over the hourly limit the report is dropped quietly (the policy would refuse it).
  if private.security_reports_last_hour() >= 20 then
    return;
  end if;
  insert into public.admin_logs (action, target_user, details)
  values (log_security_event.action, coalesce(private.current_user_email(), caller::text),
          report || jsonb_build_object('reported_by', 'user', 'user_id', caller));
end
$$;
drop function private.log_security_event(text, jsonb);

-- ---------------------------------------------------------------- list_book_admins
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
revoke all on function private.book_admin_identities(uuid) from public, anon;
grant execute on function private.book_admin_identities(uuid) to authenticated, service_role;

create or replace function public.list_book_admins(book uuid)
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
drop function private.list_book_admins(uuid);

-- ---------------------------------------------------------------- generate_family_code
-- SECURITY DEFINER because only trusted callers write a family code (the column guard keeps the
-- owner from choosing one through the API), so every code is random. It changes the code of a book
-- the caller manages (or any book, for the service role) and answers null otherwise.
create function private.new_family_code(book uuid)
returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  new_code constant text := private.random_code(private.code_alphabet(), 6);
begin
  update public.memory_books b set family_access_code = new_code
   where b.id = book and (private.can_manage_book(book) or private.is_service_request());
  return case when found then new_code end;
end
$$;
revoke all on function private.new_family_code(uuid) from public, anon;
grant execute on function private.new_family_code(uuid) to authenticated, service_role;

create or replace function public.generate_family_code(book uuid)
returns text
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  new_code text;
begin
  if not (private.is_book_owner(book) or private.is_platform_admin() or private.is_service_request()) then
    perform private.deny('רק בעל הספר יכול ליצור קוד חדש', 'not_book_owner');
  end if;
  new_code := private.new_family_code(book);
  if new_code is null then
    perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
  end if;
  if private.is_platform_admin() and not private.is_book_owner(book) then
    insert into public.admin_logs (admin_email, action, book_id, details)
    values (private.current_user_email(), 'ADMIN_RESET_FAMILY_CODE', book, '{}'::jsonb);
  end if;
  return new_code;
end
$$;
drop function private.generate_family_code(uuid);

-- ---------------------------------------------------------------- family admin invitations
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
                                    'book_id', b.book_id, 'family_code', b.family_access_code)
            from public.memory_books b where b.id = book);
end
$$;
revoke all on function private.add_admin_invitation(uuid, text, text) from public, anon;
grant execute on function private.add_admin_invitation(uuid, text, text) to authenticated, service_role;

create or replace function public.create_admin_invitation(book uuid, admin_name text, contact text)
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
drop function private.create_admin_invitation(uuid, text, text);

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
                            'book_id', (select b.book_id from public.memory_books b where b.id = invitation.book_id),
                            'admin_name', invitation.admin_name);
end
$$;
revoke all on function private.new_admin_invitation_link(uuid) from public, anon;
grant execute on function private.new_admin_invitation_link(uuid) to authenticated, service_role;

create or replace function public.renew_admin_invitation_link(invitation_id uuid)
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
drop function private.renew_admin_invitation_link(uuid);

-- ---------------------------------------------------------------- ownership transfer
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
  return jsonb_build_object('id', request.id, 'token', token, 'expires_at', request.expires_at, 'book_id', target.book_id);
end
$$;
revoke all on function private.open_ownership_transfer(uuid, text) from public, anon;
grant execute on function private.open_ownership_transfer(uuid, text) to authenticated, service_role;

create or replace function public.create_ownership_transfer(book uuid, invitee_email text)
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
drop function private.create_ownership_transfer(uuid, text);

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
revoke all on function private.settle_ownership_transfer(uuid, boolean) from public, anon;
grant execute on function private.settle_ownership_transfer(uuid, boolean) to authenticated, service_role;

create or replace function public.decide_ownership_transfer(request_id uuid, approve boolean)
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
drop function private.decide_ownership_transfer(uuid, boolean);

-- register_ownership_transfer stays SECURITY DEFINER in private: the link's token is the credential,
-- and it finds a request the caller may not read (one fixed to another account, to say so).
comment on function private.register_ownership_transfer(text) is
  'SECURITY DEFINER: the link''s token finds a transfer request the caller cannot read (one fixed to another account or address, to say so); it records only the signed-in caller as the invitee.';
create or replace function public.register_ownership_transfer(invite_token text)
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

-- ---------------------------------------------------------------- what a signed-in user is connected to
comment on function private.my_books() is
  'SECURITY DEFINER: lists the books the caller owns, administers, bought or claimed; a family admin, purchaser or claimer may not read those rows, and it shows each only the columns their part allows.';
create or replace function public.my_books()
returns table(id uuid, book_id text, full_name text, birth_date date, death_date date, memory_quote text, profile_image_url text, background_image_url text, creator_name text, purchaser_name text, is_public boolean, plan_type text, payment_status text, is_paid boolean, completion_status text, created_at timestamp with time zone, updated_at timestamp with time zone, owner_email text, family_access_code text, gift_code text, gift_status text, gift_recipient_name text, gift_purchased_at timestamp with time zone, gift_claimed_at timestamp with time zone, gift_code_expires_at timestamp with time zone, gift_activated boolean, is_owner boolean, is_family_admin boolean, is_purchaser boolean, is_claimer boolean, memory_count bigint)
language plpgsql stable security invoker set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    return;
  end if;
  return query select * from private.my_books();
end
$$;

comment on function private.my_gift(text, uuid) is
  'SECURITY DEFINER: a gift''s purchaser sees its summary (state, code while theirs to pass on) though the book row is the recipient''s; only gifts the caller bought.';
create or replace function public.my_gift(session_id text default null::text, book uuid default null::uuid)
returns jsonb
language plpgsql stable security invoker set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    return null;
  end if;
  return private.my_gift(session_id, book);
end
$$;

comment on function private.family_link_key(uuid) is
  'SECURITY DEFINER: a family admin may not read the book row that holds its family link key; only for callers the family code does not apply to (owner, family admins, platform admins).';
create or replace function public.family_link_key(book uuid)
returns text
language plpgsql stable security invoker set search_path = ''
as $$
begin
  if (select auth.uid()) is null or not private.can_read_book(book) then
    return null;
  end if;
  return private.family_link_key(book);
end
$$;

-- ---------------------------------------------------------------- memory_news_unsubscribe
-- The e-mail link's token is the credential and the app calls it without a session, as it calls
-- the reminder links: SECURITY DEFINER in public for anonymous callers only (it changes the one
-- row the token names and answers the book's name), listed with its reason in
-- supabase/advisor-allow.txt instead of hidden behind an entry point.
drop function public.memory_news_unsubscribe(text);
alter function private.memory_news_unsubscribe(text) set schema public;
revoke all on function public.memory_news_unsubscribe(text) from public, anon, authenticated;
grant execute on function public.memory_news_unsubscribe(text) to anon, service_role;

-- ---------------------------------------------------------------- book_export
comment on function private.book_export(uuid) is
  'SECURITY DEFINER: a family admin may not read the book row its export starts with; it answers only the owner, confirmed family admins and platform admins, and leaves every secret out.';
create or replace function public.book_export(book uuid)
returns jsonb
language plpgsql stable security invoker set search_path = ''
as $$
begin
  if (select auth.uid()) is null or not private.can_read_book(book) then
    perform private.refuse('ספר הזיכרון לא נמצא', 'book_not_found');
  end if;
  return private.book_export(book);
end
$$;
