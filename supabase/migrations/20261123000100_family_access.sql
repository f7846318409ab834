-- Family codes are compared only inside public.family_code_check(), which only the service role may
-- run (the family-access edge function calls it). A client therefore never controls the
-- transaction that records an attempt: no `Prefer: tx=rollback`, singular Accept (406), filter
-- on the result or later error can undo it. A right code returns an access grant (32 random
-- bytes, stored hashed, valid 12 hours) that get_book_memories() and add_memory() accept
-- instead of the code.
--
-- Limits, per book: a client (its address as the gateway sees it) gets 10 wrong codes in 15
-- minutes, then is refused for 15 minutes (one SECURITY_FAMILY_CODE_LOCKOUT row). Once the book
-- has 30 wrong codes from all clients in 15 minutes, every client gets only 2 wrong codes in
-- that window, which slows a sweep from many addresses while a member with the right code, or
-- a session (owner, family admin, platform admin), still gets in.

alter table public.family_code_attempts
  add column client_key text check (char_length(client_key) <= 100);

create index family_code_attempts_client_idx
  on public.family_code_attempts (book_id, client_key, attempted_at desc);

create table public.family_access_grants (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  book_id uuid not null references public.memory_books (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create index family_access_grants_book_idx on public.family_access_grants (book_id);
create index family_access_grants_expires_idx on public.family_access_grants (expires_at);

alter table public.family_access_grants enable row level security;
revoke all on public.family_access_grants from public, anon, authenticated;
grant select on public.family_access_grants to authenticated;
grant select, insert, update, delete on public.family_access_grants to service_role;
grant select, update on public.family_code_attempts to service_role;

-- Platform admins see when grants were issued (never the token, only its hash).
create policy "platform admins read family access grants" on public.family_access_grants
  for select to authenticated
  using ((select public.is_platform_admin()));

create or replace function private.grant_hash(access_grant text) returns text
language sql immutable set search_path = '' as $$
  select encode(pg_catalog.sha256(convert_to(coalesce(access_grant, ''), 'UTF8')), 'hex')
$$;

-- The book an unexpired grant opens, or null.
create or replace function private.book_of_grant(access_grant text) returns uuid
language sql stable security definer set search_path = '' as $$
  select g.book_id from public.family_access_grants g
   where nullif(btrim(access_grant), '') is not null
     and g.token_hash = private.grant_hash(btrim(access_grant))
     and g.expires_at > now()
$$;

-- One family-code attempt by `client` for `book`: 'ok', 'invalid' or 'locked'. Serialised per book
-- by an advisory lock, so concurrent guesses are counted one after another. A refused (locked)
-- attempt compares nothing and is not recorded; a code that is not 4 or 6 letters/digits is not
-- compared either.
create or replace function private.family_code_attempt(book uuid, code text, client text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  client_id constant text := left(coalesce(nullif(btrim(client), ''), 'unknown'), 100);
  typed constant text := upper(btrim(coalesce(code, '')));
  expected text;
  client_since timestamptz;
  client_failures integer;
  book_failures integer;
  attempt_id bigint;
  locked_until timestamptz;
begin
  perform pg_advisory_xact_lock(hashtextextended('family_code:' || book::text, 0));
  select max(a.locks_until) into locked_until
    from public.family_code_attempts a
   where a.book_id = book and a.client_key = client_id and a.locks_until is not null;
  if locked_until > now() then
    return 'locked';
  end if;
  client_since := greatest(now() - interval '15 minutes', coalesce(locked_until, '-infinity'::timestamptz));
  select count(*) filter (where a.client_key = client_id and a.attempted_at > client_since),
         count(*)
    into client_failures, book_failures
    from public.family_code_attempts a
   where a.book_id = book and not a.success and a.attempted_at > now() - interval '15 minutes';
  if book_failures >= 30 and client_failures >= 2 then
    return 'locked';
  end if;
  if typed !~ '^([A-Z0-9]{4}|[A-Z0-9]{6})$' then
    return 'invalid';
  end if;

  select b.family_access_code into expected from public.memory_books b where b.id = book;
  insert into public.family_code_attempts (book_id, success, client_hint, client_key)
  values (book, expected is not null and typed = expected, left('ip:' || client_id, 200), client_id)
  returning id into attempt_id;
  if expected is not null and typed = expected then
    return 'ok';
  end if;

  if client_failures + 1 >= 10 then
    update public.family_code_attempts set locks_until = now() + interval '15 minutes' where id = attempt_id;
    insert into public.admin_logs (admin_email, action, target_user, book_id, details)
    values (null, 'SECURITY_FAMILY_CODE_LOCKOUT', 'ip:' || client_id, book,
            jsonb_build_object('failed_attempts', client_failures + 1, 'client', client_id,
                               'locked_until', now() + interval '15 minutes'));
  end if;
  return 'invalid';
end
$$;

-- Service role only (the family-access function): checks a typed family code for a book on
-- behalf of `client` and, when right, issues an access grant. Never raises for a wrong code:
-- answers {ok, reason, message} and on success {access_grant, expires_at, book_id}.
create or replace function public.family_code_check(book_ref text, code text, client text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
  outcome text;
  access_grant text;
  expires constant timestamptz := now() + interval '12 hours';
begin
  if book is null then
    return jsonb_build_object('ok', false, 'reason', 'book_not_found', 'message', 'ספר זיכרון לא נמצא');
  end if;
  outcome := private.family_code_attempt(book, code, client);
  if outcome = 'locked' then
    return jsonb_build_object('ok', false, 'reason', 'family_code_locked',
                              'message', 'יותר מדי ניסיונות, נסו שוב בעוד מספר דקות');
  end if;
  if outcome <> 'ok' then
    return jsonb_build_object('ok', false, 'reason', 'family_code_invalid', 'message', 'הקוד המשפחתי שהזנת אינו נכון');
  end if;
  delete from public.family_access_grants g where g.expires_at < now() - interval '1 day';
  access_grant := private.random_token();
  insert into public.family_access_grants (token_hash, book_id, expires_at)
  values (private.grant_hash(access_grant), book, expires);
  return jsonb_build_object('ok', true, 'reason', 'granted', 'access_grant', access_grant,
                            'expires_at', expires, 'book_id', book);
end
$$;

revoke execute on function public.family_code_check(text, text, text) from public, anon, authenticated;
grant execute on function public.family_code_check(text, text, text) to service_role;

-- A new family code closes every grant the old one opened.
create or replace function private.on_family_code_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.family_access_grants g where g.book_id = new.id;
  return new;
end
$$;

create trigger memory_books_family_code_changed
  after update of family_access_code on public.memory_books
  for each row when (old.family_access_code is distinct from new.family_access_code)
  execute function private.on_family_code_changed();

-- The raw-code RPC and the in-transaction check are replaced by the family-access function.
drop function public.verify_family_code(text, text);

-- ---------------------------------------------------------------- reading with a grant
drop function public.get_book_memories(text, text);

-- Memories of a book, oldest first: to its owner, confirmed family admins and platform admins
-- all of them (hidden ones included, flagged by is_hidden); to anyone else only the visible
-- memories of a paid book that is public or for which an unexpired access grant is given. No
-- grant on a private book is refused (42501, family_code_required); a wrong, expired or other
-- book's grant too (42501, family_access_expired).
create function public.get_book_memories(book_ref text, access_grant text default null)
returns setof public.memory_entries
language plpgsql stable security definer set search_path = '' as $$
declare
  book uuid := private.resolve_book(book_ref);
  book_is_public boolean;
  book_is_paid boolean;
begin
  if book is null then
    perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
  end if;
  if public.can_read_book(book) or private.is_service_request() then
    return query select e.* from public.memory_entries e where e.book_id = book order by e.created_at, e.id;
    return;
  end if;
  select b.is_public, b.is_paid into book_is_public, book_is_paid from public.memory_books b where b.id = book;
  if not book_is_paid then
    return;
  end if;
  if not book_is_public then
    if nullif(btrim(access_grant), '') is null then
      perform private.deny('הספר פתוח למשפחה בלבד, יש להזין קוד משפחתי', 'family_code_required');
    end if;
    if private.book_of_grant(access_grant) is distinct from book then
      perform private.deny('הגישה לספר פגה, יש להזין שוב את הקוד המשפחתי', 'family_access_expired');
    end if;
  end if;
  return query
    select e.* from public.memory_entries e
     where e.book_id = book and not e.is_hidden
     order by e.created_at, e.id;
end
$$;

revoke execute on function public.get_book_memories(text, text) from public;
grant execute on function public.get_book_memories(text, text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------- adding with a grant
drop function public.add_memory(text, text, text, text, text, text, text, text[], text[], text);

-- Anyone: adds a memory to a paid book. With an access grant for this book, or when the caller is
-- the owner, a confirmed family admin or a platform admin, the memory is a family memory
-- (relation 'בן משפחה', up to 10 images); otherwise a guest memory (up to 5). A wrong or expired
-- grant returns ok=false, reason family_access_expired; every other refusal raises P0001 from
-- the validation trigger.
create function public.add_memory(
  book_ref text,
  access_grant text default null,
  full_name text default null,
  relation text default null,
  text1 text default null,
  text2 text default null,
  text3 text default null,
  image_urls text[] default '{}',
  image_captions text[] default '{}',
  video_url text default null
) returns public.add_memory_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  book uuid := private.resolve_book(book_ref);
  entry_source text := 'guest';
  entry_relation text := relation;
  new_id uuid;
begin
  if book is null then
    perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
  end if;
  if nullif(btrim(access_grant), '') is not null then
    if private.book_of_grant(access_grant) is distinct from book then
      return row(false, 'family_access_expired', 'הגישה לספר פגה, יש להזין שוב את הקוד המשפחתי', null, null)::public.add_memory_result;
    end if;
    entry_source := 'family';
  elsif public.can_read_book(book) then
    entry_source := 'family';
  end if;
  if entry_source = 'family' then
    entry_relation := 'בן משפחה';
  end if;
  insert into public.memory_entries (
    book_id, full_name, relation_to_deceased, memory_text_1, memory_text_2, memory_text_3,
    image_urls, image_captions, video_url, source, author_user_id
  ) values (
    book, add_memory.full_name, entry_relation, text1, text2, text3,
    coalesce(add_memory.image_urls, '{}'), coalesce(add_memory.image_captions, '{}'),
    nullif(btrim(add_memory.video_url), ''), entry_source, auth.uid()
  )
  returning id into new_id;
  return row(true, 'created', 'הזיכרון נשמר', new_id, entry_source)::public.add_memory_result;
end
$$;

revoke execute on function public.add_memory(text, text, text, text, text, text, text, text[], text[], text) from public;
grant execute on function public.add_memory(text, text, text, text, text, text, text, text[], text[], text)
  to anon, authenticated, service_role;

-- ---------------------------------------------------------------- joining as a family admin
drop function public.join_book_as_admin(text, text, text);

-- Service role only (a join-as-admin function that has already checked the family code through
-- family_code_check): `member`, a user with a confirmed e-mail, accepts the invitation whose
-- token (single use) belongs to the book and is still open. The token is replaced on use.
create function public.join_book_as_admin(token text, book_ref text, member uuid)
returns public.book_action_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  book uuid := private.resolve_book(book_ref);
  invitation public.book_admins;
begin
  if member is null or not exists (
    select 1 from auth.users u where u.id = member and u.email_confirmed_at is not null
  ) then
    perform private.deny('נדרשת התחברות', 'login_required');
  end if;
  select * into invitation from public.book_admins a
   where a.token = join_book_as_admin.token and a.book_id = book and a.status = 'invited'
   for update;
  if not found then
    return row(false, 'invitation_invalid', 'הקישור כבר לא בתוקף', null, null)::public.book_action_result;
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

revoke execute on function public.join_book_as_admin(text, text, uuid) from public, anon, authenticated;
grant execute on function public.join_book_as_admin(text, text, uuid) to service_role;

drop function private.check_family_code(uuid, text);
drop function private.family_code_locked_until(uuid);

-- Reached only through the security-definer functions above.
revoke all on function
  private.grant_hash(text),
  private.book_of_grant(text),
  private.family_code_attempt(uuid, text, text),
  private.on_family_code_changed()
  from public, anon, authenticated, service_role;
