-- Family access: the family code and the family link of a private book. A right code or link gives
-- the browser a grant (a token, valid for a time) to read the book; wrong codes are counted per book
-- and per client and lock further tries; the owner hears of a run of wrong tries and may renew the code.
--
-- The database as it stands (supabase/schemas): a change is written here and in a new migration;
-- tests/schema keeps the two equal.

-- Functions may read tables of later files: see 00-extensions-and-roles.sql.
set check_function_bodies = off;

-- ================================================================ tables

-- Every family-code check, counted for the lockouts per book and per client. `locks_until` is set
-- on the wrong attempt that started a lockout; `client_key` is the hashed caller the limit counts.
create table public.family_code_attempts (
  id bigint generated always as identity primary key,
  book_id uuid not null references public.memory_books (id) on delete cascade,
  attempted_at timestamptz not null default now(),
  success boolean not null,
  client_hint text check (char_length(client_hint) <= 200),
  locks_until timestamptz,
  client_key text check (char_length(client_key) <= 100)
);
alter table public.family_code_attempts enable row level security;
grant select, delete on table public.family_code_attempts to authenticated;
grant select, update on table public.family_code_attempts to service_role;

create index family_code_attempts_book_idx on public.family_code_attempts (book_id, attempted_at desc);
create index family_code_attempts_client_idx
  on public.family_code_attempts (book_id, client_key, attempted_at desc);

create table public.family_access_grants (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  book_id uuid not null references public.memory_books (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
alter table public.family_access_grants enable row level security;
grant select on table public.family_access_grants to authenticated;
grant select, insert, update, delete on table public.family_access_grants to service_role;

create index family_access_grants_book_idx on public.family_access_grants (book_id);
create index family_access_grants_expires_idx on public.family_access_grants (expires_at);

-- One row per alert e-mailed to a book's owner; the token (stored hashed) renews the code once.
create table private.family_code_alerts (
  id bigint generated always as identity primary key,
  book_id uuid not null references public.memory_books (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  used_at timestamptz
);
alter table private.family_code_alerts enable row level security;

create index family_code_alerts_book_idx on private.family_code_alerts (book_id, created_at desc);

-- ================================================================ functions

-- The book an unexpired grant opens, or null.
create function private.book_of_grant(access_grant text) returns uuid
language sql stable security definer set search_path = '' as $$
  select g.book_id from public.family_access_grants g
   where nullif(btrim(access_grant), '') is not null
     and g.token_hash = private.grant_hash(btrim(access_grant))
     and g.expires_at > now()
$$;
revoke execute on function private.book_of_grant(access_grant text) from public;

-- The link key is the server's: made on insert, renewed when the code changes, never set by a client.
create function private.memory_books_link_key() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' or new.family_access_code is distinct from old.family_access_code then
    new.family_link_key := private.random_token();
  else
    new.family_link_key := old.family_link_key;
  end if;
  return new;
end
$$;
revoke execute on function private.memory_books_link_key() from public;

-- Records one family-code try of `client` on `book` and answers 'ok', 'invalid', 'locked' (this
-- client is locked out) or 'paused' (the book's ceiling). Limits: 10 wrong codes of one client within
-- 15 minutes lock that client out for 15 minutes (and log SECURITY_FAMILY_CODE_LOCKOUT); 100 wrong
-- codes on the book in 24 hours pause every try. `exempt`: 'none', 'ceiling' (an invitee: the
-- per-client limit still holds) or 'all' (a member or a grant's holder: neither limit). A code not
-- shaped like one (4 or 6 letters and digits) is invalid and not counted.
create function private.family_code_attempt(book uuid, code text, client text, exempt text)
returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  client_id constant text := left(coalesce(nullif(btrim(client), ''), 'unknown'), 100);
  typed constant text := upper(btrim(coalesce(code, '')));
  expected text;
  client_since timestamptz;
  client_failures integer;
  book_failures_today integer;
  attempt_id bigint;
  locked_until timestamptz;
begin
  perform pg_advisory_xact_lock(hashtextextended('family_code:' || book::text, 0));
  select max(a.locks_until) into locked_until
    from public.family_code_attempts a
   where a.book_id = book and a.client_key = client_id and a.locks_until is not null;
  if locked_until > now() and exempt <> 'all' then
    return 'locked';
  end if;
  client_since := greatest(now() - interval '15 minutes', coalesce(locked_until, '-infinity'::timestamptz));
  select count(*) filter (where a.client_key = client_id and a.attempted_at > client_since),
         count(*)
    into client_failures, book_failures_today
    from public.family_code_attempts a
   where a.book_id = book and not a.success and a.attempted_at > now() - interval '24 hours';
  if book_failures_today >= 100 and exempt = 'none' then
    return 'paused';
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

  if client_failures + 1 >= 10 and exempt <> 'all' then
    update public.family_code_attempts set locks_until = now() + interval '15 minutes' where id = attempt_id;
    insert into public.admin_logs (admin_email, action, target_user, book_id, details)
    values (null, 'SECURITY_FAMILY_CODE_LOCKOUT', 'ip:' || client_id, book,
            jsonb_build_object('failed_attempts', client_failures + 1, 'client', client_id,
                               'locked_until', now() + interval '15 minutes'));
  end if;
  return 'invalid';
end
$$;
revoke execute on function private.family_code_attempt(book uuid, code text, client text, exempt text) from public;

-- Which limits `proof` lifts for `book`: 'all' for a member (owner, confirmed family admin,
-- platform admin) or a grant held now or expired less than 7 days ago; 'ceiling' for a checked
-- invitation; else 'none'.
create function private.family_code_exempt(book uuid, proof jsonb) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  reader uuid;
  held constant text := nullif(btrim(proof ->> 'held_grant'), '');
begin
  if held is not null and exists (
    select 1 from public.family_access_grants g
     where g.token_hash = private.grant_hash(held) and g.book_id = book
       and g.expires_at > now() - interval '7 days'
  ) then
    return 'all';
  end if;
  begin
    reader := nullif(proof ->> 'reader', '')::uuid;
  exception when invalid_text_representation then
    reader := null;
  end;
  if reader is not null and exists (
    select 1 from public.memory_books b
     where b.id = book and (
           exists (select 1 from auth.users a
                    where a.id = reader and a.email_confirmed_at is not null and lower(a.email) = b.owner_email)
        or exists (select 1 from public.book_admins m
                    where m.book_id = b.id and m.user_id = reader and m.status = 'confirmed')
        or exists (select 1 from public.users u where u.id = reader and u.role = 'admin')))
  then
    return 'all';
  end if;
  return case when coalesce((proof ->> 'invited')::boolean, false) then 'ceiling' else 'none' end;
end
$$;
revoke execute on function private.family_code_exempt(book uuid, proof jsonb) from public;

-- The family's link: does `link_key` open `book`?
create function private.family_link_opens(book uuid, link_key text) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(char_length(btrim(link_key)) >= 32, false) and exists (
    select 1 from public.memory_books b where b.id = book and b.family_link_key = btrim(link_key))
$$;
revoke execute on function private.family_link_opens(book uuid, link_key text) from public;

-- A new access grant for `book`, valid 12 hours: {ok, reason: 'granted', access_grant, expires_at, book_id}.
create function private.issue_family_grant(book uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  access_grant constant text := private.random_token();
  expires constant timestamptz := now() + interval '12 hours';
begin
  delete from public.family_access_grants g where g.expires_at < now() - interval '7 days';
  insert into public.family_access_grants (token_hash, book_id, expires_at)
  values (private.grant_hash(access_grant), book, expires);
  return jsonb_build_object('ok', true, 'reason', 'granted', 'access_grant', access_grant,
                            'expires_at', expires, 'book_id', book);
end
$$;
revoke execute on function private.issue_family_grant(book uuid) from public;

-- The alert to send when the book is at its ceiling, or null: one alert, then none while it is
-- unused and less than 7 days old (the owner has been told), and never two within 24 hours.
-- Writes a security log row.
create function private.family_code_alert(book uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  token constant text := private.random_token();
  facts record;
begin
  if (select count(*) from public.family_code_attempts a
       where a.book_id = book and not a.success and a.attempted_at > now() - interval '24 hours') < 100
     or exists (select 1 from private.family_code_alerts x
                 where x.book_id = book
                   and (x.created_at > now() - interval '24 hours'
                        or (x.used_at is null and x.created_at > now() - interval '7 days'))) then
    return null;
  end if;
  select b.short_code, b.full_name, b.owner_email into facts from public.memory_books b where b.id = book;
  insert into private.family_code_alerts (book_id, token_hash) values (book, private.grant_hash(token));
  insert into public.admin_logs (admin_email, action, target_user, book_id, details)
  values (null, 'SECURITY_FAMILY_CODE_SWEEP', facts.owner_email, book,
          jsonb_build_object('wrong_codes_24h', 100, 'owner_alerted', facts.owner_email is not null));
  if facts.owner_email is null then
    return null;
  end if;
  return jsonb_build_object('token', token, 'owner_email', facts.owner_email,
                            'short_code', facts.short_code, 'full_name', facts.full_name);
end
$$;
revoke execute on function private.family_code_alert(book uuid) from public;

-- Signed-in owner, confirmed family admin or platform admin: the key of the book's family link
-- (null to anyone else), which the dashboard puts into the link it shares with the family.
create function private.family_link_key(book uuid) returns text
language sql stable security definer set search_path = '' as $$
  select b.family_link_key from public.memory_books b
   where b.id = book and private.family_code_exempt(b.id, jsonb_build_object('reader', auth.uid())) = 'all'
$$;
revoke execute on function private.family_link_key(book uuid) from public;
grant execute on function private.family_link_key(book uuid) to authenticated, service_role;
comment on function private.family_link_key(book uuid) is
  'SECURITY DEFINER: a family admin may not read the book row that holds its family link key; only for callers the family code does not apply to (owner, family admins, platform admins).';

-- Service role only (family-access, join-as-admin): checks a typed family code for a book on
-- behalf of `client` (its address) with what else the caller proves (`proof`: reader, held_grant,
-- link_key, invited; see above) and, when right, issues an access grant. Never raises for a wrong
-- code: answers {ok, reason, message}; on success {access_grant, expires_at, book_id}. `alert`,
-- when present, is for the function to e-mail the owner, never for the caller.
create function public.family_code_check(book_ref text, code text, client text, proof jsonb default '{}'::jsonb)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
  outcome text;
  alert jsonb;
begin
  if book is null then
    return jsonb_build_object('ok', false, 'reason', 'book_not_found', 'message', 'ספר זיכרון לא נמצא');
  end if;
  if private.family_link_opens(book, proof ->> 'link_key') then
    return private.issue_family_grant(book);
  end if;
  outcome := private.family_code_attempt(book, code, client, private.family_code_exempt(book, coalesce(proof, '{}')));
  if outcome = 'ok' then
    return private.issue_family_grant(book);
  end if;
  if outcome = 'locked' then
    return jsonb_build_object('ok', false, 'reason', 'family_code_locked',
                              'message', 'יותר מדי ניסיונות, נסו שוב בעוד מספר דקות');
  end if;
  alert := private.family_code_alert(book);
  if outcome = 'paused' then
    return jsonb_build_object('ok', false, 'reason', 'family_code_paused',
                              'message', 'כדי לשמור על הספר, הכניסה בהקלדת הקוד נעצרה לזמן מה. בקשו מהמשפחה את הקישור לספר, והוא ייפתח מיד.')
           || coalesce(jsonb_build_object('alert', alert), '{}'::jsonb);
  end if;
  return jsonb_build_object('ok', false, 'reason', 'family_code_invalid', 'message', 'הקוד המשפחתי שהזנת אינו נכון')
         || coalesce(jsonb_build_object('alert', alert), '{}'::jsonb);
end
$$;
revoke execute on function public.family_code_check(book_ref text, code text, client text, proof jsonb) from public;
grant execute on function public.family_code_check(book_ref text, code text, client text, proof jsonb) to service_role;

-- Service role only (family-access, the owner's one tap): renews the code of the book whose alert
-- token this is, once and within 7 days. The new code is 6 characters; the old code's grants are
-- revoked and its wrong codes forgotten (the trigger below). Answers {ok, short_code, full_name,
-- family_code, link_key}; a used or expired link is refused (alert_link_invalid).
create function public.family_code_renew_by_alert(token text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  alert private.family_code_alerts;
  renewed record;
begin
  select * into alert from private.family_code_alerts x
   where x.token_hash = private.grant_hash(btrim(coalesce(token, ''))) and x.used_at is null
     and x.created_at > now() - interval '7 days'
   for update;
  if not found then
    perform private.refuse('הקישור כבר שימש או שפג תוקפו. אפשר ליצור קוד חדש מלוח הניהול של הספר.',
                           'alert_link_invalid');
  end if;
  update private.family_code_alerts x set used_at = now() where x.id = alert.id;
  update public.memory_books b set family_access_code = private.random_code(private.code_alphabet(), 6)
   where b.id = alert.book_id
  returning b.short_code, b.full_name, b.family_access_code, b.family_link_key into renewed;
  insert into public.admin_logs (admin_email, action, target_user, book_id, details)
  values (null, 'SECURITY_FAMILY_CODE_RENEWED', null, alert.book_id, jsonb_build_object('by', 'owner_alert_link'));
  return jsonb_build_object('ok', true, 'short_code', renewed.short_code, 'full_name', renewed.full_name,
                            'family_code', renewed.family_access_code, 'link_key', renewed.family_link_key);
end
$$;
revoke execute on function public.family_code_renew_by_alert(token text) from public;
grant execute on function public.family_code_renew_by_alert(token text) to service_role;

-- A new family code closes every grant the old one opened and forgets the wrong codes typed
-- against the old one (they say nothing about the new code), so the family can type it at once.
create function private.on_family_code_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.family_access_grants g where g.book_id = new.id;
  delete from public.family_code_attempts a where a.book_id = new.id;
  return new;
end
$$;
revoke execute on function private.on_family_code_changed() from public;

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
revoke execute on function private.new_family_code(book uuid) from public;
grant execute on function private.new_family_code(book uuid) to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker): the owner, a platform admin (logged) or the service role
-- gets a new random family code for the book.
create function public.generate_family_code(book uuid)
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
revoke execute on function public.generate_family_code(book uuid) from public;
grant execute on function public.generate_family_code(book uuid) to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker): the family link's key, for the owner, confirmed family
-- admins and platform admins; null for anyone else.
create function public.family_link_key(book uuid)
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
revoke execute on function public.family_link_key(book uuid) from public;
grant execute on function public.family_link_key(book uuid) to authenticated, service_role;

-- ================================================================ triggers

create trigger memory_books_family_code_changed
  after update of family_access_code on public.memory_books
  for each row when (old.family_access_code is distinct from new.family_access_code)
  execute function private.on_family_code_changed();

-- Named to run after memory_books_normalize, which settles the code first.
create trigger memory_books_renew_link_key
  before insert or update on public.memory_books
  for each row execute function private.memory_books_link_key();

-- ================================================================ policies

-- Platform admins read and clean family-code attempts (written by verify functions only).
create policy "platform admins read family code attempts" on public.family_code_attempts
  for select to authenticated
  using ((select private.is_platform_admin()));

-- Platform admins delete old family-code attempts.
create policy "platform admins delete family code attempts" on public.family_code_attempts
  for delete to authenticated
  using ((select private.is_platform_admin()));

-- Platform admins see when grants were issued (never the token, only its hash).
create policy "platform admins read family access grants" on public.family_access_grants
  for select to authenticated
  using ((select private.is_platform_admin()));
