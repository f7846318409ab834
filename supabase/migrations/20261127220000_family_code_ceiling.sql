-- A private book's family code cannot be swept by an attacker with unlimited addresses, and the
-- family is never shut out by the limit that stops the attacker.
--
-- The book's ceiling: at most 100 wrong codes are compared for one book in any 24 hours, from all
-- clients together. Past it, a code typed by someone who proves nothing else is not compared at
-- all (reason family_code_paused, a calm message asking for the family's link).
-- Arithmetic: a new book's code is 4 digits, one of 10,000. An attacker who never repeats a guess
-- needs (10,000 + 1) / 2 = 5,000 guesses on average; at 100 compared guesses a day that is
-- 5,000 / 100 = 50 days on average (30 days would need 167 a day), however many addresses send
-- them. A 6-character code (32^6 ≈ 1.07e9) is out of reach altogether.
--
-- Never refused, not even at the ceiling:
-- - a signed-in owner, confirmed family admin or platform admin (proof.reader);
-- - a browser that holds this book's access grant, or held one that expired less than 7 days ago
--   and was not revoked by a new code (proof.held_grant);
-- - a relative who follows the family's link: it carries the book's link key, 32 random bytes
--   renewed with every new code (proof.link_key), which opens the book without a typed code;
-- - an invitee whose family-admin invitation the join-as-admin function has checked (proof.invited);
--   an invitation is not the code, so the invitee stays under the per-client limit.
-- The per-client limit stays for everyone else: 10 wrong codes from one client for one book in
-- 15 minutes refuse that client for 15 minutes.
--
-- When a book reaches its ceiling, its owner is told once (family_code_check returns an `alert`
-- to the family-access function, which e-mails it): a one-tap link whose token renews the code,
-- revoking every grant the old code opened and starting the count afresh.

-- ---------------------------------------------------------------- the family's link key
alter table public.memory_books
  add column family_link_key text check (char_length(family_link_key) >= 32);

comment on column public.memory_books.family_link_key is
  'Secret: owner, confirmed family admins, platform admins. Carried by the family link; renewed with the family code.';

-- The link key is the server's: made on insert, renewed when the code changes, never set by a client.
create or replace function private.memory_books_link_key() returns trigger
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

update public.memory_books set family_link_key = private.random_token() where family_link_key is null;
alter table public.memory_books alter column family_link_key set not null;

-- Named to run after memory_books_normalize, which settles the code first.
create trigger memory_books_renew_link_key
  before insert or update on public.memory_books
  for each row execute function private.memory_books_link_key();

-- ---------------------------------------------------------------- alerts to the owner
-- One row per alert e-mailed to a book's owner; the token (stored hashed) renews the code once.
create table private.family_code_alerts (
  id bigint generated always as identity primary key,
  book_id uuid not null references public.memory_books (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  used_at timestamptz
);

create index family_code_alerts_book_idx on private.family_code_alerts (book_id, created_at desc);
alter table private.family_code_alerts enable row level security;
revoke all on private.family_code_alerts from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------- the attempt
-- The limits of 20261123000100 with the book's ceiling of 100 wrong codes a day in place of its
-- "2 more per client past 30 wrong codes" rule. 'ok', 'invalid', 'locked' (this client) or
-- 'paused' (the book's ceiling). `exempt`: 'none', 'ceiling' (an invitee: the per-client limit
-- still holds) or 'all' (a member or a grant's holder: neither limit).
create or replace function private.family_code_attempt(book uuid, code text, client text, exempt text)
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

-- Which limits `proof` lifts for `book`: 'all' for a member (owner, confirmed family admin,
-- platform admin) or a grant held now or expired less than 7 days ago; 'ceiling' for a checked
-- invitation; else 'none'.
create or replace function private.family_code_exempt(book uuid, proof jsonb) returns text
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

-- The family's link: does `link_key` open `book`?
create or replace function private.family_link_opens(book uuid, link_key text) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(char_length(btrim(link_key)) >= 32, false) and exists (
    select 1 from public.memory_books b where b.id = book and b.family_link_key = btrim(link_key))
$$;

-- A new access grant for `book`, valid 12 hours: {ok, reason: 'granted', access_grant, expires_at, book_id}.
create or replace function private.issue_family_grant(book uuid) returns jsonb
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

-- The alert to send when the book is at its ceiling, or null: one alert, then none while it is
-- unused and less than 7 days old (the owner has been told), and never two within 24 hours.
-- Writes a security log row.
create or replace function private.family_code_alert(book uuid) returns jsonb
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
  select b.book_id, b.full_name, b.owner_email into facts from public.memory_books b where b.id = book;
  insert into private.family_code_alerts (book_id, token_hash) values (book, private.grant_hash(token));
  insert into public.admin_logs (admin_email, action, target_user, book_id, details)
  values (null, 'SECURITY_FAMILY_CODE_SWEEP', facts.owner_email, book,
          jsonb_build_object('wrong_codes_24h', 100, 'owner_alerted', facts.owner_email is not null));
  if facts.owner_email is null then
    return null;
  end if;
  return jsonb_build_object('token', token, 'owner_email', facts.owner_email,
                            'book_id', facts.book_id, 'full_name', facts.full_name);
end
$$;

-- Signed-in owner, confirmed family admin or platform admin: the key of the book's family link
-- (null to anyone else), which the dashboard puts into the link it shares with the family.
create function public.family_link_key(book uuid) returns text
language sql stable security definer set search_path = '' as $$
  select b.family_link_key from public.memory_books b
   where b.id = book and private.family_code_exempt(b.id, jsonb_build_object('reader', auth.uid())) = 'all'
$$;

revoke execute on function public.family_link_key(uuid) from public, anon;
grant execute on function public.family_link_key(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------- the check
drop function public.family_code_check(text, text, text);

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

revoke execute on function public.family_code_check(text, text, text, jsonb) from public, anon, authenticated;
grant execute on function public.family_code_check(text, text, text, jsonb) to service_role;

-- Service role only (family-access, the owner's one tap): renews the code of the book whose alert
-- token this is, once and within 7 days. The new code is 6 characters; the old code's grants are
-- revoked and its wrong codes forgotten (the trigger below). Answers {ok, book_id, full_name,
-- family_code, link_key} or {ok: false, reason: 'alert_link_invalid', message}.
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
    return jsonb_build_object('ok', false, 'reason', 'alert_link_invalid',
                              'message', 'הקישור כבר שימש או שפג תוקפו. אפשר ליצור קוד חדש מלוח הניהול של הספר.');
  end if;
  update private.family_code_alerts x set used_at = now() where x.id = alert.id;
  update public.memory_books b set family_access_code = private.random_code(private.code_alphabet(), 6)
   where b.id = alert.book_id
  returning b.book_id, b.full_name, b.family_access_code, b.family_link_key into renewed;
  insert into public.admin_logs (admin_email, action, target_user, book_id, details)
  values (null, 'SECURITY_FAMILY_CODE_RENEWED', null, alert.book_id, jsonb_build_object('by', 'owner_alert_link'));
  return jsonb_build_object('ok', true, 'book_id', renewed.book_id, 'full_name', renewed.full_name,
                            'family_code', renewed.family_access_code, 'link_key', renewed.family_link_key);
end
$$;

revoke execute on function public.family_code_renew_by_alert(text) from public, anon, authenticated;
grant execute on function public.family_code_renew_by_alert(text) to service_role;

-- A new family code closes every grant the old one opened and forgets the wrong codes typed
-- against the old one (they say nothing about the new code), so the family can type it at once.
create or replace function private.on_family_code_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.family_access_grants g where g.book_id = new.id;
  delete from public.family_code_attempts a where a.book_id = new.id;
  return new;
end
$$;

-- Reached only through the security-definer functions above.
revoke all on function
  private.memory_books_link_key(),
  private.family_code_attempt(uuid, text, text, text),
  private.family_code_exempt(uuid, jsonb),
  private.family_link_opens(uuid, text),
  private.issue_family_grant(uuid),
  private.family_code_alert(uuid),
  private.on_family_code_changed()
  from public, anon, authenticated, service_role;

drop function private.family_code_attempt(uuid, text, text);
