-- The baseline: the database as it stood on 28 November 2026, before its first deployment, when the
-- 38 migrations written until then were squashed into this one file. It is supabase/schemas of that
-- day, file by file. Every later change is a new migration after this one, and is written into
-- supabase/schemas as well (tests/schema keeps the two equal).

-- Functions are defined before the tables of later sections that their bodies read; PostgreSQL
-- checks those bodies when they run. Reset at the end of the file.
set check_function_bodies = off;


-- ##################################################################################################
-- supabase/schemas/00-extensions-and-roles.sql

-- Extensions and roles: the schema `private` (helpers that policies and functions use; the Data API
-- does not expose it), the extensions we use, and what the API roles may do by default.

create schema if not exists private;

-- Trigram indexes for the platform admin's search of books and users.
create extension if not exists pg_trgm with schema extensions;

-- The API roles reach both schemas; what they may do there is granted object by object, and
-- row-level security picks the rows.
grant usage on schema private to anon, authenticated, service_role;
grant usage on schema public to anon, authenticated, service_role;

-- A new table in public gives the API roles nothing (as on hosted Supabase); neither TRUNCATE,
-- REFERENCES nor TRIGGER, which the platform's default privileges would still give them.
alter default privileges in schema public revoke truncate, references, trigger on tables from anon, authenticated, service_role;


-- ##################################################################################################
-- supabase/schemas/05-helpers.sql

-- Helpers every domain uses: refusals with a Hebrew message and a reason (`private.refuse`,
-- `private.deny`), random tokens and codes, hashes, the caller's address, the updated_at trigger.

-- ================================================================ functions

-- The alphabet of every human-typed code (book ids, gift codes, family codes): no 0/O, 1/I.
create function private.code_alphabet() returns text
language sql immutable set search_path = '' as $$
  select 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
$$;
revoke execute on function private.code_alphabet() from public;
grant execute on function private.code_alphabet() to anon, authenticated, service_role;

-- `code_length` characters of `alphabet` from a cryptographic random source. Bytes beyond the last
-- whole multiple of the alphabet's size are rejected, so every character is equally likely.
create function private.random_code(alphabet text, code_length integer) returns text
language plpgsql volatile set search_path = '' as $$
declare
  alphabet_size constant integer := length(alphabet);
  usable_below constant integer := 256 - (256 % alphabet_size);
  random_bytes bytea;
  random_byte integer;
  result text := '';
begin
  while length(result) < code_length loop
    random_bytes := extensions.gen_random_bytes(code_length * 2);
    for position in 0 .. length(random_bytes) - 1 loop
      random_byte := get_byte(random_bytes, position);
      if random_byte < usable_below and length(result) < code_length then
        result := result || substr(alphabet, random_byte % alphabet_size + 1, 1);
      end if;
    end loop;
  end loop;
  return result;
end
$$;
revoke execute on function private.random_code(alphabet text, code_length integer) from public;
grant execute on function private.random_code(alphabet text, code_length integer) to anon, authenticated, service_role;

-- 32 random bytes as URL-safe base64 without padding: 43 characters (invitation tokens).
create function private.random_token() returns text
language sql volatile set search_path = '' as $$
  select rtrim(translate(encode(extensions.gen_random_bytes(32), 'base64'), E'+/\n', '-_'), '=')
$$;
revoke execute on function private.random_token() from public;
grant execute on function private.random_token() to anon, authenticated, service_role;

-- The request carries the service role key (edge functions).
create function private.is_service_request() returns boolean
language sql stable set search_path = '' as $$
  select coalesce(auth.role(), '') = 'service_role'
$$;
revoke execute on function private.is_service_request() from public;
grant execute on function private.is_service_request() to anon, authenticated, service_role;

-- Trusted callers may change any column: the service role, the database owner (migrations and the
-- security-definer functions, which run as their owner) and platform admins. Deliberately
-- NOT security definer: it must see the role the statement really runs as.
create function private.is_trusted_caller() returns boolean
language sql stable set search_path = '' as $$
  select current_user::text not in ('anon', 'authenticated') or public.is_platform_admin()
$$;
revoke execute on function private.is_trusted_caller() from public;
grant execute on function private.is_trusted_caller() to anon, authenticated, service_role;

-- Raises a refusal the app shows as is: Hebrew message, stable `hint` code, HTTP 400 (P0001).
create function private.refuse(message text, reason text) returns void
language plpgsql volatile set search_path = '' as $$
begin
  raise exception using message = message, hint = reason, errcode = 'P0001';
end
$$;
revoke execute on function private.refuse(message text, reason text) from public;
grant execute on function private.refuse(message text, reason text) to anon, authenticated, service_role;

-- Raises "permission denied" (42501: HTTP 401 for anonymous callers, 403 for signed-in ones).
create function private.deny(message text, reason text) returns void
language plpgsql volatile set search_path = '' as $$
begin
  raise exception using message = message, hint = reason, errcode = '42501';
end
$$;
revoke execute on function private.deny(message text, reason text) from public;
grant execute on function private.deny(message text, reason text) to anon, authenticated, service_role;

-- Trigger: sets updated_at to the time of the change.
create function private.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end
$$;
revoke execute on function private.touch_updated_at() from public;

-- Who tried (for the security log): user id, forwarded address, user agent.
create function private.client_hint() returns text
language plpgsql stable set search_path = '' as $$
declare
  headers jsonb;
begin
  begin
    headers := nullif(current_setting('request.headers', true), '')::jsonb;
  exception when others then
    headers := null;
  end;
  return left(concat_ws(' ',
    'user:' || coalesce(auth.uid()::text, 'anonymous'),
    'ip:' || coalesce(headers ->> 'x-forwarded-for', headers ->> 'x-real-ip'),
    'ua:' || left(headers ->> 'user-agent', 80)
  ), 200);
end
$$;
revoke execute on function private.client_hint() from public;
grant execute on function private.client_hint() to anon, authenticated, service_role;

-- The SHA-256 (hex) of a token: grants, invitation and transfer tokens are stored only as this.
create function private.grant_hash(access_grant text) returns text
language sql immutable set search_path = '' as $$
  select encode(pg_catalog.sha256(convert_to(coalesce(access_grant, ''), 'UTF8')), 'hex')
$$;
revoke execute on function private.grant_hash(access_grant text) from public;

-- The search text as an ILIKE pattern that matches it anywhere, with %, _ and \ taken literally.
create function private.contains_pattern(search text) returns text
language sql immutable set search_path = '' as $$
  select '%' || replace(replace(replace(btrim(search), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;
revoke execute on function private.contains_pattern(search text) from public;
grant execute on function private.contains_pattern(search text) to service_role, authenticated;


-- ##################################################################################################
-- supabase/schemas/10-accounts.sql

-- Accounts: a profile row for every auth user (`public.users`, role `admin` = platform admin), the
-- onboarding answers, the list of platform-admin e-mail addresses, and who the caller is.

-- ================================================================ tables

-- Profile mirror of auth.users, filled by the triggers at the end of this file.
create table public.users (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  full_name text check (char_length(full_name) <= 200),
  role text not null default 'user' check (role in ('user', 'admin')),
  user_stage text check (user_stage ~ '^[a-z_]{1,40}$'),
  must_change_password boolean not null default false,
  created_at timestamptz not null default now()
);
alter table public.users enable row level security;
comment on table public.users is 'Profile of every auth user; role admin = platform admin.';
grant select, insert, update, delete on table public.users to authenticated;
grant select on table public.users to service_role;

create index users_email_idx on public.users (email);
create index users_created_at_idx on public.users (created_at desc);
create index users_email_trgm_idx
  on public.users using gin (email extensions.gin_trgm_ops);
create index users_full_name_trgm_idx
  on public.users using gin (full_name extensions.gin_trgm_ops);
create index users_created_at_id_idx on public.users (created_at desc, id);

-- A deployment's first platform admins. Only the service role writes here; the one documented insert:
--   insert into public.platform_admin_emails (email) values ('someone@example.org');
-- run in the SQL editor (or `psql`) as the project owner. A user whose confirmed e-mail is listed
-- becomes role admin (now, or when the e-mail is confirmed later).
create table public.platform_admin_emails (
  email text primary key check (email = lower(btrim(email)) and email like '%@%'),
  note text,
  created_at timestamptz not null default now()
);
alter table public.platform_admin_emails enable row level security;
grant select on table public.platform_admin_emails to authenticated;

create table public.onboarding_data (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  relationship text check (relationship in ('grandparent', 'spouse', 'parent', 'sibling', 'friend', 'other')),
  deceased_name text check (char_length(deceased_name) <= 200),
  selected_plan text check (selected_plan in ('basic', 'pro', 'full', 'onboarding')),
  updated_at timestamptz not null default now()
);
alter table public.onboarding_data enable row level security;
grant select, insert, update, delete on table public.onboarding_data to authenticated;
grant select, delete on table public.onboarding_data to service_role;

-- ================================================================ functions

-- Is this (lower-cased) e-mail on the platform-admin list?
create function private.is_listed_admin_email(address text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.platform_admin_emails p where p.email = lower(btrim(address)))
$$;
revoke execute on function private.is_listed_admin_email(address text) from public;

-- A new auth user gets a profile row; a listed, confirmed e-mail makes it a platform admin.
create function private.on_auth_user_created() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.users (id, email, full_name, role, created_at)
  values (
    new.id,
    lower(new.email),
    nullif(btrim(left(new.raw_user_meta_data ->> 'full_name', 200)), ''),
    case when new.email_confirmed_at is not null and private.is_listed_admin_email(new.email) then 'admin' else 'user' end,
    coalesce(new.created_at, now())
  )
  on conflict (id) do nothing;
  return new;
end
$$;
revoke execute on function private.on_auth_user_created() from public;

-- Keeps e-mail and name in sync, promotes a listed e-mail once it is confirmed, and moves the
-- user's books along when their (confirmed) e-mail changes: ownership is by e-mail.
create function private.on_auth_user_updated() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  old_email constant text := lower(old.email);
  new_email constant text := lower(new.email);
begin
  update public.users u
     set email = new_email,
         full_name = coalesce(nullif(btrim(left(new.raw_user_meta_data ->> 'full_name', 200)), ''), u.full_name),
         role = case
                  when new.email_confirmed_at is not null and private.is_listed_admin_email(new_email) then 'admin'
                  else u.role
                end
   where u.id = new.id;
  if old_email is distinct from new_email and old.email_confirmed_at is not null and new.email_confirmed_at is not null then
    update public.memory_books b set owner_email = new_email where b.owner_email = old_email;
  end if;
  return new;
end
$$;
revoke execute on function private.on_auth_user_updated() from public;

-- Listing or unlisting an e-mail promotes or demotes the matching confirmed user at once.
create function private.on_platform_admin_email_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    update public.users u set role = 'admin'
      from auth.users a
     where a.id = u.id and lower(a.email) = new.email and a.email_confirmed_at is not null;
    return new;
  end if;
  update public.users u set role = 'user' where u.email = old.email;
  return old;
end
$$;
revoke execute on function private.on_platform_admin_email_changed() from public;

-- The caller's e-mail when it is confirmed (ownership is by confirmed e-mail), else null.
create function private.current_user_email() returns text
language sql stable security definer set search_path = '' as $$
  select lower(a.email) from auth.users a where a.id = auth.uid() and a.email_confirmed_at is not null
$$;
revoke execute on function private.current_user_email() from public;
grant execute on function private.current_user_email() to authenticated, service_role;

-- Whether the caller is a platform admin (their profile's role is admin).
create function private.is_platform_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.users u where u.id = auth.uid() and u.role = 'admin')
$$;
revoke execute on function private.is_platform_admin() from public;
grant execute on function private.is_platform_admin() to anon, authenticated, service_role;

-- Trigger: a user may change only their own name, stage and clearing must_change_password; id,
-- e-mail, role, created_at and setting must_change_password only a trusted caller. Refuses with
-- user_field_locked.
create function private.users_guard_columns() returns trigger
language plpgsql set search_path = '' as $$
begin
  if private.is_trusted_caller() then
    return new;
  end if;
  if new.id is distinct from old.id or new.email is distinct from old.email or new.role is distinct from old.role
     or new.created_at is distinct from old.created_at
     or (new.must_change_password and not old.must_change_password) then
    perform private.deny('אין הרשאה לשנות שדה זה', 'user_field_locked');
  end if;
  return new;
end
$$;
revoke execute on function private.users_guard_columns() from public;

-- Raises 42501 platform_admin_required unless the caller is a platform admin.
create function private.require_platform_admin() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not public.is_platform_admin() then
    perform private.deny('רק מנהלי מערכת יכולים לבצע פעולה זו', 'platform_admin_required');
  end if;
end
$$;
revoke execute on function private.require_platform_admin() from public;
grant execute on function private.require_platform_admin() to authenticated;

-- Service role only (delete-account): removes or anonymizes every row that names the account
-- `target` (its books must already be deleted or handed over), writes ACCOUNT_DELETED by `actor`
-- (the person, or the platform admin acting for them) and answers how many payments were kept.
-- The auth user itself is deleted by the function through the Auth admin API afterwards.
create function public.erase_account_data(target uuid, actor uuid) returns jsonb
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
revoke execute on function public.erase_account_data(target uuid, actor uuid) from public;
grant execute on function public.erase_account_data(target uuid, actor uuid) to service_role;

-- The Data API's entry point, run as the caller (security invoker); the rule is in
-- private.current_user_email.
create function public.current_user_email()
returns text
language sql stable security invoker set search_path = ''
as $$ select private.current_user_email() $$;
revoke execute on function public.current_user_email() from public;
grant execute on function public.current_user_email() to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker); the rule is in
-- private.is_platform_admin.
create function public.is_platform_admin()
returns boolean
language sql stable security invoker set search_path = ''
as $$ select private.is_platform_admin() $$;
revoke execute on function public.is_platform_admin() from public;
grant execute on function public.is_platform_admin() to anon, authenticated, service_role;

-- The address as a reader sees it: NFKC (full-width letters become ASCII), no zero-width or
-- other invisible characters, common Cyrillic and Greek look-alikes as the Latin letters they
-- resemble, lower case.
create function private.email_skeleton(address text) returns text
language sql immutable set search_path = '' as $$
  select translate(
    lower(regexp_replace(normalize(coalesce(address, ''), NFKC),
                         '[\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0\s]', '', 'g')),
    'аеорсухіјѕԁԛԝһӏкмтвпαεορτυχνιкʟ',
    'aeopcyxijsdqwhlkmtbnaeoptuxvikl')
$$;
revoke execute on function private.email_skeleton(address text) from public;

-- Does `address` look like a listed platform admin's address without being it?
create function private.is_admin_lookalike(address text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.platform_admin_emails p
     where private.email_skeleton(p.email) = private.email_skeleton(address)
       and p.email <> lower(btrim(address)))
$$;
revoke execute on function private.is_admin_lookalike(address text) from public;

-- Before an auth user is written: a look-alike of an admin's address is refused.
create function private.refuse_admin_lookalike() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if private.is_admin_lookalike(new.email) then
    raise exception using message = 'כתובת הדוא״ל אינה זמינה להרשמה', errcode = '23514',
                          hint = 'email_lookalike';
  end if;
  return new;
end
$$;
revoke execute on function private.refuse_admin_lookalike() from public;

-- ================================================================ triggers

create trigger zochrim_on_auth_user_created
  after insert on auth.users
  for each row execute function private.on_auth_user_created();

create trigger zochrim_on_auth_user_updated
  after update of email, email_confirmed_at, raw_user_meta_data on auth.users
  for each row execute function private.on_auth_user_updated();

create trigger platform_admin_emails_sync_roles
  after insert or delete on public.platform_admin_emails
  for each row execute function private.on_platform_admin_email_changed();

create trigger users_guard_columns
  before update on public.users
  for each row execute function private.users_guard_columns();

create trigger onboarding_data_touch
  before update on public.onboarding_data
  for each row execute function private.touch_updated_at();

create trigger zochrim_refuse_admin_lookalike
  before insert or update of email on auth.users
  for each row execute function private.refuse_admin_lookalike();

-- ================================================================ policies

-- Platform admins read the list; only the service role (or the project owner in SQL) writes it.
create policy "platform admins read admin e-mails" on public.platform_admin_emails
  for select to authenticated
  using ((select private.is_platform_admin()));

-- Each user their own onboarding answers; a platform admin all.
create policy "users and platform admins manage onboarding data" on public.onboarding_data
  for all to authenticated
  using (user_id = (select auth.uid()) or (select private.is_platform_admin()))
  with check (user_id = (select auth.uid()) or (select private.is_platform_admin()));

-- Each user their own profile; a platform admin all.
create policy "users and platform admins read profiles" on public.users
  for select to authenticated
  using (id = (select auth.uid()) or (select private.is_platform_admin()));

-- Each user updates their own profile (a trigger guards the role); a platform admin any.
create policy "users and platform admins update profiles" on public.users
  for update to authenticated
  using (id = (select auth.uid()) or (select private.is_platform_admin()))
  with check (id = (select auth.uid()) or (select private.is_platform_admin()));

-- Profiles are created by the sign-up trigger; a platform admin may add one.
create policy "platform admins add users" on public.users
  for insert to authenticated
  with check ((select private.is_platform_admin()));

-- Only a platform admin deletes a profile.
create policy "platform admins delete users" on public.users
  for delete to authenticated
  using ((select private.is_platform_admin()));


-- ##################################################################################################
-- supabase/schemas/20-book.sql

-- The memory book: `public.memory_books`, its short public code (`book_id`) and its uuid (`id`), who
-- may read and manage a book (owner, confirmed family admin, platform admin, a paid public book for
-- anyone), the public card of a book, and deleting a book.

-- ================================================================ types

create type public.book_action_result as (
  ok boolean,
  reason text,
  message text,
  book_uuid uuid,
  book_id text
);

-- ================================================================ tables

create table public.memory_books (
  id uuid primary key default gen_random_uuid(),
  book_id text not null unique check (book_id ~ '^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8,10}$'),
  full_name text not null check (char_length(btrim(full_name)) between 1 and 200),
  birth_date date,
  death_date date,
  memory_quote text check (char_length(memory_quote) <= 500),
  profile_image_url text check (char_length(profile_image_url) <= 1000),
  background_image_url text check (char_length(background_image_url) <= 1000),
  creator_name text check (char_length(creator_name) <= 200),
  purchaser_name text check (char_length(purchaser_name) <= 200),
  owner_email text check (owner_email = lower(owner_email)),
  family_access_code text not null check (family_access_code ~ '^([0-9]{4}|[A-Z0-9]{6})$'),
  is_public boolean not null default false,
  plan_type text not null default 'full' check (plan_type in ('basic', 'pro', 'full')),
  payment_status text not null default 'unpaid'
    check (payment_status in ('unpaid', 'pending', 'paid', 'completed', 'failed', 'test')),
  -- The one rule for "paid": paid, completed, or test (set by a platform admin).
  is_paid boolean not null generated always as (payment_status in ('paid', 'completed', 'test')) stored,
  completion_status text check (completion_status in ('pending', 'completed')),
  stripe_session_id text unique,
  gift_code text unique check (gift_code ~ '^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$'),
  gift_code_expires_at timestamptz,
  gift_status text check (gift_status in ('pending', 'claimed', 'cancelled', 'replaced')),
  gift_recipient_name text check (char_length(gift_recipient_name) <= 200),
  gift_purchased_at timestamptz,
  gift_claimed_at timestamptz,
  gift_activated boolean not null default false,
  claimed_by_user_id uuid references auth.users (id) on delete set null,
  purchaser_user_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The day of death began at sunset (the Hebrew date is the next day's).
  died_after_sunset boolean not null default false,
  -- The secret part of the book's family link (renewed with the family code).
  family_link_key text not null check (char_length(family_link_key) >= 32),
  check (death_date is null or birth_date is null or death_date >= birth_date)
);
alter table public.memory_books enable row level security;
comment on column public.memory_books.book_id is 'Short public id used in every shared link and QR code.';
comment on column public.memory_books.owner_email is 'Secret: owner and platform admins. Ownership = this equals the confirmed e-mail.';
comment on column public.memory_books.family_access_code is 'Secret: owner, confirmed family admins, platform admins.';
comment on column public.memory_books.gift_code is 'Secret: purchaser, claimer, platform admins.';
comment on column public.memory_books.died_after_sunset is 'The death was after sunset: the Hebrew date of death is that of the next day.';
comment on column public.memory_books.family_link_key is 'Secret: owner, confirmed family admins, platform admins. Carried by the family link; renewed with the family code.';
grant select, insert, update, delete on table public.memory_books to authenticated;
grant select, insert, update on table public.memory_books to service_role;

create index memory_books_owner_email_idx on public.memory_books (owner_email);
create index memory_books_purchaser_idx on public.memory_books (purchaser_user_id, gift_purchased_at desc);
create index memory_books_claimed_by_idx on public.memory_books (claimed_by_user_id);
create index memory_books_created_at_idx on public.memory_books (created_at desc);
create index memory_books_full_name_trgm_idx
  on public.memory_books using gin (full_name extensions.gin_trgm_ops);
create index memory_books_owner_email_trgm_idx
  on public.memory_books using gin (owner_email extensions.gin_trgm_ops);

-- The lists' order (newest first, id breaking ties), so a page is read from the index, not sorted.
create index memory_books_created_at_id_idx on public.memory_books (created_at desc, id);

create table public.project_settings (
  id boolean primary key default true check (id),
  project_url text not null check (project_url ~ '^https?://[^/?#@\s]+$'),
  updated_at timestamptz not null default now()
);
alter table public.project_settings enable row level security;
grant select, insert, update on table public.project_settings to service_role;

-- ================================================================ functions

-- The book and gift code generators check uniqueness across all rows, so they run as the owner.
create function private.new_book_id() returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  candidate text;
begin
  loop
    candidate := private.random_code(private.code_alphabet(), 8);
    exit when not exists (select 1 from public.memory_books b where b.book_id = candidate);
  end loop;
  return candidate;
end
$$;
revoke execute on function private.new_book_id() from public;
grant execute on function private.new_book_id() to anon, authenticated, service_role;

-- Whether the caller owns the book: the book's owner_email is the caller's confirmed address.
create function private.is_book_owner(book uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.memory_books b
     where b.id = book and b.owner_email = public.current_user_email()
  )
$$;
revoke execute on function private.is_book_owner(book uuid) from public;
grant execute on function private.is_book_owner(book uuid) to authenticated, service_role;

-- Whether the caller is a confirmed family admin of the book.
create function private.is_book_family_admin(book uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.book_admins a
     where a.book_id = book and a.user_id = auth.uid() and a.status = 'confirmed'
  )
$$;
revoke execute on function private.is_book_family_admin(book uuid) from public;
grant execute on function private.is_book_family_admin(book uuid) to authenticated, service_role;

-- Paid = paid, completed or test (the generated column is_paid).
create function private.is_book_paid(book uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select b.is_paid from public.memory_books b where b.id = book), false)
$$;
revoke execute on function private.is_book_paid(book uuid) from public;
grant execute on function private.is_book_paid(book uuid) to anon, authenticated, service_role;

-- Whether a book is public and paid: such a book's memories anyone may read.
create function private.is_book_public_and_paid(book uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select b.is_public and b.is_paid from public.memory_books b where b.id = book), false)
$$;
revoke execute on function private.is_book_public_and_paid(book uuid) from public;
grant execute on function private.is_book_public_and_paid(book uuid) to anon, authenticated, service_role;

-- Owner, confirmed family admin or platform admin: may read the book's memories, hidden included.
create function private.can_read_book(book uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select public.is_platform_admin() or public.is_book_owner(book) or public.is_book_family_admin(book)
$$;
revoke execute on function private.can_read_book(book uuid) from public;
grant execute on function private.can_read_book(book uuid) to anon, authenticated, service_role;

-- Owner or platform admin: may manage the book.
create function private.can_manage_book(book uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select public.is_platform_admin() or public.is_book_owner(book)
$$;
revoke execute on function private.can_manage_book(book uuid) from public;
grant execute on function private.can_manage_book(book uuid) to authenticated, service_role;

-- A book reference from a link: the short book_id (any case, spaces ignored) or the uuid.
create function private.resolve_book(book_ref text) returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  reference constant text := btrim(coalesce(book_ref, ''));
  found_id uuid;
begin
  if reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select b.id into found_id from public.memory_books b where b.id = reference::uuid;
  else
    select b.id into found_id from public.memory_books b where b.book_id = upper(reference);
  end if;
  return found_id;
end
$$;
revoke execute on function private.resolve_book(book_ref text) from public;

-- Normalises codes and e-mails, fills the short id and the family code (4 digits; 6 characters of
-- the code alphabet on gift books), starts a gift code's 30 days, and accepts profile and
-- background images only from this project's bucket.
create function private.memory_books_normalize() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.owner_email := nullif(lower(btrim(new.owner_email)), '');
  new.gift_code := nullif(upper(btrim(new.gift_code)), '');
  new.family_access_code := nullif(upper(btrim(new.family_access_code)), '');
  new.full_name := btrim(new.full_name);
  if tg_op = 'INSERT' then
    new.book_id := coalesce(nullif(upper(btrim(new.book_id)), ''), private.new_book_id());
    new.family_access_code := coalesce(
      new.family_access_code,
      case when new.gift_code is null
        then private.random_code('0123456789', 4)
        else private.random_code(private.code_alphabet(), 6)
      end
    );
  else
    new.updated_at := now();
  end if;
  if new.gift_code is not null and (tg_op = 'INSERT' or new.gift_code is distinct from old.gift_code) then
    new.gift_purchased_at := coalesce(new.gift_purchased_at, now());
    if tg_op = 'INSERT' or new.gift_code_expires_at is not distinct from old.gift_code_expires_at then
      new.gift_code_expires_at := coalesce(
        case when tg_op = 'INSERT' then new.gift_code_expires_at end,
        now() + interval '30 days'
      );
    end if;
    new.gift_status := coalesce(new.gift_status, 'pending');
  end if;
  if new.profile_image_url is not null and private.memory_images_path(new.profile_image_url) is null then
    perform private.refuse('התמונה חייבת להיות קובץ שהועלה לאתר', 'book_image_url_invalid');
  end if;
  if new.background_image_url is not null and private.memory_images_path(new.background_image_url) is null then
    perform private.refuse('התמונה חייבת להיות קובץ שהועלה לאתר', 'book_image_url_invalid');
  end if;
  return new;
end
$$;
revoke execute on function private.memory_books_normalize() from public;

-- Trigger: an owner or family manager may change only the book's content columns
-- (book_content_columns); every other column (payment, plan, owner, codes) only a trusted caller.
-- Refuses with book_field_locked.
create function private.memory_books_guard_columns() returns trigger
language plpgsql set search_path = '' as $$
begin
  if private.is_trusted_caller() then
    return new;
  end if;
  if (to_jsonb(new) - private.book_content_columns()) is distinct from (to_jsonb(old) - private.book_content_columns()) then
    perform private.deny('ניתן לערוך רק את פרטי הספר', 'book_field_locked');
  end if;
  return new;
end
$$;
revoke execute on function private.memory_books_guard_columns() from public;

-- Plan and payment of a book, for the (non-definer) validation trigger.
create function private.book_plan(book uuid)
returns table (plan_type text, is_paid boolean)
language sql stable security definer set search_path = '' as $$
  select b.plan_type, b.is_paid from public.memory_books b where b.id = book
$$;
revoke execute on function private.book_plan(book uuid) from public;
grant execute on function private.book_plan(book uuid) to anon, authenticated, service_role;

-- A signed-in user's books: owned, family-admin, bought (gifts) and claimed, each with the secret
-- fields the caller may see (family code: owner and family admin; owner e-mail: owner; gift code:
-- purchaser and claimer) and null otherwise. Filter it like a table: .rpc('my_books').eq('id', …).
create function private.my_books()
returns table (
  id uuid, book_id text, full_name text, birth_date date, death_date date, memory_quote text,
  profile_image_url text, background_image_url text, creator_name text, purchaser_name text,
  is_public boolean, plan_type text, payment_status text, is_paid boolean, completion_status text,
  created_at timestamptz, updated_at timestamptz,
  owner_email text, family_access_code text, gift_code text, gift_status text,
  gift_recipient_name text, gift_purchased_at timestamptz, gift_claimed_at timestamptz,
  gift_code_expires_at timestamptz, gift_activated boolean,
  is_owner boolean, is_family_admin boolean, is_purchaser boolean, is_claimer boolean,
  memory_count bigint
)
language sql stable security definer set search_path = '' as $$
  with me as (
    select auth.uid() as uid, public.current_user_email() as email
  ),
  admin_books as (
    select a.book_id from public.book_admins a, me where a.user_id = me.uid and a.status = 'confirmed'
  ),
  mine as (
    select b.*,
           coalesce(b.owner_email = me.email, false) as owns,
           b.id in (select book_id from admin_books) as administers,
           coalesce(b.purchaser_user_id = me.uid, false) as bought,
           coalesce(b.claimed_by_user_id = me.uid, false) as claimed
      from public.memory_books b, me
     where me.uid is not null
       and (b.owner_email = me.email or b.purchaser_user_id = me.uid or b.claimed_by_user_id = me.uid
            or b.id in (select book_id from admin_books))
  )
  select m.id, m.book_id, m.full_name, m.birth_date, m.death_date, m.memory_quote,
         m.profile_image_url, m.background_image_url, m.creator_name, m.purchaser_name,
         m.is_public, m.plan_type, m.payment_status, m.is_paid, m.completion_status,
         m.created_at, m.updated_at,
         case when m.owns then m.owner_email end,
         case when m.owns or m.administers then m.family_access_code end,
         case when m.bought or m.claimed then m.gift_code end,
         m.gift_status, m.gift_recipient_name, m.gift_purchased_at, m.gift_claimed_at,
         m.gift_code_expires_at, m.gift_activated,
         m.owns, m.administers, m.bought, m.claimed,
         (select count(*) from public.memory_entries e where e.book_id = m.id)
    from mine m
   order by m.created_at desc
$$;
revoke execute on function private.my_books() from public;
grant execute on function private.my_books() to authenticated, service_role;

-- The project's public URL prefix of the memory-images bucket, or null when not configured.
create function private.media_url_prefix() returns text
language sql stable security definer set search_path = '' as $$
  select rtrim(s.project_url, '/') || '/storage/v1/object/public/memory-images/'
    from public.project_settings s where s.id
$$;
revoke execute on function private.media_url_prefix() from public;
grant execute on function private.media_url_prefix() to anon, authenticated, service_role;

-- Is `url` a public URL of this project's memory-images bucket whose path matches `path_pattern`
-- (an anchored regular expression on the object path)? Outside API requests only the path counts.
create function private.is_project_media_url(url text, path_pattern text) returns boolean
language plpgsql stable set search_path = '' as $$
declare
  prefix constant text := private.media_url_prefix();
  origin_length integer;
begin
  if url is null or private.memory_images_path(url) is null
     or private.memory_images_path(url) !~ path_pattern then
    return false;
  end if;
  if auth.role() is null then
    return true;
  end if;
  if prefix is null then
    return false;
  end if;
  origin_length := length(prefix) - length('/storage/v1/object/public/memory-images/');
  return lower(left(url, origin_length)) = lower(left(prefix, origin_length))
     and substr(url, origin_length + 1, length(prefix) - origin_length) = substr(prefix, origin_length + 1);
end
$$;
revoke execute on function private.is_project_media_url(url text, path_pattern text) from public;
grant execute on function private.is_project_media_url(url text, path_pattern text) to anon, authenticated, service_role;

-- Is `url` a public URL of a file directly under <folder>/<book>/ of this project's bucket?
create function private.is_book_media_url(url text, folder text, book uuid) returns boolean
language sql stable set search_path = '' as $$
  select private.is_project_media_url(url, '^' || folder || '/' || book::text || '/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$')
$$;
revoke execute on function private.is_book_media_url(url text, folder text, book uuid) from public;
grant execute on function private.is_book_media_url(url text, folder text, book uuid) to anon, authenticated, service_role;

-- A book's profile or background picture: this project's bucket, in a user's profiles/ or books/
-- folder (a signed-in user setting a new picture: their own folder) or the book's memories/ folder.
create function private.is_book_picture_url(url text, book uuid) returns boolean
language sql stable set search_path = '' as $$
  select private.is_project_media_url(url,
           '^((profiles|books)/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|memories/' || book::text
           || ')/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$')
     and (auth.role() is distinct from 'authenticated'
          or public.is_platform_admin()
          or private.memory_images_path(url) like 'memories/%'
          or split_part(private.memory_images_path(url), '/', 2) = auth.uid()::text)
$$;
revoke execute on function private.is_book_picture_url(url text, book uuid) from public;
grant execute on function private.is_book_picture_url(url text, book uuid) to anon, authenticated, service_role;

-- Trigger: a book's profile and background pictures must be files uploaded to this project's
-- storage for this book or its creator (is_book_picture_url); anything else is refused with
-- book_image_url_invalid. Checked only when the URL is set or changed.
create function private.memory_books_check_pictures() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.profile_image_url is not null
     and (tg_op = 'INSERT' or new.profile_image_url is distinct from old.profile_image_url)
     and not private.is_book_picture_url(new.profile_image_url, new.id) then
    perform private.refuse('התמונה חייבת להיות קובץ שהועלה לאתר הזה', 'book_image_url_invalid');
  end if;
  if new.background_image_url is not null
     and (tg_op = 'INSERT' or new.background_image_url is distinct from old.background_image_url)
     and not private.is_book_picture_url(new.background_image_url, new.id) then
    perform private.refuse('התמונה חייבת להיות קובץ שהועלה לאתר הזה', 'book_image_url_invalid');
  end if;
  return new;
end
$$;
revoke execute on function private.memory_books_check_pictures() from public;

-- The owner edits it like the other book details (the guard trigger's list).
create function private.book_content_columns() returns text[]
language sql immutable set search_path = '' as $$
  select array['full_name', 'creator_name', 'birth_date', 'death_date', 'died_after_sunset', 'memory_quote',
               'profile_image_url', 'background_image_url', 'is_public', 'updated_at', 'is_paid']
$$;
revoke execute on function private.book_content_columns() from public;
grant execute on function private.book_content_columns() to anon, authenticated, service_role;

-- Anyone: the public card of a book (by short code or uuid): name, dates, quote, pictures,
-- creator, plan and whether it is paid and public. Nothing private (no codes, no e-mails, no
-- payment); the memories themselves are read through get_book_memories, which checks access.
create function public.get_book_card(book_ref text)
returns table (
  id uuid, book_id text, full_name text, birth_date date, death_date date, memory_quote text,
  profile_image_url text, background_image_url text, creator_name text, is_public boolean,
  plan_type text, is_paid boolean, died_after_sunset boolean
)
language sql stable security definer set search_path = '' as $$
  select b.id, b.book_id, b.full_name, b.birth_date, b.death_date, b.memory_quote,
         b.profile_image_url, b.background_image_url, b.creator_name, b.is_public,
         b.plan_type, b.is_paid, b.died_after_sunset
    from public.memory_books b
   where b.id = private.resolve_book(book_ref)
$$;
revoke execute on function public.get_book_card(book_ref text) from public;
grant execute on function public.get_book_card(book_ref text) to anon, authenticated, service_role;

-- The actor may delete the book: its owner (by confirmed e-mail) or a platform admin.
create function private.may_delete_book(actor uuid, book public.memory_books) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.users u where u.id = actor and u.role = 'admin')
      or (book.owner_email is not null and book.owner_email = (
            select lower(a.email) from auth.users a where a.id = actor and a.email_confirmed_at is not null))
$$;
revoke execute on function private.may_delete_book(actor uuid, book public.memory_books) from public;

-- Service role only (delete-book): what the function needs before deleting, or a refusal
-- (book_not_found for an unknown book and for anyone who may not delete it).
create function public.book_for_deletion(actor uuid, book uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  found_book public.memory_books;
begin
  select * into found_book from public.memory_books b where b.id = book;
  if not found or not private.may_delete_book(actor, found_book) then
    perform private.refuse('ספר הזיכרון לא נמצא', 'book_not_found');
  end if;
  return jsonb_build_object(
    'pending_gift', private.is_pending_paid_gift(found_book),
    'purchaser_user_id', found_book.purchaser_user_id
  );
end
$$;
revoke execute on function public.book_for_deletion(actor uuid, book uuid) from public;
grant execute on function public.book_for_deletion(actor uuid, book uuid) to service_role;

-- Service role only (delete-book): deletes the book (memories, invitations, attempts and the
-- rest go with it; its files are queued) and records who deleted it. Refuses a paid gift that is
-- still pending: it must be cancelled first. Answers the owner's e-mail and the book's name.
create function public.delete_book_as(actor uuid, book uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  deleted public.memory_books;
  actor_email text;
begin
  select * into deleted from public.memory_books b where b.id = book for update;
  if not found or not private.may_delete_book(actor, deleted) then
    perform private.refuse('ספר הזיכרון לא נמצא', 'book_not_found');
  end if;
  if private.is_pending_paid_gift(deleted) then
    perform private.refuse('יש לבטל את המתנה לפני מחיקת הספר', 'gift_not_cancelled');
  end if;
  delete from public.memory_books b where b.id = book;
  select lower(a.email) into actor_email from auth.users a where a.id = actor;
  insert into public.admin_logs (admin_email, action, book_id, target_user, details)
  values (actor_email, 'BOOK_DELETED', deleted.id, deleted.owner_email,
          jsonb_build_object('full_name', deleted.full_name, 'book_id', deleted.book_id, 'deleted_by', actor));
  return jsonb_build_object('owner_email', deleted.owner_email, 'full_name', deleted.full_name);
end
$$;
revoke execute on function public.delete_book_as(actor uuid, book uuid) from public;
grant execute on function public.delete_book_as(actor uuid, book uuid) to service_role;

-- The Data API's entry point, run as the caller (security invoker); the rule is in
-- private.can_manage_book.
create function public.can_manage_book(book uuid)
returns boolean
language sql stable security invoker set search_path = ''
as $$ select private.can_manage_book($1) $$;
revoke execute on function public.can_manage_book(book uuid) from public;
grant execute on function public.can_manage_book(book uuid) to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker); the rule is in
-- private.can_read_book.
create function public.can_read_book(book uuid)
returns boolean
language sql stable security invoker set search_path = ''
as $$ select private.can_read_book($1) $$;
revoke execute on function public.can_read_book(book uuid) from public;
grant execute on function public.can_read_book(book uuid) to anon, authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker); the rule is in
-- private.is_book_family_admin.
create function public.is_book_family_admin(book uuid)
returns boolean
language sql stable security invoker set search_path = ''
as $$ select private.is_book_family_admin($1) $$;
revoke execute on function public.is_book_family_admin(book uuid) from public;
grant execute on function public.is_book_family_admin(book uuid) to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker); the rule is in
-- private.is_book_owner.
create function public.is_book_owner(book uuid)
returns boolean
language sql stable security invoker set search_path = ''
as $$ select private.is_book_owner($1) $$;
revoke execute on function public.is_book_owner(book uuid) from public;
grant execute on function public.is_book_owner(book uuid) to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker); the rule is in
-- private.my_books.
create function public.my_books()
returns TABLE(id uuid, book_id text, full_name text, birth_date date, death_date date, memory_quote text, profile_image_url text, background_image_url text, creator_name text, purchaser_name text, is_public boolean, plan_type text, payment_status text, is_paid boolean, completion_status text, created_at timestamp with time zone, updated_at timestamp with time zone, owner_email text, family_access_code text, gift_code text, gift_status text, gift_recipient_name text, gift_purchased_at timestamp with time zone, gift_claimed_at timestamp with time zone, gift_code_expires_at timestamp with time zone, gift_activated boolean, is_owner boolean, is_family_admin boolean, is_purchaser boolean, is_claimer boolean, memory_count bigint)
language sql stable security invoker set search_path = ''
as $$ select * from private.my_books() $$;
revoke execute on function public.my_books() from public;
grant execute on function public.my_books() to authenticated, service_role;

-- ================================================================ triggers

create trigger memory_books_10_normalize
  before insert or update on public.memory_books
  for each row execute function private.memory_books_normalize();

create trigger memory_books_20_guard_columns
  before update on public.memory_books
  for each row execute function private.memory_books_guard_columns();

create trigger memory_books_30_check_pictures
  before insert or update on public.memory_books
  for each row execute function private.memory_books_check_pictures();

-- ================================================================ policies

-- The owner reads their books (a gift only once it is theirs); a platform admin every book.
create policy "owners and platform admins read books" on public.memory_books
  for select to authenticated
  using (
    (owner_email = (select private.current_user_email())
      and (gift_code is null or purchaser_user_id = (select auth.uid()) or claimed_by_user_id = (select auth.uid())))
    or (select private.is_platform_admin())
  );

-- Books are created by the functions; a platform admin may add one directly.
create policy "platform admins add books" on public.memory_books
  for insert to authenticated
  with check ((select private.is_platform_admin()));

-- The owner edits their book (a trigger keeps them to its content columns); a platform admin any.
create policy "owners and platform admins update books" on public.memory_books
  for update to authenticated
  using (owner_email = (select private.current_user_email()) or (select private.is_platform_admin()))
  with check (owner_email = (select private.current_user_email()) or (select private.is_platform_admin()));

-- Owners delete through the delete-book function; only a platform admin deletes directly.
create policy "platform admins delete books" on public.memory_books
  for delete to authenticated
  using ((select private.is_platform_admin()));


-- ##################################################################################################
-- supabase/schemas/25-family-access.sql

-- Family access: the family code and the family link of a private book. A right code or link gives
-- the browser a grant (a token, valid for a time) to read the book; wrong codes are counted per book
-- and per client and lock further tries; the owner hears of a run of wrong tries and may renew the code.

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

-- Owner or platform admin (or the service role): a new 6-character family code for the book.
create function private.generate_family_code(book uuid) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  new_code constant text := private.random_code(private.code_alphabet(), 6);
begin
  if not (public.is_book_owner(book) or public.is_platform_admin() or private.is_service_request()) then
    perform private.deny('רק בעל הספר יכול ליצור קוד חדש', 'not_book_owner');
  end if;
  update public.memory_books set family_access_code = new_code where id = book;
  if not found then
    perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
  end if;
  if public.is_platform_admin() and not public.is_book_owner(book) then
    insert into public.admin_logs (admin_email, action, book_id, details)
    values (public.current_user_email(), 'ADMIN_RESET_FAMILY_CODE', book, '{}'::jsonb);
  end if;
  return new_code;
end
$$;
revoke execute on function private.generate_family_code(book uuid) from public;
grant execute on function private.generate_family_code(book uuid) to authenticated, service_role;

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

-- The Data API's entry point, run as the caller (security invoker); the rule is in
-- private.generate_family_code.
create function public.generate_family_code(book uuid)
returns text
language sql volatile security invoker set search_path = ''
as $$ select private.generate_family_code($1) $$;
revoke execute on function public.generate_family_code(book uuid) from public;
grant execute on function public.generate_family_code(book uuid) to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker); the rule is in
-- private.family_link_key.
create function public.family_link_key(book uuid)
returns text
language sql stable security invoker set search_path = ''
as $$ select private.family_link_key($1) $$;
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


-- ##################################################################################################
-- supabase/schemas/30-memories.sql

-- Memories: what relatives write in a book (text, photos, video), who may add, read, moderate and
-- delete them, and the checks every new memory passes.

-- ================================================================ types

create type public.add_memory_result as (
  ok boolean,
  reason text,
  message text,
  memory_id uuid,
  source text
);

-- ================================================================ tables

create table public.memory_entries (
  id uuid primary key default gen_random_uuid(),
  book_id uuid not null references public.memory_books (id) on delete cascade,
  full_name text not null check (char_length(full_name) <= 100),
  relation_to_deceased text check (char_length(relation_to_deceased) <= 100),
  memory_text_1 text check (char_length(memory_text_1) <= 5000),
  memory_text_2 text check (char_length(memory_text_2) <= 5000),
  memory_text_3 text check (char_length(memory_text_3) <= 5000),
  image_url text check (char_length(image_url) <= 1000),
  image_description text check (char_length(image_description) <= 500),
  image_urls text[] not null default '{}',
  image_descriptions text[] not null default '{}',
  image_captions text[] not null default '{}',
  video_url text check (char_length(video_url) <= 1000),
  is_hidden boolean not null default false,
  source text not null default 'guest' check (source in ('guest', 'family')),
  author_user_id uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  check (cardinality(image_urls) <= 10 and cardinality(image_descriptions) <= 10 and cardinality(image_captions) <= 10)
);
alter table public.memory_entries enable row level security;
grant select, insert on table public.memory_entries to anon, service_role;
grant select, insert, update, delete on table public.memory_entries to authenticated;

create index memory_entries_book_created_idx on public.memory_entries (book_id, created_at);
create index memory_entries_author_idx on public.memory_entries (author_user_id) where author_user_id is not null;

-- ================================================================ functions

-- Trigger: the book's managers may only hide or show a memory (is_hidden); every other column
-- only a trusted caller. Refuses with memory_field_locked.
create function private.memory_entries_guard_columns() returns trigger
language plpgsql set search_path = '' as $$
begin
  if private.is_trusted_caller() then
    return new;
  end if;
  if (to_jsonb(new) - 'is_hidden') is distinct from (to_jsonb(old) - 'is_hidden') then
    perform private.deny('ניתן רק להסתיר או להציג זיכרון', 'memory_field_locked');
  end if;
  return new;
end
$$;
revoke execute on function private.memory_entries_guard_columns() from public;

-- Every memory, however it arrives (REST insert, add_memory(), service role, seed), must satisfy
-- these rules: paid book, an author, a relation, at least one text, images only on
-- pro/full (5 for a guest, 10 for a family-code entrant), video only on full, length limits, and
-- media only from this book's folders of the memory-images bucket.
create function private.memory_entries_validate() returns trigger
language plpgsql set search_path = '' as $$
declare
  book record;
  images text[];
  image_limit integer;
  image text;
  caption text;
begin
  select * into book from private.book_plan(new.book_id);
  if not found then
    perform private.refuse('ספר זיכרון לא נמצא', 'memory_book_not_found');
  end if;
  if not book.is_paid then
    perform private.refuse('לא ניתן להוסיף זיכרונות לספר שעדיין לא שולם', 'memory_book_unpaid');
  end if;

  new.full_name := btrim(coalesce(new.full_name, ''));
  new.relation_to_deceased := nullif(btrim(new.relation_to_deceased), '');
  new.memory_text_1 := nullif(btrim(new.memory_text_1), '');
  new.memory_text_2 := nullif(btrim(new.memory_text_2), '');
  new.memory_text_3 := nullif(btrim(new.memory_text_3), '');
  if new.full_name = '' or new.relation_to_deceased is null then
    perform private.refuse('אנא מלא את כל השדות הנדרשים', 'memory_author_required');
  end if;
  if char_length(new.full_name) > 100 or char_length(new.relation_to_deceased) > 100 then
    perform private.refuse('השם יכול להכיל עד 100 תווים', 'memory_author_too_long');
  end if;
  if coalesce(new.memory_text_1, new.memory_text_2, new.memory_text_3) is null then
    perform private.refuse('אנא כתב לפחות זיכרון אחד', 'memory_text_required');
  end if;
  if greatest(char_length(new.memory_text_1), char_length(new.memory_text_2), char_length(new.memory_text_3)) > 5000 then
    perform private.refuse('כל זיכרון יכול להכיל עד 5,000 תווים', 'memory_text_too_long');
  end if;

  new.image_urls := coalesce(new.image_urls, '{}');
  new.image_captions := coalesce(new.image_captions, '{}');
  new.image_descriptions := coalesce(new.image_descriptions, '{}');
  images := new.image_urls;
  if new.image_url is not null and not (new.image_url = any (images)) then
    images := array_prepend(new.image_url, images);
  end if;
  if cardinality(images) > 0 and book.plan_type = 'basic' then
    perform private.refuse('העלאת תמונות זמינה בחבילת פרו ובחבילה המלאה', 'memory_images_not_in_plan');
  end if;
  image_limit := case when new.source = 'family' then 10 else 5 end;
  if cardinality(images) > image_limit then
    perform private.refuse(format('מקסימום %s תמונות', image_limit), 'memory_limit_images');
  end if;
  foreach image in array images loop
    if not private.is_book_media_url(image, 'memories', new.book_id) then
      perform private.refuse('התמונה חייבת להיות קובץ שהועלה לספר הזה', 'memory_media_url_invalid');
    end if;
  end loop;
  foreach caption in array new.image_captions || new.image_descriptions || array[new.image_description] loop
    if char_length(caption) > 500 then
      perform private.refuse('תיאור תמונה יכול להכיל עד 500 תווים', 'memory_caption_too_long');
    end if;
  end loop;

  if new.video_url is not null then
    if book.plan_type <> 'full' then
      perform private.refuse('העלאת סרטונים זמינה בחבילה המלאה בלבד', 'memory_video_not_in_plan');
    end if;
    if not private.is_book_media_url(new.video_url, 'videos', new.book_id) then
      perform private.refuse('הסרטון חייב להיות קובץ שהועלה לספר הזה', 'memory_media_url_invalid');
    end if;
  end if;

  -- Visitors cannot pin a memory to the top by choosing its date.
  if not private.is_trusted_caller() then
    new.created_at := now();
  end if;
  return new;
end
$$;
revoke execute on function private.memory_entries_validate() from public;

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
revoke execute on function public.get_book_memories(book_ref text, access_grant text) from public;
grant execute on function public.get_book_memories(book_ref text, access_grant text) to anon, authenticated, service_role;

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
revoke execute on function public.add_memory(book_ref text, access_grant text, full_name text, relation text, text1 text, text2 text, text3 text, image_urls text[], image_captions text[], video_url text) from public;
grant execute on function public.add_memory(book_ref text, access_grant text, full_name text, relation text, text1 text, text2 text, text3 text, image_urls text[], image_captions text[], video_url text) to anon, authenticated, service_role;

-- An API caller (anon, authenticated) inserts at most one memory per statement; bulk inserts
-- come only from trusted callers (service role, migrations, platform admins).
create function private.memory_entries_one_per_request() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not private.is_trusted_caller() and (select count(*) from inserted_rows) > 1 then
    perform private.refuse('ניתן להוסיף זיכרון אחד בכל פעם', 'memory_bulk_insert');
  end if;
  return null;
end
$$;
revoke execute on function private.memory_entries_one_per_request() from public;

-- Files uploaded without a session into the book's memories/ and videos/ folders in the last hour.
create function private.anonymous_uploads_last_hour(book uuid) returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer from storage.objects o
   where o.bucket_id = 'memory-images'
     and o.owner_id is null
     and (o.name like 'memories/' || book::text || '/%' or o.name like 'videos/' || book::text || '/%')
     and o.created_at > now() - interval '1 hour'
$$;
revoke execute on function private.anonymous_uploads_last_hour(book uuid) from public;

-- Trigger: an API caller (anon, authenticated) adds one memory per statement. The second row of a
-- statement is refused before it is written, so a bulk insert cannot hold the database: rows of one
-- statement share its statement_timestamp(), which the first row records for the transaction.
create function private.memory_entries_first_of_request() returns trigger
language plpgsql set search_path = '' as $$
declare
  this_statement constant text := txid_current()::text || ':' || statement_timestamp()::text;
begin
  if private.is_trusted_caller() then
    return new;
  end if;
  if current_setting('zochrim.memory_insert_statement', true) = this_statement then
    perform private.refuse('ניתן להוסיף זיכרון אחד בכל פעם', 'memory_bulk_insert');
  end if;
  perform set_config('zochrim.memory_insert_statement', this_statement, true);
  return new;
end
$$;
revoke execute on function private.memory_entries_first_of_request() from public;

-- ================================================================ triggers

create trigger memory_entries_guard_columns
  before update on public.memory_entries
  for each row execute function private.memory_entries_guard_columns();

create trigger memory_entries_validate
  before insert on public.memory_entries
  for each row execute function private.memory_entries_validate();

create trigger memory_entries_one_per_request
  after insert on public.memory_entries
  referencing new table as inserted_rows
  for each statement execute function private.memory_entries_one_per_request();

-- Named to run before memory_entries_validate: the second row is refused before it is checked.
create trigger memory_entries_a_first_of_request
  before insert on public.memory_entries
  for each row execute function private.memory_entries_first_of_request();

-- ================================================================ policies

-- An anonymous visitor reads the visible memories of a public paid book.
create policy "visitors read memories of public paid books" on public.memory_entries
  for select to anon
  using (not is_hidden and private.is_book_public_and_paid(book_id));

-- Signed in: the same, plus every memory of books they own or administer; a platform admin all.
create policy "readers, family managers and platform admins read memories" on public.memory_entries
  for select to authenticated
  using (
    (not is_hidden and private.is_book_public_and_paid(book_id))
    or private.is_book_owner(book_id)
    or private.is_book_family_admin(book_id)
    or (select private.is_platform_admin())
  );

-- An anonymous visitor adds a visible guest memory without an author.
create policy "visitors add guest memories" on public.memory_entries
  for insert to anon
  with check (source = 'guest' and not is_hidden and author_user_id is null);

-- A signed-in visitor adds a visible guest memory as its author; a platform admin any.
create policy "signed-in guests and platform admins add memories" on public.memory_entries
  for insert to authenticated
  with check (
    (source = 'guest' and not is_hidden and not (author_user_id is distinct from (select auth.uid())))
    or (select private.is_platform_admin())
  );

-- The owner hides or edits memories of their book; a platform admin any.
create policy "owners and platform admins moderate memories" on public.memory_entries
  for update to authenticated
  using (private.is_book_owner(book_id) or (select private.is_platform_admin()))
  with check (private.is_book_owner(book_id) or (select private.is_platform_admin()));

-- The owner deletes memories of their book; a platform admin any.
create policy "owners and platform admins delete memories" on public.memory_entries
  for delete to authenticated
  using (private.is_book_owner(book_id) or (select private.is_platform_admin()));


-- ##################################################################################################
-- supabase/schemas/35-memory-news.sql

-- Memory news: the owner's e-mail about new memories in their book (on by default, at most one a
-- day), who receives it, what was sent, and the unsubscribe link.

-- ================================================================ tables

create table public.memory_news_recipients (
  id uuid primary key default gen_random_uuid(),
  book_id uuid not null references public.memory_books (id) on delete cascade,
  -- null: the book's owner, whoever it is at the time of sending; else a confirmed family admin.
  user_id uuid references auth.users (id) on delete cascade,
  frequency text not null default 'batch' check (frequency in ('batch', 'daily', 'off')),
  -- Only memories written after this are announced (no flood of old memories when news starts).
  since timestamptz not null default now(),
  last_sent_at timestamptz,
  unsubscribe_token text not null unique default private.random_token(),
  created_at timestamptz not null default now()
);
alter table public.memory_news_recipients enable row level security;
grant select, insert, update, delete on table public.memory_news_recipients to service_role;

create unique index memory_news_recipients_owner_key on public.memory_news_recipients (book_id) where user_id is null;
create unique index memory_news_recipients_admin_key on public.memory_news_recipients (book_id, user_id)
  where user_id is not null;
create index memory_news_recipients_user_idx on public.memory_news_recipients (user_id) where user_id is not null;

create table public.memory_news_sends (
  id uuid primary key default gen_random_uuid(),
  recipient_id uuid not null references public.memory_news_recipients (id) on delete cascade,
  claimed_at timestamptz not null default now(),
  sent_at timestamptz
);
alter table public.memory_news_sends enable row level security;
grant select, insert, update, delete on table public.memory_news_sends to service_role;

create index memory_news_sends_recipient_idx on public.memory_news_sends (recipient_id);

create table public.memory_news_items (
  recipient_id uuid not null references public.memory_news_recipients (id) on delete cascade,
  memory_id uuid not null references public.memory_entries (id) on delete cascade,
  send_id uuid not null references public.memory_news_sends (id) on delete cascade,
  primary key (recipient_id, memory_id)
);
alter table public.memory_news_items enable row level security;
grant select, insert, update, delete on table public.memory_news_items to service_role;

create index memory_news_items_memory_idx on public.memory_news_items (memory_id);
create index memory_news_items_send_idx on public.memory_news_items (send_id);

-- ================================================================ functions

-- Trigger: every new book gets its memory-news recipient row (news on by default).
create function private.on_memory_book_created_news() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.memory_news_recipients (book_id) values (new.id);
  return new;
end
$$;
revoke execute on function private.on_memory_book_created_news() from public;

-- The recipient's address now: the owner's e-mail for the owner's row, the family admin's
-- confirmed e-mail while they are still a confirmed admin of the book; else null (not sent).
create function private.memory_news_address(recipient public.memory_news_recipients) returns text
language sql stable security definer set search_path = '' as $$
  select case
    when recipient.user_id is null then (select b.owner_email from public.memory_books b where b.id = recipient.book_id)
    else (select lower(au.email) from public.book_admins a
            join auth.users au on au.id = a.user_id and au.email_confirmed_at is not null
           where a.book_id = recipient.book_id and a.user_id = recipient.user_id and a.status = 'confirmed')
  end
$$;
revoke execute on function private.memory_news_address(recipient public.memory_news_recipients) from public;

-- The memories to announce to this recipient: visible, written after `since`, not by the
-- recipient themselves, not yet claimed for them.
create function private.memory_news_pending(recipient public.memory_news_recipients) returns setof uuid
language sql stable security definer set search_path = '' as $$
  select e.id from public.memory_entries e
   where e.book_id = recipient.book_id
     and not e.is_hidden
     and e.created_at > recipient.since
     and (e.author_user_id is null or e.author_user_id is distinct from coalesce(
           recipient.user_id,
           (select au.id from auth.users au join public.memory_books b on b.owner_email = lower(au.email)
             where b.id = recipient.book_id limit 1)))
     and not exists (select 1 from public.memory_news_items i where i.recipient_id = recipient.id and i.memory_id = e.id)
   order by e.created_at
$$;
revoke execute on function private.memory_news_pending(recipient public.memory_news_recipients) from public;

-- Is an e-mail due: batch at most every 15 minutes, daily at most once a day (a few minutes of
-- slack so a scheduler running a little early still sends).
create function private.memory_news_due(recipient public.memory_news_recipients) returns boolean
language sql stable set search_path = '' as $$
  select case recipient.frequency
    when 'batch' then recipient.last_sent_at is null or recipient.last_sent_at <= now() - interval '14 minutes'
    when 'daily' then recipient.last_sent_at is null or recipient.last_sent_at <= now() - interval '23 hours 50 minutes'
    else false
  end
$$;
revoke execute on function private.memory_news_due(recipient public.memory_news_recipients) from public;

-- Service role only (send-memory-news): the recipients to write to now.
create function public.memory_news_recipients_due() returns setof uuid
language plpgsql volatile security definer set search_path = '' as $$
begin
  -- A claim whose run died (never marked sent nor given back) is given back after 10 minutes.
  delete from public.memory_news_sends s where s.sent_at is null and s.claimed_at < now() - interval '10 minutes';
  return query
    select r.id from public.memory_news_recipients r
     where private.memory_news_due(r)
       and exists (select 1 from private.memory_news_pending(r))
     order by r.created_at;
end
$$;
revoke execute on function public.memory_news_recipients_due() from public;
grant execute on function public.memory_news_recipients_due() to service_role;

-- Service role only (send-memory-news): claims the recipient's pending memories under a new send
-- and answers what the e-mail needs, or null when nothing is due (checked again under the lock).
create function public.memory_news_claim(recipient uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  row_ public.memory_news_recipients;
  address text;
  send uuid;
  book public.memory_books;
begin
  select * into row_ from public.memory_news_recipients r where r.id = recipient for update;
  if not found or not private.memory_news_due(row_) then
    return null;
  end if;
  address := private.memory_news_address(row_);
  if address is null or not exists (select 1 from private.memory_news_pending(row_)) then
    return null;
  end if;
  insert into public.memory_news_sends (recipient_id) values (row_.id) returning id into send;
  insert into public.memory_news_items (recipient_id, memory_id, send_id)
  select row_.id, p.id, send from private.memory_news_pending(row_) as p(id);
  select * into book from public.memory_books b where b.id = row_.book_id;
  return jsonb_build_object(
    'send_id', send,
    'email', address,
    'frequency', row_.frequency,
    'is_owner', row_.user_id is null,
    'unsubscribe_token', row_.unsubscribe_token,
    'book', jsonb_build_object('id', book.id, 'book_id', book.book_id, 'full_name', book.full_name),
    'memories', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', e.id, 'full_name', e.full_name, 'relation', e.relation_to_deceased,
               'text', left(coalesce(e.memory_text_1, e.memory_text_2, e.memory_text_3, ''), 300))
             order by e.created_at), '[]'::jsonb)
        from public.memory_news_items i join public.memory_entries e on e.id = i.memory_id
       where i.send_id = send)
  );
end
$$;
revoke execute on function public.memory_news_claim(recipient uuid) from public;
grant execute on function public.memory_news_claim(recipient uuid) to service_role;

-- Service role only: the send's e-mail went.
create function public.memory_news_sent(send uuid) returns void
language sql volatile security definer set search_path = '' as $$
  with sent as (
    update public.memory_news_sends s set sent_at = now() where s.id = send and s.sent_at is null returning s.recipient_id
  )
  update public.memory_news_recipients r set last_sent_at = now() where r.id in (select sent.recipient_id from sent)
$$;
revoke execute on function public.memory_news_sent(send uuid) from public;
grant execute on function public.memory_news_sent(send uuid) to service_role;

-- Service role only: the send's e-mail failed; its memories wait for the next run.
create function public.memory_news_release(send uuid) returns void
language sql volatile security definer set search_path = '' as $$
  delete from public.memory_news_sends s where s.id = send and s.sent_at is null
$$;
revoke execute on function public.memory_news_release(send uuid) from public;
grant execute on function public.memory_news_release(send uuid) to service_role;

-- The caller's news choice for the book: the owner's row for the owner, their own row for a
-- confirmed family admin ('off' until they opt in); refused to anyone else.
create function private.memory_news_setting(book uuid) returns text
language plpgsql stable security definer set search_path = '' as $$
begin
  if public.is_book_owner(book) then
    return (select r.frequency from public.memory_news_recipients r where r.book_id = book and r.user_id is null);
  end if;
  if public.is_book_family_admin(book) then
    return coalesce((select r.frequency from public.memory_news_recipients r
                      where r.book_id = book and r.user_id = (select auth.uid())), 'off');
  end if;
  perform private.deny('רק בעל הספר ומנהלי המשפחה מקבלים עדכונים על זיכרונות חדשים', 'not_book_manager');
end
$$;
revoke execute on function private.memory_news_setting(book uuid) from public;
grant execute on function private.memory_news_setting(book uuid) to authenticated, service_role;

-- The caller chooses batch, daily or off for the book (owner: the owner's row; a confirmed family
-- admin: their own). Turning news on starts from now, so old memories are not announced.
create function private.set_memory_news(book uuid, frequency text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  owner_row constant boolean := public.is_book_owner(book);
  member uuid := case when owner_row then null else (select auth.uid()) end;
begin
  if frequency is null or frequency not in ('batch', 'daily', 'off') then
    perform private.refuse('בחירה לא תקינה', 'invalid_frequency');
  end if;
  if not owner_row and not public.is_book_family_admin(book) then
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
revoke execute on function private.set_memory_news(book uuid, frequency text) from public;
grant execute on function private.set_memory_news(book uuid, frequency text) to authenticated, service_role;

-- Anyone with the link of a news e-mail: no more news for that recipient.
create function private.memory_news_unsubscribe(token text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  row_ public.memory_news_recipients;
  card public.memory_books;
begin
  update public.memory_news_recipients r set frequency = 'off'
   where r.unsubscribe_token = btrim(coalesce(token, '')) and char_length(btrim(coalesce(token, ''))) >= 32
  returning * into row_;
  if not found then
    return jsonb_build_object('ok', false, 'reason', 'invalid');
  end if;
  select * into card from public.memory_books b where b.id = row_.book_id;
  return jsonb_build_object('ok', true, 'reason', 'unsubscribed', 'book_id', card.book_id, 'full_name', card.full_name);
end
$$;
revoke execute on function private.memory_news_unsubscribe(token text) from public;
grant execute on function private.memory_news_unsubscribe(token text) to anon, authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker); the rule is in
-- private.memory_news_setting.
create function public.memory_news_setting(book uuid)
returns text
language sql stable security invoker set search_path = ''
as $$ select private.memory_news_setting($1) $$;
revoke execute on function public.memory_news_setting(book uuid) from public;
grant execute on function public.memory_news_setting(book uuid) to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker); the rule is in
-- private.set_memory_news.
create function public.set_memory_news(book uuid, frequency text)
returns text
language sql volatile security invoker set search_path = ''
as $$ select private.set_memory_news($1, $2) $$;
revoke execute on function public.set_memory_news(book uuid, frequency text) from public;
grant execute on function public.set_memory_news(book uuid, frequency text) to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker); the rule is in
-- private.memory_news_unsubscribe.
create function public.memory_news_unsubscribe(token text)
returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select private.memory_news_unsubscribe($1) $$;
revoke execute on function public.memory_news_unsubscribe(token text) from public;
grant execute on function public.memory_news_unsubscribe(token text) to anon, authenticated, service_role;

-- ================================================================ triggers

create trigger memory_books_news_recipient
  after insert on public.memory_books
  for each row execute function private.on_memory_book_created_news();

-- ================================================================ schedule

-- Supabase Cron: send-memory-news every 15 minutes, with the same secret as send-reminders.
do $schedule$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_net') then
    begin
      create extension if not exists pg_cron with schema pg_catalog;
      create extension if not exists pg_net with schema extensions;
      perform cron.schedule(
        'send-memory-news',
        '*/15 * * * *',
        $job$
          select net.http_post(
            url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
                   || '/functions/v1/send-memory-news',
            headers := jsonb_build_object(
              'Content-Type', 'application/json',
              'x-reminders-secret',
              (select decrypted_secret from vault.decrypted_secrets where name = 'reminders_cron_secret')),
            body := '{}'::jsonb,
            timeout_milliseconds := 60000)
        $job$);
    exception when others then
      raise notice 'send-memory-news not scheduled (%): schedule it as the README says', sqlerrm;
    end;
  end if;
end
$schedule$;


-- ##################################################################################################
-- supabase/schemas/40-family-admins.sql

-- Family admins and ownership transfers: the owner invites relatives to help manage the book
-- (invitation links with a hashed single-use token), and may hand the book to another address.

-- ================================================================ tables

-- Invitations (status invited: the hash of a random single-use token, valid until expires_at),
-- confirmed family admins (user_id set) and cancelled invitations.
create table public.book_admins (
  id uuid primary key default gen_random_uuid(),
  book_id uuid not null references public.memory_books (id) on delete cascade,
  admin_name text not null check (char_length(btrim(admin_name)) between 1 and 200),
  contact text check (char_length(contact) <= 200),
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
  invitee_user_id uuid references auth.users (id) on delete set null,
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

-- The owner (or a platform admin) of a paid book invites a family admin by name and e-mail or
-- phone. Answers {id, token, expires_at, book_id, family_code}; the token is not kept.
create function private.create_admin_invitation(book uuid, admin_name text, contact text)
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
revoke execute on function private.create_admin_invitation(book uuid, admin_name text, contact text) from public;
grant execute on function private.create_admin_invitation(book uuid, admin_name text, contact text) to authenticated, service_role;

-- The owner (or a platform admin) cancels an open invitation; its link then says so.
create function private.cancel_admin_invitation(invitation_id uuid) returns void
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
revoke execute on function private.cancel_admin_invitation(invitation_id uuid) from public;
grant execute on function private.cancel_admin_invitation(invitation_id uuid) to authenticated, service_role;

-- The owner (or a platform admin): the book's confirmed admins (name, e-mail, joined) and its
-- invitations that are still open or expired (never cancelled or used ones).
create function private.list_book_admins(book uuid)
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
revoke execute on function private.list_book_admins(book uuid) from public;
grant execute on function private.list_book_admins(book uuid) to authenticated, service_role;

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
-- invitation? Writes nothing.
create function public.check_admin_invitation(token text, book_ref text, member uuid)
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
revoke execute on function public.check_admin_invitation(token text, book_ref text, member uuid) from public;
grant execute on function public.check_admin_invitation(token text, book_ref text, member uuid) to service_role;

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
revoke execute on function public.join_book_as_admin(token text, book_ref text, member uuid) from public;
grant execute on function public.join_book_as_admin(token text, book_ref text, member uuid) to service_role;

-- The owner (or a platform admin) invites `invitee_email` to take over the book. One open request
-- per book. Answers {id, token, expires_at, book_id}; the token is not kept.
create function private.create_ownership_transfer(book uuid, invitee_email text) returns jsonb
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
revoke execute on function private.create_ownership_transfer(book uuid, invitee_email text) from public;
grant execute on function private.create_ownership_transfer(book uuid, invitee_email text) to authenticated, service_role;

-- The invitee (signed in with the invited, confirmed e-mail) answers a transfer invitation; the
-- request then waits for the owner's approval. Answering again is harmless.
create function private.register_ownership_transfer(invite_token text)
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
revoke execute on function private.register_ownership_transfer(invite_token text) from public;
grant execute on function private.register_ownership_transfer(invite_token text) to authenticated, service_role;

-- The owner (or a platform admin) approves or declines a registered request. Approval moves
-- owner_email to the invitee (a gift book's claimer with it, so the new owner reads it) and
-- keeps the previous owner as a confirmed family admin. Returns the request's new status.
create function private.decide_ownership_transfer(request_id uuid, approve boolean) returns text
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
revoke execute on function private.decide_ownership_transfer(request_id uuid, approve boolean) from public;
grant execute on function private.decide_ownership_transfer(request_id uuid, approve boolean) to authenticated, service_role;

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

-- The Data API's entry point, run as the caller (security invoker); the rule is in
-- private.cancel_admin_invitation.
create function public.cancel_admin_invitation(invitation_id uuid)
returns void
language sql volatile security invoker set search_path = ''
as $$ select private.cancel_admin_invitation($1) $$;
revoke execute on function public.cancel_admin_invitation(invitation_id uuid) from public;
grant execute on function public.cancel_admin_invitation(invitation_id uuid) to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker); the rule is in
-- private.create_admin_invitation.
create function public.create_admin_invitation(book uuid, admin_name text, contact text)
returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select private.create_admin_invitation($1, $2, $3) $$;
revoke execute on function public.create_admin_invitation(book uuid, admin_name text, contact text) from public;
grant execute on function public.create_admin_invitation(book uuid, admin_name text, contact text) to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker); the rule is in
-- private.create_ownership_transfer.
create function public.create_ownership_transfer(book uuid, invitee_email text)
returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select private.create_ownership_transfer($1, $2) $$;
revoke execute on function public.create_ownership_transfer(book uuid, invitee_email text) from public;
grant execute on function public.create_ownership_transfer(book uuid, invitee_email text) to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker); the rule is in
-- private.decide_ownership_transfer.
create function public.decide_ownership_transfer(request_id uuid, approve boolean)
returns text
language sql volatile security invoker set search_path = ''
as $$ select private.decide_ownership_transfer($1, $2) $$;
revoke execute on function public.decide_ownership_transfer(request_id uuid, approve boolean) from public;
grant execute on function public.decide_ownership_transfer(request_id uuid, approve boolean) to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker); the rule is in
-- private.list_book_admins.
create function public.list_book_admins(book uuid)
returns TABLE(id uuid, admin_name text, contact text, email text, state text, created_at timestamp with time zone, confirmed_at timestamp with time zone, expires_at timestamp with time zone)
language sql stable security invoker set search_path = ''
as $$ select * from private.list_book_admins($1) $$;
revoke execute on function public.list_book_admins(book uuid) from public;
grant execute on function public.list_book_admins(book uuid) to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker); the rule is in
-- private.register_ownership_transfer.
create function public.register_ownership_transfer(invite_token text)
returns book_action_result
language sql volatile security invoker set search_path = ''
as $$ select * from private.register_ownership_transfer($1) $$;
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

-- The owner (or a platform admin) gets a new link for an invitation not used or cancelled yet,
-- valid 7 days from now; the previous link stops working. Answers {id, token, expires_at,
-- book_id, admin_name}; the token is not kept.
create function private.renew_admin_invitation_link(invitation_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  token constant text := private.random_token();
  invitation public.book_admins;
begin
  select * into invitation from public.book_admins a where a.id = invitation_id for update;
  if not found or not private.can_manage_book(invitation.book_id) then
    perform private.deny('רק בעל הספר יכול לשלוח הזמנות', 'not_book_owner');
  end if;
  if invitation.status <> 'invited' then
    perform private.refuse('ההזמנה כבר אינה פתוחה', 'invitation_not_open');
  end if;
  update public.book_admins a
     set token_hash = private.grant_hash(token), expires_at = now() + interval '7 days'
   where a.id = invitation.id
  returning * into invitation;
  return jsonb_build_object('id', invitation.id, 'token', token, 'expires_at', invitation.expires_at,
                            'book_id', (select b.book_id from public.memory_books b where b.id = invitation.book_id),
                            'admin_name', invitation.admin_name);
end
$$;
revoke execute on function private.renew_admin_invitation_link(invitation_id uuid) from public;
grant execute on function private.renew_admin_invitation_link(invitation_id uuid) to authenticated, service_role;

-- The app's entry point, as the signed-in caller; the body above checks who they are.
create function public.renew_admin_invitation_link(invitation_id uuid)
returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select private.renew_admin_invitation_link($1) $$;
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

-- A family admin reads their own row, the owner the book's rows, a platform admin all.
create policy "owners, members and platform admins read book admins" on public.book_admins
  for select to authenticated
  using (user_id = (select auth.uid()) or private.is_book_owner(book_id) or (select private.is_platform_admin()));

-- The owner withdraws their book's transfer requests; a platform admin any.
create policy "owners and platform admins withdraw transfer requests" on public.ownership_transfer_requests
  for delete to authenticated
  using (private.is_book_owner(book_id) or (select private.is_platform_admin()));

-- The owner and the invited address read a transfer request; a platform admin all.
create policy "owner, invitee and platform admins read transfer requests" on public.ownership_transfer_requests
  for select to authenticated
  using (
    private.is_book_owner(book_id)
    or invitee_user_id = (select auth.uid())
    or invitee_email = (select private.current_user_email())
    or (select private.is_platform_admin())
  );


-- ##################################################################################################
-- supabase/schemas/50-payments.sql

-- Payments: the plan price list and the checkout sessions the payment functions open and record
-- (PayPlus or Stripe); a paid session creates or upgrades exactly one book.

-- ================================================================ tables

-- Checkout sessions the payment functions created and processed (service role only), so a paid
-- session creates or upgrades exactly one book.
create table public.payment_sessions (
  stripe_session_id text primary key,
  user_id uuid references auth.users (id) on delete set null,
  email text,
  plan_type text not null check (plan_type in ('basic', 'pro', 'full')),
  recipient_type text not null check (recipient_type in ('for_me', 'gift')),
  amount_agorot integer not null check (amount_agorot >= 0),
  currency text not null default 'ils',
  coupon_code text,
  status text not null default 'created' check (status in ('created', 'paid', 'expired', 'refunded', 'failed')),
  used_by_book uuid references public.memory_books (id) on delete set null,
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  refund_id text,
  used_at timestamptz,
  -- The provider's record of the payment (PayPlus or Stripe).
  provider text check (provider in ('payplus', 'stripe')),
  provider_checkout_id text,
  transaction_id text,
  payment_method text check (payment_method in ('card', 'bit', 'apple_pay', 'google_pay', 'other')),
  card_last4 text check (card_last4 ~ '^[0-9]{4}$'),
  tax_document_url text check (tax_document_url ~ '^https?://'),
  refund_started_at timestamptz,
  refunded_at timestamptz,
  -- The provider's payment page, while the checkout is open, and the book it upgrades.
  checkout_url text,
  book_id uuid
);
alter table public.payment_sessions enable row level security;
comment on column public.payment_sessions.stripe_session_id is 'The checkout''s id for every provider: a Stripe checkout session (cs_…), a PayPlus order id (pp_…) or free_coupon_…';
comment on column public.payment_sessions.provider_checkout_id is 'The provider''s own id of the checkout (PayPlus page_request_uid).';
comment on column public.payment_sessions.transaction_id is 'The provider''s transaction (PayPlus transaction uid, Stripe payment intent).';
comment on column public.payment_sessions.checkout_url is 'The provider''s hosted page of an open checkout, offered again to the same buyer.';
comment on column public.payment_sessions.book_id is 'The buyer''s existing book the checkout pays for (an unpaid book or an upgrade).';
grant select on table public.payment_sessions to authenticated;
grant select, insert, update on table public.payment_sessions to service_role;

create index payment_sessions_user_idx on public.payment_sessions (user_id);
create index payment_sessions_book_idx on public.payment_sessions (used_by_book);

-- One transaction pays one order: a callback about a transaction already recorded elsewhere is refused.
create unique index payment_sessions_transaction_key on public.payment_sessions (provider, transaction_id)
  where transaction_id is not null;
create index payment_sessions_book_id_idx on public.payment_sessions (book_id);
create index payment_sessions_coupon_open_idx on public.payment_sessions (coupon_code, created_at)
  where status = 'created' and coupon_code is not null;

-- The only place prices live. The edge functions compute every amount from it; the app reads it
-- to show prices. `is_offered` = shown in the plan picker (basic, pro); every row can be bought
-- (full is reached by ?plan=full and by upgrade).
create table public.plan_prices (
  plan_type text primary key check (plan_type in ('basic', 'pro', 'full')),
  price_agorot integer not null check (price_agorot > 0),
  original_price_agorot integer check (original_price_agorot is null or original_price_agorot >= price_agorot),
  currency text not null default 'ils' check (currency ~ '^[a-z]{3}$'),
  is_offered boolean not null default true,
  updated_at timestamptz not null default now()
);
alter table public.plan_prices enable row level security;
comment on table public.plan_prices is 'Price of each plan in agorot; written by the service role only.';
grant select on table public.plan_prices to anon, authenticated, service_role;

-- ================================================================ functions

-- Service role only (create-checkout-session, after the provider made the checkout): records the
-- checkout and holds its coupon's use, in one transaction that waits for the buyer's other
-- checkouts and the coupon's other holders. Answers {outcome: 'opened'}; {outcome: 'reused',
-- session_id, url} when the buyer already has the same purchase open (the new provider checkout is
-- then abandoned by the caller); {outcome: 'coupon_refused', reason} when the coupon cannot be
-- held any more (used up by uses and holds, expired, inactive).
create function public.open_checkout(
  session_id text,
  provider text,
  checkout_url text,
  buyer uuid,
  buyer_email text,
  plan text,
  recipient text,
  amount integer,
  currency text,
  provider_checkout_id text default null,
  book uuid default null,
  coupon text default null
) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  open_one public.payment_sessions;
  held public.admin_coupons;
  refusal text;
begin
  perform pg_advisory_xact_lock(hashtextextended('open_checkout:' || buyer::text, 0));
  select * into open_one from public.payment_sessions s
   where s.user_id = buyer and s.status = 'created' and s.checkout_url is not null
     and s.plan_type = plan and s.recipient_type = recipient and s.book_id is not distinct from book
     and s.coupon_code is not distinct from coupon and s.amount_agorot = amount
     and s.created_at > now() - interval '30 minutes'
   order by s.created_at desc limit 1;
  if found then
    return jsonb_build_object('outcome', 'reused', 'session_id', open_one.stripe_session_id, 'url', open_one.checkout_url);
  end if;
  if coupon is not null then
    select * into held from public.admin_coupons c where c.code = upper(btrim(coupon)) for update;
    refusal := private.coupon_refusal(held, plan);
    if refusal is not null then
      return jsonb_build_object('outcome', 'coupon_refused', 'reason', refusal);
    end if;
  end if;
  insert into public.payment_sessions (
    stripe_session_id, provider, provider_checkout_id, checkout_url, user_id, email, plan_type, recipient_type,
    book_id, amount_agorot, currency, coupon_code, status
  ) values (
    session_id, provider, provider_checkout_id, checkout_url, buyer, lower(buyer_email), plan, recipient,
    book, amount, currency, coupon, 'created'
  );
  return jsonb_build_object('outcome', 'opened');
end
$$;
revoke execute on function public.open_checkout(session_id text, provider text, checkout_url text, buyer uuid, buyer_email text, plan text, recipient text, amount integer, currency text, provider_checkout_id text, book uuid, coupon text) from public;
grant execute on function public.open_checkout(session_id text, provider text, checkout_url text, buyer uuid, buyer_email text, plan text, recipient text, amount integer, currency text, provider_checkout_id text, book uuid, coupon text) to service_role;

-- The open checkout the buyer would be given again, if any, with its amount (create-checkout-session
-- asks first: the buyer's own open checkout holds the coupon, so the coupon alone would now be
-- refused to them). Service role only.
create function public.open_checkout_of(
  buyer uuid, plan text, recipient text, book uuid default null, coupon text default null
) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('session_id', s.stripe_session_id, 'url', s.checkout_url, 'amount', s.amount_agorot)
    from public.payment_sessions s
   where s.user_id = buyer and s.status = 'created' and s.checkout_url is not null
     and s.plan_type = plan and s.recipient_type = recipient and s.book_id is not distinct from book
     and s.coupon_code is not distinct from upper(btrim(coupon))
     and s.created_at > now() - interval '30 minutes'
   order by s.created_at desc limit 1
$$;
revoke execute on function public.open_checkout_of(buyer uuid, plan text, recipient text, book uuid, coupon text) from public;
grant execute on function public.open_checkout_of(buyer uuid, plan text, recipient text, book uuid, coupon text) to service_role;

-- Service role only (payment-callback, and the functions that ask the provider itself when its
-- callback is late): records that a checkout was paid. Idempotent: a paid checkout answers
-- already_recorded and changes nothing. A declined (failed) or expired checkout may still be paid
-- afterwards on the provider's page, so those are recorded too. The provider's transaction may pay
-- one checkout only (else transaction_reused, logged). The amount and currency must be the
-- checkout's (else the checkout fails: amount_mismatch, logged). The coupon the checkout holds is
-- redeemed for it, counted against the other holders; if it was used up meanwhile, the payment
-- still stands and a COUPON_REDEEMED_PAST_LIMIT row goes to admin_logs.
-- Returns recorded | already_recorded | unknown_session | amount_mismatch | transaction_reused | not_open.
create function public.record_checkout_payment(
  session_id text,
  amount_paid integer,
  paid_currency text,
  transaction text default null,
  method text default null,
  last4 text default null,
  tax_document text default null
) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  checkout public.payment_sessions;
  redeemed public.coupon_check;
begin
  select * into checkout from public.payment_sessions s where s.stripe_session_id = session_id for update;
  if not found then
    return 'unknown_session';
  end if;
  if checkout.status = 'paid' then
    return 'already_recorded';
  end if;
  if checkout.status not in ('created', 'failed', 'expired') then
    return 'not_open';
  end if;
  if transaction is not null and exists (
    select 1 from public.payment_sessions s
     where s.transaction_id = transaction and s.provider is not distinct from checkout.provider
       and s.stripe_session_id <> checkout.stripe_session_id
  ) then
    insert into public.admin_logs (action, target_user, details)
    values ('SECURITY_PAYMENT_TRANSACTION_REUSED', checkout.email,
            jsonb_build_object('session', session_id, 'transaction', transaction));
    return 'transaction_reused';
  end if;
  if amount_paid is distinct from checkout.amount_agorot or lower(paid_currency) is distinct from checkout.currency then
    update public.payment_sessions s set status = 'failed' where s.stripe_session_id = session_id;
    insert into public.admin_logs (action, target_user, details)
    values ('SECURITY_PAYMENT_AMOUNT_MISMATCH', checkout.email,
            jsonb_build_object('session', session_id, 'expected', checkout.amount_agorot, 'paid', amount_paid,
                               'currency', paid_currency));
    return 'amount_mismatch';
  end if;
  if checkout.coupon_code is not null then
    redeemed := public.redeem_coupon(checkout.coupon_code, checkout.plan_type, checkout.stripe_session_id);
    if not redeemed.valid then
      insert into public.admin_logs (action, target_user, details)
      values ('COUPON_REDEEMED_PAST_LIMIT', checkout.email,
              jsonb_build_object('session', session_id, 'coupon', checkout.coupon_code, 'reason', redeemed.reason));
    end if;
  end if;
  update public.payment_sessions s
     set status = 'paid', paid_at = now(), checkout_url = null, transaction_id = coalesce(transaction, s.transaction_id),
         payment_method = coalesce(method, s.payment_method), card_last4 = coalesce(last4, s.card_last4),
         tax_document_url = coalesce(tax_document, s.tax_document_url)
   where s.stripe_session_id = session_id;
  return 'recorded';
end
$$;
revoke execute on function public.record_checkout_payment(session_id text, amount_paid integer, paid_currency text, transaction text, method text, last4 text, tax_document text) from public;
grant execute on function public.record_checkout_payment(session_id text, amount_paid integer, paid_currency text, transaction text, method text, last4 text, tax_document text) to service_role;

-- ================================================================ policies

-- Anyone reads the prices (plan picker, payment page); only the service role writes them.
create policy "anyone reads plan prices" on public.plan_prices
  for select to anon, authenticated
  using (true);

-- Each user their own payment sessions; a platform admin all.
create policy "users and platform admins read payment sessions" on public.payment_sessions
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_platform_admin()));

-- ================================================================ data

insert into public.plan_prices (plan_type, price_agorot, original_price_agorot, currency, is_offered) values
  ('basic', 9900, 14900, 'ils', true),
  ('pro', 14900, 19900, 'ils', true),
  ('full', 19900, 24900, 'ils', false)
on conflict (plan_type) do nothing;


-- ##################################################################################################
-- supabase/schemas/55-gifts-and-coupons.sql

-- Gifts and coupons: a book bought as a gift (gift code, claim, resend, cancel, refund) and the
-- platform admin's coupons (checked, held while a checkout is open, redeemed).

-- ================================================================ types

create type public.coupon_check as (
  valid boolean,
  code text,
  discount_type text,
  value numeric,
  reason text
);

-- ================================================================ tables

create table public.admin_coupons (
  id uuid primary key default gen_random_uuid(),
  code text not null unique check (code = upper(btrim(code)) and char_length(code) between 1 and 40),
  discount_type text not null check (discount_type in ('percent', 'fixed')),
  value numeric(10, 2) not null,
  target_plan text check (target_plan in ('basic', 'pro', 'full')),
  max_uses integer check (max_uses > 0),
  uses_count integer not null default 0 check (uses_count >= 0),
  is_active boolean not null default true,
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  check ((discount_type = 'percent' and value between 1 and 100) or (discount_type = 'fixed' and value > 0)),
  check (max_uses is null or uses_count <= max_uses)
);
alter table public.admin_coupons enable row level security;
grant select, insert, update, delete on table public.admin_coupons to authenticated;

create index admin_coupons_created_at_idx on public.admin_coupons (created_at desc);

-- Every gift-code check, by a signed-in user or (checking before sign-in) by an address, for the
-- gift-code lockout.
create table public.gift_claim_attempts (
  id bigint generated always as identity primary key,
  user_id uuid references auth.users (id) on delete cascade,
  attempted_at timestamptz not null default now(),
  success boolean not null,
  locks_until timestamptz,
  client_ip text check (char_length(client_ip) <= 100),
  constraint gift_claim_attempts_who check (user_id is not null or client_ip is not null)
);
alter table public.gift_claim_attempts enable row level security;
grant select, delete on table public.gift_claim_attempts to authenticated;

create index gift_claim_attempts_user_idx on public.gift_claim_attempts (user_id, attempted_at desc);
create index gift_claim_attempts_ip_idx on public.gift_claim_attempts (client_ip, attempted_at desc)
  where client_ip is not null;

create table public.replaced_gift_codes (
  gift_code text primary key,
  book_id uuid not null references public.memory_books (id) on delete cascade,
  replaced_at timestamptz not null default now()
);
alter table public.replaced_gift_codes enable row level security;
comment on table public.replaced_gift_codes is 'Gift codes a purchaser replaced by sending a new one; service role only.';
grant select, insert, delete on table public.replaced_gift_codes to service_role;

create index replaced_gift_codes_book_idx on public.replaced_gift_codes (book_id);

-- ================================================================ functions

-- A gift code no book holds yet: 8 letters and digits of the unambiguous alphabet.
create function private.new_gift_code() returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  candidate text;
begin
  loop
    candidate := private.random_code(private.code_alphabet(), 8);
    exit when not exists (select 1 from public.memory_books b where b.gift_code = candidate);
  end loop;
  return candidate;
end
$$;
revoke execute on function private.new_gift_code() from public;

-- Anyone (read only): may this coupon be used for this plan? {valid, code, discount_type, value, reason}.
create function public.validate_coupon(code text, plan text default null) returns public.coupon_check
language plpgsql stable security definer set search_path = '' as $$
declare
  normalized constant text := upper(btrim(coalesce(code, '')));
  coupon public.admin_coupons;
  refusal text;
begin
  if normalized = '' then
    return row(false, null, null, null, 'אנא הכנס קוד קופון')::public.coupon_check;
  end if;
  select * into coupon from public.admin_coupons c where c.code = normalized;
  refusal := private.coupon_refusal(coupon, plan);
  if refusal is not null then
    return row(false, normalized, coupon.discount_type, coupon.value, refusal)::public.coupon_check;
  end if;
  return row(true, coupon.code, coupon.discount_type, coupon.value, null)::public.coupon_check;
end
$$;
revoke execute on function public.validate_coupon(code text, plan text) from public;
grant execute on function public.validate_coupon(code text, plan text) to service_role;

-- Service role only: a new unique gift code (8 characters of the code alphabet, crypto random).
-- Setting it on a book starts its 30 days (memory_books_normalize).
create function public.generate_gift_code() returns text
language sql volatile security definer set search_path = '' as $$
  select private.new_gift_code()
$$;
revoke execute on function public.generate_gift_code() from public;
grant execute on function public.generate_gift_code() to service_role;

-- Service role only (apply-coupon): redeems one use of a coupon that makes the plan free and
-- records the paid session `session_id` (free_coupon_<uuid>) for the buyer in the same
-- transaction. The caller computed "free" from the coupon it validated; if the coupon changed in
-- between (another type or value), the redemption is rolled back (SQLSTATE P0001, hint
-- coupon_changed). An unusable coupon returns valid=false with the reason and writes nothing.
create function public.redeem_coupon_for_free_session(
  coupon_code text,
  plan text,
  session_id text,
  buyer uuid,
  buyer_email text,
  recipient text,
  expected_discount_type text,
  expected_value numeric
) returns public.coupon_check
language plpgsql volatile security definer set search_path = '' as $$
declare
  redeemed public.coupon_check;
begin
  redeemed := public.redeem_coupon(coupon_code, plan);
  if not redeemed.valid then
    return redeemed;
  end if;
  if redeemed.discount_type is distinct from expected_discount_type or redeemed.value is distinct from expected_value then
    perform private.refuse('הקופון השתנה, נסו שוב', 'coupon_changed');
  end if;
  insert into public.payment_sessions (
    stripe_session_id, user_id, email, plan_type, recipient_type, amount_agorot, currency, coupon_code, status, paid_at
  ) values (
    session_id, buyer, lower(buyer_email), plan, recipient, 0,
    (select p.currency from public.plan_prices p where p.plan_type = plan), redeemed.code, 'paid', now()
  );
  return redeemed;
end
$$;
revoke execute on function public.redeem_coupon_for_free_session(coupon_code text, plan text, session_id text, buyer uuid, buyer_email text, recipient text, expected_discount_type text, expected_value numeric) from public;
grant execute on function public.redeem_coupon_for_free_session(coupon_code text, plan text, session_id text, buyer uuid, buyer_email text, recipient text, expected_discount_type text, expected_value numeric) to service_role;

-- Locked while any attempt of this user (or from this client) carries a lock still running.
create function private.gift_code_locked(attempt_user uuid, attempt_ip text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.gift_claim_attempts a
     where a.locks_until > now()
       and ((attempt_user is not null and a.user_id = attempt_user)
         or (attempt_ip is not null and a.client_ip = attempt_ip))
  )
$$;
revoke execute on function private.gift_code_locked(attempt_user uuid, attempt_ip text) from public;

-- Counts unknown codes since the last lock (at most 15 minutes back), for this user and for this
-- client separately; the 10th locks for 15 minutes and writes SECURITY_GIFT_CLAIM_LOCKOUT.
create function private.record_gift_code_attempt(attempt_user uuid, attempt_ip text, success boolean)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  attempt_id bigint;
  user_failures integer := 0;
  ip_failures integer := 0;
begin
  insert into public.gift_claim_attempts (user_id, client_ip, success)
  values (attempt_user, attempt_ip, success) returning id into attempt_id;
  if success then
    return;
  end if;
  if attempt_user is not null then
    select count(*) into user_failures from public.gift_claim_attempts a
     where a.user_id = attempt_user and not a.success
       and a.attempted_at > greatest(now() - interval '15 minutes',
             (select coalesce(max(l.locks_until), '-infinity'::timestamptz) from public.gift_claim_attempts l
               where l.user_id = attempt_user and l.locks_until is not null));
  end if;
  if attempt_ip is not null then
    select count(*) into ip_failures from public.gift_claim_attempts a
     where a.client_ip = attempt_ip and not a.success
       and a.attempted_at > greatest(now() - interval '15 minutes',
             (select coalesce(max(l.locks_until), '-infinity'::timestamptz) from public.gift_claim_attempts l
               where l.client_ip = attempt_ip and l.locks_until is not null));
  end if;
  if greatest(user_failures, ip_failures) >= 10 then
    update public.gift_claim_attempts set locks_until = now() + interval '15 minutes' where id = attempt_id;
    insert into public.admin_logs (admin_email, action, target_user, details)
    values (null, 'SECURITY_GIFT_CLAIM_LOCKOUT', coalesce(attempt_user::text, attempt_ip),
            jsonb_build_object('failed_attempts', greatest(user_failures, ip_failures), 'client_ip', attempt_ip,
                               'locked_until', now() + interval '15 minutes'));
  end if;
end
$$;
revoke execute on function private.record_gift_code_attempt(attempt_user uuid, attempt_ip text, success boolean) from public;

-- Service role only (claim-gift): `claimer` (a user with a confirmed e-mail) claims a pending,
-- paid, unexpired, unclaimed gift and becomes its owner. The attempt is recorded first; every
-- refusal is a row (ok=false, reason, Hebrew message).
create function public.claim_gift_as(claimer uuid, gift_code text) returns public.book_action_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  normalized constant text := upper(btrim(coalesce(gift_code, '')));
  claimer_email text;
  gift public.memory_books;
begin
  select lower(u.email) into claimer_email from auth.users u
   where u.id = claimer and u.email_confirmed_at is not null;
  if claimer_email is null then
    return row(false, 'login_required', 'נדרשת התחברות', null, null)::public.book_action_result;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('gift_claim:' || claimer::text, 0));
  if private.gift_code_locked(claimer, null) then
    return row(false, 'gift_claim_locked', 'יותר מדי ניסיונות, נסו שוב בעוד מספר דקות', null, null)::public.book_action_result;
  end if;
  select * into gift from public.memory_books b where b.gift_code = normalized for update;
  perform private.record_gift_code_attempt(claimer, null, found);
  if gift.id is null then
    if exists (select 1 from public.replaced_gift_codes r where r.gift_code = normalized) then
      return row(false, 'gift_replaced', 'קוד המתנה הוחלף בקוד חדש. בקשו מהרוכש את הקוד העדכני', null, null)::public.book_action_result;
    end if;
    return row(false, 'gift_not_found', 'נא לבדוק את הקוד שקיבלת שנית', null, null)::public.book_action_result;
  end if;
  if gift.claimed_by_user_id = claimer and gift.gift_status = 'claimed' then
    return row(true, 'already_yours', 'הספר כבר שלך', gift.id, gift.book_id)::public.book_action_result;
  end if;
  if gift.gift_status = 'claimed' or gift.claimed_by_user_id is not null or gift.owner_email is not null then
    return row(false, 'gift_already_claimed', 'קוד המתנה כבר נתבע', null, null)::public.book_action_result;
  end if;
  if gift.gift_status = 'cancelled' then
    return row(false, 'gift_cancelled', 'המתנה בוטלה על ידי הרוכש', null, null)::public.book_action_result;
  end if;
  if gift.gift_status is distinct from 'pending' or not gift.is_paid then
    return row(false, 'gift_not_available', 'קוד המתנה לא זמין לתביעה', null, null)::public.book_action_result;
  end if;
  if gift.gift_code_expires_at is not null and gift.gift_code_expires_at <= now() then
    return row(false, 'gift_expired', 'קוד המתנה פג תוקפו', null, null)::public.book_action_result;
  end if;
  update public.memory_books b
     set owner_email = claimer_email,
         claimed_by_user_id = claimer,
         gift_claimed_at = now(),
         gift_activated = true,
         payment_status = 'paid',
         gift_status = 'claimed'
   where b.id = gift.id;
  return row(true, 'claimed', 'הספר הועבר אליך בהצלחה', gift.id, gift.book_id)::public.book_action_result;
end
$$;
revoke execute on function public.claim_gift_as(claimer uuid, gift_code text) from public;
grant execute on function public.claim_gift_as(claimer uuid, gift_code text) to service_role;

-- Service role only (check-gift-code): can this code be claimed now? Answers only a status:
-- ok | not_found | claimed | unavailable | expired | locked. The attempt counts against the
-- client (`client_ip`) and, when known, the user.
create function public.check_gift_code_from(client_ip text, code text, attempt_user uuid default null)
returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  normalized constant text := upper(btrim(coalesce(code, '')));
  ip constant text := nullif(btrim(coalesce(client_ip, '')), '');
  gift public.memory_books;
begin
  if ip is null and attempt_user is null then
    return 'locked';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('gift_check:' || coalesce(ip, attempt_user::text), 0));
  if private.gift_code_locked(attempt_user, ip) then
    return 'locked';
  end if;
  select * into gift from public.memory_books b where b.gift_code = normalized;
  perform private.record_gift_code_attempt(attempt_user, ip, found);
  return case
    when gift.id is null then 'not_found'
    when gift.gift_status = 'claimed' or gift.claimed_by_user_id is not null or gift.owner_email is not null then 'claimed'
    when gift.gift_status is distinct from 'pending' or not gift.is_paid then 'unavailable'
    when gift.gift_code_expires_at is not null and gift.gift_code_expires_at <= now() then 'expired'
    else 'ok'
  end;
end
$$;
revoke execute on function public.check_gift_code_from(client_ip text, code text, attempt_user uuid) from public;
grant execute on function public.check_gift_code_from(client_ip text, code text, attempt_user uuid) to service_role;

-- The gift's fields as the purchaser's screens show them.
create function private.gift_summary(gift public.memory_books, existing boolean) returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'existing', existing,
    'id', gift.id,
    'book_id', gift.book_id,
    'gift_code', gift.gift_code,
    'gift_code_expires_at', gift.gift_code_expires_at,
    'gift_recipient_name', gift.gift_recipient_name,
    'full_name', gift.full_name,
    'purchaser_name', gift.purchaser_name,
    'plan_type', gift.plan_type,
    'gift_status', gift.gift_status
  )
$$;
revoke execute on function private.gift_summary(gift public.memory_books, existing boolean) from public;

-- Service role only (create-gift): turns the buyer's paid, unused gift session (a checkout or a
-- redeemed 100% coupon) into a pending gift book with a new code, or, for a legacy link, a paid
-- book of the buyer that has no gift code yet. A session already used answers its gift
-- (existing=true), so a repeated call creates nothing. Refusals raise P0001 with a hint.
create function public.create_gift_book(
  buyer uuid,
  session_id text,
  legacy_book uuid,
  recipient_name text,
  deceased_name text,
  buyer_name text
) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  payment public.payment_sessions;
  gift public.memory_books;
  recipient constant text := btrim(coalesce(recipient_name, ''));
  deceased constant text := btrim(coalesce(deceased_name, ''));
begin
  if session_id is not null then
    select * into payment from public.payment_sessions s where s.stripe_session_id = create_gift_book.session_id for update;
    if not found then
      perform private.refuse('לא נמצא תשלום מתאים. אם שילמת, פנו אלינו ונסדר זאת', 'session_not_found');
    end if;
    if payment.user_id is distinct from buyer then
      perform private.refuse('התשלום הזה שייך למשתמש אחר', 'session_not_owned');
    end if;
    if payment.recipient_type <> 'gift' then
      perform private.refuse('התשלום הזה נועד לספר עבורך ולא למתנה', 'session_not_gift');
    end if;
    if payment.used_by_book is not null then
      select * into gift from public.memory_books b where b.id = payment.used_by_book;
      return private.gift_summary(gift, true);
    end if;
    if payment.status <> 'paid' then
      perform private.refuse('התשלום טרם הושלם', 'payment_not_completed');
    end if;
  elsif legacy_book is not null then
    select * into gift from public.memory_books b where b.id = legacy_book for update;
    if not found or gift.purchaser_user_id is distinct from buyer then
      perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
    end if;
    if gift.gift_code is not null then
      return private.gift_summary(gift, true);
    end if;
    if not gift.is_paid or gift.owner_email is not null then
      perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
    end if;
  else
    perform private.refuse('חסר מזהה תשלום', 'session_id_required');
  end if;

  if recipient = '' or deceased = '' then
    perform private.refuse('אנא מלא את כל השדות', 'required_fields');
  end if;
  if char_length(recipient) > 200 or char_length(deceased) > 200 then
    perform private.refuse('השם יכול להכיל עד 200 תווים', 'name_too_long');
  end if;

  if legacy_book is not null and session_id is null then
    update public.memory_books b
       set gift_code = private.new_gift_code(),
           gift_status = 'pending',
           gift_recipient_name = recipient,
           full_name = deceased,
           purchaser_name = coalesce(nullif(btrim(buyer_name), ''), b.purchaser_name)
     where b.id = legacy_book
    returning * into gift;
    return private.gift_summary(gift, false);
  end if;

  insert into public.memory_books (
    full_name, purchaser_name, purchaser_user_id, plan_type, payment_status, completion_status,
    stripe_session_id, gift_code, gift_status, gift_recipient_name, gift_activated
  ) values (
    deceased, nullif(btrim(coalesce(buyer_name, '')), ''), buyer, payment.plan_type, 'paid', 'pending',
    payment.stripe_session_id, private.new_gift_code(), 'pending', recipient, false
  ) returning * into gift;
  update public.payment_sessions s set used_by_book = gift.id where s.stripe_session_id = payment.stripe_session_id;
  return private.gift_summary(gift, false);
end
$$;
revoke execute on function public.create_gift_book(buyer uuid, session_id text, legacy_book uuid, recipient_name text, deceased_name text, buyer_name text) from public;
grant execute on function public.create_gift_book(buyer uuid, session_id text, legacy_book uuid, recipient_name text, deceased_name text, buyer_name text) to service_role;

-- Service role only (resend-gift): the purchaser's pending gift gets a new code valid 30 days;
-- the old code is kept as replaced.
create function public.resend_gift_as(purchaser uuid, gift_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  gift public.memory_books;
begin
  select * into gift from public.memory_books b where b.id = gift_id for update;
  if not found or gift.purchaser_user_id is distinct from purchaser or gift.gift_code is null then
    perform private.refuse('המתנה לא נמצאה', 'gift_not_found');
  end if;
  if gift.gift_status is distinct from 'pending' then
    perform private.refuse('אפשר לשלוח מחדש רק מתנה שעדיין לא נתבעה', 'gift_not_pending');
  end if;
  insert into public.replaced_gift_codes (gift_code, book_id) values (gift.gift_code, gift.id)
  on conflict (gift_code) do nothing;
  update public.memory_books b
     set gift_code = private.new_gift_code(),
         gift_code_expires_at = now() + interval '30 days'
   where b.id = gift.id
  returning * into gift;
  return private.gift_summary(gift, false);
end
$$;
revoke execute on function public.resend_gift_as(purchaser uuid, gift_id uuid) from public;
grant execute on function public.resend_gift_as(purchaser uuid, gift_id uuid) to service_role;

-- A signed-in purchaser reads the gift bought with this payment session (or this book): the
-- fields the purchaser's screens show, never the family code or the recipient's e-mail. Null
-- when there is no such gift of the caller.
create function private.my_gift(session_id text default null, book uuid default null) returns jsonb
language sql stable security definer set search_path = '' as $$
  select private.gift_summary(b, true) || jsonb_build_object('gift_purchased_at', b.gift_purchased_at)
    from public.memory_books b
   where auth.uid() is not null
     and b.purchaser_user_id = auth.uid()
     and b.gift_code is not null
     and ((my_gift.session_id is not null and b.stripe_session_id = my_gift.session_id)
       or (my_gift.session_id is null and b.id = my_gift.book))
   limit 1
$$;
revoke execute on function private.my_gift(session_id text, book uuid) from public;
grant execute on function private.my_gift(session_id text, book uuid) to authenticated, service_role;

-- Platform admin: creates a coupon. The code is trimmed and upper-cased; percent 1-100, fixed
-- above 0, max uses empty (unlimited) or at least 1, expiry empty or in the future, code unique.
create function public.admin_create_coupon(
  code text, discount_type text, value numeric, target_plan text default null,
  max_uses integer default 1, expires_at timestamptz default null
) returns public.admin_coupons
language plpgsql volatile security invoker set search_path = '' as $$
declare
  normalized constant text := upper(btrim(coalesce(code, '')));
  created public.admin_coupons;
begin
  perform private.require_platform_admin();
  if normalized !~ '^[A-Z0-9_-]{3,40}$' then
    perform private.refuse('קוד הקופון חייב להכיל 3 עד 40 אותיות באנגלית, ספרות, מקף או קו תחתון', 'coupon_code_invalid');
  end if;
  if discount_type is null or discount_type not in ('percent', 'fixed') then
    perform private.refuse('סוג ההנחה אינו תקין', 'coupon_type_invalid');
  end if;
  if discount_type = 'percent' and (value is null or value < 1 or value > 100) then
    perform private.refuse('הנחה באחוזים חייבת להיות בין 1 ל-100', 'coupon_value_invalid');
  end if;
  if discount_type = 'fixed' and (value is null or value <= 0 or value > 100000) then
    perform private.refuse('סכום ההנחה חייב להיות גדול מאפס', 'coupon_value_invalid');
  end if;
  if target_plan is not null and target_plan not in ('basic', 'pro', 'full') then
    perform private.refuse('חבילה לא תקינה', 'coupon_plan_invalid');
  end if;
  if max_uses is not null and max_uses < 1 then
    perform private.refuse('מספר השימושים חייב להיות לפחות 1', 'coupon_max_uses_invalid');
  end if;
  if expires_at is not null and expires_at <= now() then
    perform private.refuse('תאריך התפוגה חייב להיות בעתיד', 'coupon_expiry_invalid');
  end if;
  if exists (select 1 from public.admin_coupons c where c.code = normalized) then
    perform private.refuse('קופון עם הקוד הזה כבר קיים', 'coupon_code_taken');
  end if;
  insert into public.admin_coupons (code, discount_type, value, target_plan, max_uses, expires_at)
  values (normalized, admin_create_coupon.discount_type, round(admin_create_coupon.value, 2),
          admin_create_coupon.target_plan, admin_create_coupon.max_uses, admin_create_coupon.expires_at)
  returning * into created;
  perform private.log_admin_action('ADMIN_CREATE_COUPON', null, null,
    jsonb_build_object('code', created.code, 'discount_type', created.discount_type, 'value', created.value));
  return created;
exception
  when unique_violation then
    perform private.refuse('קופון עם הקוד הזה כבר קיים', 'coupon_code_taken');
    return null;
end
$$;
revoke execute on function public.admin_create_coupon(code text, discount_type text, value numeric, target_plan text, max_uses integer, expires_at timestamp with time zone) from public;
grant execute on function public.admin_create_coupon(code text, discount_type text, value numeric, target_plan text, max_uses integer, expires_at timestamp with time zone) to authenticated, service_role;

-- Platform admin: deletes a coupon; false when there was none.
create function public.admin_delete_coupon(coupon uuid) returns boolean
language plpgsql volatile security invoker set search_path = '' as $$
declare
  deleted public.admin_coupons;
begin
  perform private.require_platform_admin();
  delete from public.admin_coupons c where c.id = coupon returning * into deleted;
  if not found then
    return false;
  end if;
  perform private.log_admin_action('ADMIN_DELETE_COUPON', null, null, jsonb_build_object('code', deleted.code));
  return true;
end
$$;
revoke execute on function public.admin_delete_coupon(coupon uuid) from public;
grant execute on function public.admin_delete_coupon(coupon uuid) to authenticated, service_role;

-- A paid gift nobody has claimed yet: it is cancelled (and refunded) before its book is deleted.
create function private.is_pending_paid_gift(book public.memory_books) returns boolean
language sql immutable set search_path = '' as $$
  select book.gift_code is not null and book.gift_status = 'pending' and book.is_paid
$$;
revoke execute on function private.is_pending_paid_gift(book public.memory_books) from public;

-- Service role only (cancel-gift): cancels the purchaser's pending gift within 14 days (one row
-- lock decides). A paid gift answers refund_due with what the provider needs, and claims the
-- refund (refund_started_at): a second cancel while the first is refunding is refused
-- (refund_in_progress), so the provider is asked to refund once. A claim older than two minutes
-- belongs to a cancel that was interrupted and may be taken again; the function releases its
-- claim itself when the provider refused. A free-coupon gift gets its coupon use back.
create function private.claim_gift_refund(payment public.payment_sessions) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
begin
  if payment.refund_started_at is not null and payment.refund_started_at > now() - interval '2 minutes' then
    perform private.refuse('ההחזר הכספי כבר בטיפול. הוא יופיע ברשימת הרכישות בעוד רגע', 'refund_in_progress');
  end if;
  update public.payment_sessions s set refund_started_at = now() where s.stripe_session_id = payment.stripe_session_id;
  return jsonb_build_object(
    'refund_due', true, 'session_id', payment.stripe_session_id, 'amount', payment.amount_agorot,
    'currency', payment.currency, 'provider', payment.provider, 'transaction_id', payment.transaction_id
  );
end
$$;
revoke execute on function private.claim_gift_refund(payment public.payment_sessions) from public;

-- Service role only (cancel-gift, for the signed-in purchaser): cancels a pending gift within 14
-- days of its purchase and claims its refund (claim_gift_refund); the edge function then refunds
-- through the provider. A gift already cancelled whose refund did not finish is claimed again.
-- Refuses: gift_not_found (not this purchaser's gift), gift_already_cancelled, gift_already_claimed,
-- gift_not_pending, refund_window_passed.
create function public.cancel_gift_as(purchaser uuid, gift_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  gift public.memory_books;
  payment public.payment_sessions;
begin
  select * into gift from public.memory_books b where b.id = gift_id for update;
  if not found or gift.purchaser_user_id is distinct from purchaser or gift.gift_code is null then
    perform private.refuse('המתנה לא נמצאה', 'gift_not_found');
  end if;
  select * into payment from public.payment_sessions s
   where s.used_by_book = gift.id or s.stripe_session_id = gift.stripe_session_id
   order by s.created_at limit 1 for update;
  if gift.gift_status = 'cancelled' then
    if payment.stripe_session_id is not null and payment.status = 'paid' and payment.amount_agorot > 0 then
      return private.claim_gift_refund(payment);
    end if;
    perform private.refuse('המתנה כבר בוטלה', 'gift_already_cancelled');
  end if;
  if gift.gift_status = 'claimed' then
    perform private.refuse('לא ניתן לבטל מתנה שכבר נתבעה', 'gift_already_claimed');
  end if;
  if gift.gift_status is distinct from 'pending' then
    perform private.refuse('לא ניתן לבטל את המתנה', 'gift_not_pending');
  end if;
  if coalesce(gift.gift_purchased_at, gift.created_at) < now() - interval '14 days' then
    perform private.refuse('ביטול עם החזר כספי אפשרי רק בתוך 14 יום מהרכישה', 'refund_window_passed');
  end if;
  if payment.stripe_session_id is null then
    perform private.refuse('לא נמצא התשלום של המתנה. פנו אלינו ונסדר זאת', 'session_not_found');
  end if;
  update public.memory_books b set gift_status = 'cancelled' where b.id = gift.id;
  if payment.amount_agorot = 0 then
    if payment.coupon_code is not null then
      update public.admin_coupons c set uses_count = greatest(c.uses_count - 1, 0) where c.code = payment.coupon_code;
    end if;
    update public.payment_sessions s set status = 'refunded' where s.stripe_session_id = payment.stripe_session_id;
    return jsonb_build_object('refund_due', false, 'session_id', payment.stripe_session_id, 'amount', 0);
  end if;
  return private.claim_gift_refund(payment);
end
$$;
revoke execute on function public.cancel_gift_as(purchaser uuid, gift_id uuid) from public;
grant execute on function public.cancel_gift_as(purchaser uuid, gift_id uuid) to service_role;

-- Service role only (cancel-gift): the provider refunded the cancelled gift's payment.
create function public.record_gift_refund(session_id text, refund text) returns boolean
language sql volatile security definer set search_path = '' as $$
  update public.payment_sessions s
     set status = 'refunded', refund_id = refund, refunded_at = now()
   where s.stripe_session_id = record_gift_refund.session_id and s.status = 'paid'
  returning true
$$;
revoke execute on function public.record_gift_refund(session_id text, refund text) from public;
grant execute on function public.record_gift_refund(session_id text, refund text) to service_role;

-- Service role only (cancel-gift): the provider refused the refund, so the next cancel may try again.
create function public.release_gift_refund(session_id text) returns void
language sql volatile security definer set search_path = '' as $$
  update public.payment_sessions s set refund_started_at = null
   where s.stripe_session_id = release_gift_refund.session_id and s.status = 'paid'
$$;
revoke execute on function public.release_gift_refund(session_id text) from public;
grant execute on function public.release_gift_refund(session_id text) to service_role;

-- How many uses of `code` open checkouts hold now, other than checkout `except_session`'s.
create function private.coupon_holds(code text, except_session text default null) returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer from public.payment_sessions s
   where s.coupon_code = upper(btrim(code)) and s.status = 'created'
     and s.created_at > now() - interval '1 hour'
     and s.stripe_session_id is distinct from except_session
$$;
revoke execute on function private.coupon_holds(code text, except_session text) from public;

-- Why a coupon cannot be used for `plan` now (Hebrew), or null when it can: held uses count as used.
create function private.coupon_refusal(coupon public.admin_coupons, plan text) returns text
language sql stable set search_path = '' as $$
  select case
    when coupon.id is null or not coupon.is_active then 'קופון לא נמצא או לא תקף'
    when coupon.expires_at is not null and coupon.expires_at <= now() then 'תוקף הקופון פג'
    when coupon.max_uses is not null and coupon.uses_count + private.coupon_holds(coupon.code) >= coupon.max_uses
      then 'הקופון נוצל במלואו'
    when coupon.target_plan is not null and coupon.target_plan is distinct from plan then 'הקופון אינו תקף לחבילה שנבחרה'
  end
$$;
revoke execute on function private.coupon_refusal(coupon public.admin_coupons, plan text) from public;

-- Service role only: uses one redemption of the coupon for this plan, leaving room for the uses
-- other open checkouts hold (`holder`, the checkout being paid, holds none of them). One UPDATE
-- checks every condition, so of two concurrent redemptions of the last use exactly one wins.
create function public.redeem_coupon(code text, plan text, holder text default null)
returns public.coupon_check
language plpgsql volatile security definer set search_path = '' as $$
declare
  normalized constant text := upper(btrim(coalesce(code, '')));
  coupon public.admin_coupons;
  refusal public.coupon_check;
begin
  update public.admin_coupons c
     set uses_count = c.uses_count + 1
   where c.code = normalized
     and c.is_active
     and (c.expires_at is null or c.expires_at > now())
     and (c.max_uses is null or c.uses_count + private.coupon_holds(c.code, holder) < c.max_uses)
     and (c.target_plan is null or c.target_plan = plan)
  returning * into coupon;
  if found then
    return row(true, coupon.code, coupon.discount_type, coupon.value, null)::public.coupon_check;
  end if;
  refusal := public.validate_coupon(code, plan);
  refusal.valid := false;
  refusal.reason := coalesce(refusal.reason, 'קופון לא נמצא או לא תקף');
  return refusal;
end
$$;
revoke execute on function public.redeem_coupon(code text, plan text, holder text) from public;
grant execute on function public.redeem_coupon(code text, plan text, holder text) to service_role;

-- The Data API's entry point, run as the caller (security invoker); the rule is in
-- private.my_gift.
create function public.my_gift(session_id text DEFAULT NULL::text, book uuid DEFAULT NULL::uuid)
returns jsonb
language sql stable security invoker set search_path = ''
as $$ select private.my_gift($1, $2) $$;
revoke execute on function public.my_gift(session_id text, book uuid) from public;
grant execute on function public.my_gift(session_id text, book uuid) to authenticated, service_role;

-- Codes people type (gift codes, family codes, coupons) are compared without spaces or dashes:
-- the functions drop them from what is typed, so a coupon is stored without them too. Coupons
-- stored with separators before this are rewritten, unless that would make two coupons one.
create function private.admin_coupons_normalize() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.code := upper(regexp_replace(new.code, '[[:space:]\-‐‑‒–—―−־]', '', 'g'));
  return new;
end
$$;
revoke execute on function private.admin_coupons_normalize() from public;

-- ================================================================ triggers

create trigger admin_coupons_normalize
  before insert or update of code on public.admin_coupons
  for each row execute function private.admin_coupons_normalize();

-- ================================================================ policies

-- Platform admins manage coupons (checkout validates and redeems through functions).
create policy "platform admins manage coupons" on public.admin_coupons
  for all to authenticated
  using ((select private.is_platform_admin()))
  with check ((select private.is_platform_admin()));

-- Platform admins read gift-claim attempts (written by claim_gift() only).
create policy "platform admins read gift claim attempts" on public.gift_claim_attempts
  for select to authenticated
  using ((select private.is_platform_admin()));

-- Platform admins delete old gift-claim attempts.
create policy "platform admins delete gift claim attempts" on public.gift_claim_attempts
  for delete to authenticated
  using ((select private.is_platform_admin()));


-- ##################################################################################################
-- supabase/schemas/70-mourning.sql

-- Mourning: the shiva details of a book, the mourning calendar (shiva, shloshim, yahrzeit) and the
-- yahrzeit reminders relatives subscribe to by e-mail.

-- ================================================================ tables

create table public.book_shiva (
  book_id uuid primary key references public.memory_books (id) on delete cascade,
  address text not null check (char_length(btrim(address)) between 1 and 300),
  starts_on date not null,
  -- A shiva is seven days; a few more are allowed for a burial delayed or a festival in between.
  ends_on date not null check (ends_on >= starts_on and ends_on <= starts_on + 9),
  visiting_hours text check (char_length(visiting_hours) <= 200),
  note text check (char_length(note) <= 500),
  map_url text check (char_length(map_url) <= 1000 and map_url ~ '^https://[^\s]+$'),
  updated_at timestamptz not null default now()
);
alter table public.book_shiva enable row level security;
comment on table public.book_shiva is 'Where and when the family sits shiva. Visitors see it through get_book_calendar, during the shiva days only.';
grant select, insert, update, delete on table public.book_shiva to authenticated;
grant select on table public.book_shiva to service_role;

create table public.reminder_subscriptions (
  id uuid primary key default gen_random_uuid(),
  book_id uuid not null references public.memory_books (id) on delete cascade,
  email text not null check (email = lower(btrim(email)) and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'
                             and char_length(email) <= 254),
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'unsubscribed')),
  consent_text text not null check (char_length(consent_text) between 1 and 1000),
  consented_at timestamptz not null default now(),
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now(),
  unique (book_id, email)
);
alter table public.reminder_subscriptions enable row level security;
grant select, insert, update, delete on table public.reminder_subscriptions to service_role;

create table public.reminder_tokens (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  subscription_id uuid not null references public.reminder_subscriptions (id) on delete cascade,
  purpose text not null check (purpose in ('confirm', 'unsubscribe')),
  created_at timestamptz not null default now(),
  expires_at timestamptz
);
alter table public.reminder_tokens enable row level security;
grant select, insert, update, delete on table public.reminder_tokens to service_role;

create index reminder_tokens_subscription_idx on public.reminder_tokens (subscription_id);

create table public.reminder_sends (
  id bigint generated always as identity primary key,
  subscription_id uuid not null references public.reminder_subscriptions (id) on delete cascade,
  occasion text not null check (occasion in ('yahrzeit', 'shloshim')),
  occasion_date date not null,
  lead text not null check (lead in ('week', 'eve')),
  sent_at timestamptz not null default now(),
  unique (subscription_id, occasion, occasion_date, lead)
);
alter table public.reminder_sends enable row level security;
grant select, insert, update, delete on table public.reminder_sends to service_role;

-- ================================================================ functions

-- Trigger: trims the shiva details (empty optional fields become null) and sets updated_at.
create function private.book_shiva_touch() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.address := btrim(new.address);
  new.visiting_hours := nullif(btrim(new.visiting_hours), '');
  new.note := nullif(btrim(new.note), '');
  new.map_url := nullif(btrim(new.map_url), '');
  new.updated_at := now();
  return new;
end
$$;
revoke execute on function private.book_shiva_touch() from public;

-- The SHA-256 (hex) of a reminder link's token or a visitor's id: only this is stored.
create function private.reminder_token_hash(token text) returns text
language sql immutable set search_path = '' as $$
  select encode(pg_catalog.sha256(convert_to(btrim(coalesce(token, '')), 'UTF8')), 'hex')
$$;
revoke execute on function private.reminder_token_hash(token text) from public;

-- A new random token of `purpose` for the subscription; returns the token (only its hash is kept).
create function private.reminder_new_token(subscription uuid, purpose text, valid_for interval)
returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  token constant text := private.random_token();
begin
  insert into public.reminder_tokens (token_hash, subscription_id, purpose, expires_at)
  values (private.reminder_token_hash(token), subscription, purpose, now() + valid_for);
  return token;
end
$$;
revoke execute on function private.reminder_new_token(subscription uuid, purpose text, valid_for interval) from public;

-- Service role only (reminder-subscribe): records the consent of `address` to the book's
-- reminders. `address_proven`: the caller is signed in with this confirmed address, so no
-- confirmation e-mail is needed. Answers {outcome, book_uuid, book_id, full_name, confirm_token?,
-- unsubscribe_token?}; outcome 'confirm' (send the confirmation e-mail with both tokens),
-- 'subscribed' (confirmed now; send a welcome with the unsubscribe token) or 'already' (nothing
-- to send). The caller answers all three alike.
create function public.reminder_subscribe(book_ref text, address text, consent text, address_proven boolean)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
  normalized_email constant text := lower(btrim(coalesce(address, '')));
  card public.memory_books;
  subscription public.reminder_subscriptions;
begin
  if book is null then
    return jsonb_build_object('outcome', 'book_not_found');
  end if;
  select * into card from public.memory_books b where b.id = book;
  insert into public.reminder_subscriptions as s (book_id, email, consent_text)
  values (book, normalized_email, consent)
  on conflict (book_id, email) do update set consented_at = s.consented_at
  returning * into subscription;

  if subscription.status = 'confirmed' then
    return jsonb_build_object('outcome', 'already', 'book_uuid', book, 'book_id', card.book_id,
                              'full_name', card.full_name);
  end if;
  update public.reminder_subscriptions s
     set consent_text = consent, consented_at = now(), unsubscribed_at = null,
         status = case when address_proven then 'confirmed' else 'pending' end,
         confirmed_at = case when address_proven then now() end
   where s.id = subscription.id;
  delete from public.reminder_tokens t where t.subscription_id = subscription.id and t.purpose = 'confirm';
  return jsonb_build_object(
    'outcome', case when address_proven then 'subscribed' else 'confirm' end,
    'book_uuid', book, 'book_id', card.book_id, 'full_name', card.full_name,
    'confirm_token', case when not address_proven
                          then private.reminder_new_token(subscription.id, 'confirm', interval '7 days') end,
    'unsubscribe_token', private.reminder_new_token(subscription.id, 'unsubscribe', null));
end
$$;
revoke execute on function public.reminder_subscribe(book_ref text, address text, consent text, address_proven boolean) from public;
grant execute on function public.reminder_subscribe(book_ref text, address text, consent text, address_proven boolean) to service_role;

-- Anyone holding a confirmation link: confirms the subscription (single use, 7 days). Answers
-- {ok, reason, book_id, full_name}; reason 'confirmed' or 'invalid' (unknown, used or expired).
create function public.reminder_confirm(token text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  found_token public.reminder_tokens;
  subscription public.reminder_subscriptions;
  card public.memory_books;
begin
  select * into found_token from public.reminder_tokens t
   where t.token_hash = private.reminder_token_hash(token) and t.purpose = 'confirm'
     and t.expires_at > now()
   for update;
  if not found then
    return jsonb_build_object('ok', false, 'reason', 'invalid');
  end if;
  delete from public.reminder_tokens t where t.token_hash = found_token.token_hash;
  update public.reminder_subscriptions s
     set status = 'confirmed', confirmed_at = now(), unsubscribed_at = null
   where s.id = found_token.subscription_id
  returning * into subscription;
  select * into card from public.memory_books b where b.id = subscription.book_id;
  return jsonb_build_object('ok', true, 'reason', 'confirmed', 'book_id', card.book_id, 'full_name', card.full_name);
end
$$;
revoke execute on function public.reminder_confirm(token text) from public;
grant execute on function public.reminder_confirm(token text) to anon, service_role;

-- Anyone holding an unsubscribe link (from any e-mail of the subscription): no more reminders.
-- The link stays valid, so using it twice answers the same. Answers {ok, reason, full_name}.
create function public.reminder_unsubscribe(token text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  subscription public.reminder_subscriptions;
  card public.memory_books;
begin
  update public.reminder_subscriptions s
     set status = 'unsubscribed', unsubscribed_at = coalesce(s.unsubscribed_at, now())
   where s.id = (select t.subscription_id from public.reminder_tokens t
                  where t.token_hash = private.reminder_token_hash(token) and t.purpose = 'unsubscribe')
  returning * into subscription;
  if not found then
    return jsonb_build_object('ok', false, 'reason', 'invalid');
  end if;
  delete from public.reminder_tokens t where t.subscription_id = subscription.id and t.purpose = 'confirm';
  select * into card from public.memory_books b where b.id = subscription.book_id;
  return jsonb_build_object('ok', true, 'reason', 'unsubscribed', 'book_id', card.book_id, 'full_name', card.full_name);
end
$$;
revoke execute on function public.reminder_unsubscribe(token text) from public;
grant execute on function public.reminder_unsubscribe(token text) to anon, service_role;

-- Service role only (send-reminders): every confirmed subscription of a book with a death date.
-- died_after_sunset is read through to_jsonb so this works before and after that column exists.
create function public.reminder_recipients()
returns table (
  subscription_id uuid, email text, book_uuid uuid, book_id text, full_name text, death_date date,
  died_after_sunset boolean
)
language sql stable security definer set search_path = '' as $$
  select s.id, s.email, b.id, b.book_id, b.full_name, b.death_date,
         coalesce((to_jsonb(b) ->> 'died_after_sunset')::boolean, false)
    from public.reminder_subscriptions s
    join public.memory_books b on b.id = s.book_id
   where s.status = 'confirmed' and b.death_date is not null
   order by b.id, s.id
$$;
revoke execute on function public.reminder_recipients() from public;
grant execute on function public.reminder_recipients() to service_role;

-- Service role only (send-reminders): claims one reminder for a confirmed subscription before its
-- e-mail is sent. Answers {send_id, unsubscribe_token} the first time, null when it was already
-- claimed (sent) or the subscription is no longer confirmed.
create function public.reminder_claim_send(subscription uuid, occasion text, occasion_date date, lead text)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  send_id bigint;
begin
  if not exists (select 1 from public.reminder_subscriptions s where s.id = subscription and s.status = 'confirmed') then
    return null;
  end if;
  insert into public.reminder_sends (subscription_id, occasion, occasion_date, lead)
  values (subscription, reminder_claim_send.occasion, reminder_claim_send.occasion_date, reminder_claim_send.lead)
  on conflict do nothing
  returning id into send_id;
  if send_id is null then
    return null;
  end if;
  return jsonb_build_object('send_id', send_id,
                            'unsubscribe_token', private.reminder_new_token(subscription, 'unsubscribe', null));
end
$$;
revoke execute on function public.reminder_claim_send(subscription uuid, occasion text, occasion_date date, lead text) from public;
grant execute on function public.reminder_claim_send(subscription uuid, occasion text, occasion_date date, lead text) to service_role;

-- Service role only (send-reminders): gives a claimed reminder back when its e-mail failed, so the
-- next run sends it.
create function public.reminder_release_send(send_id bigint) returns void
language sql volatile security definer set search_path = '' as $$
  delete from public.reminder_sends s where s.id = send_id
$$;
revoke execute on function public.reminder_release_send(send_id bigint) from public;
grant execute on function public.reminder_release_send(send_id bigint) to service_role;

-- The shiva details reach everyone who has the book's link during the shiva days, private books
-- included: the family publishes them so that people know where and when to come, and a relative
-- who got the link without the family code must find them too. Outside those days, and of an
-- unpaid book, only the book's managers and family admins see them. Nothing else of a private
-- book is given: the death date and the after-sunset flag are on its public card already.
create function public.get_book_calendar(book_ref text, access_grant text default null)
returns table (
  death_date date, died_after_sunset boolean,
  shiva_address text, shiva_starts_on date, shiva_ends_on date,
  shiva_visiting_hours text, shiva_note text, shiva_map_url text
)
language plpgsql stable security definer set search_path = '' as $$
declare
  book uuid := private.resolve_book(book_ref);
  today date := (now() at time zone 'Asia/Jerusalem')::date;
  may_see_shiva boolean;
begin
  if book is null then
    return;
  end if;
  select public.can_read_book(book)
         or (b.is_paid
             and exists (select 1 from public.book_shiva s
                          where s.book_id = book and today between s.starts_on and s.ends_on))
    into may_see_shiva
    from public.memory_books b where b.id = book;
  return query
    select b.death_date, b.died_after_sunset,
           s.address, s.starts_on, s.ends_on, s.visiting_hours, s.note, s.map_url
      from public.memory_books b
      left join public.book_shiva s on s.book_id = b.id and may_see_shiva
     where b.id = book;
end
$$;
comment on function public.get_book_calendar(book_ref text, access_grant text) is 'The death date, the after-sunset flag and, to anyone during the shiva days of a paid book (to its managers and family admins always), the shiva details. access_grant is accepted and no longer needed.';
revoke execute on function public.get_book_calendar(book_ref text, access_grant text) from public;
grant execute on function public.get_book_calendar(book_ref text, access_grant text) to anon, authenticated, service_role;

-- ================================================================ triggers

create trigger book_shiva_10_touch
  before insert or update on public.book_shiva
  for each row execute function private.book_shiva_touch();

-- ================================================================ policies

-- The shiva details: read by the book's managers and its family admins.
create policy "managers and family admins read shiva details" on public.book_shiva
  for select to authenticated
  using ((select private.can_manage_book(book_shiva.book_id)) or (select private.is_book_family_admin(book_shiva.book_id)));

-- Written by the book's managers (owner or platform admin) only.
create policy "managers add shiva details" on public.book_shiva
  for insert to authenticated
  with check ((select private.can_manage_book(book_shiva.book_id)));

-- Changed by the book's managers only.
create policy "managers change shiva details" on public.book_shiva
  for update to authenticated
  using ((select private.can_manage_book(book_shiva.book_id)))
  with check ((select private.can_manage_book(book_shiva.book_id)));

-- Removed by the book's managers only.
create policy "managers remove shiva details" on public.book_shiva
  for delete to authenticated
  using ((select private.can_manage_book(book_shiva.book_id)));

-- ================================================================ schedule

-- Supabase Cron: where pg_cron and pg_net can be enabled, call send-reminders every day at 05:00
-- UTC (07:00/08:00 in Israel). The project URL and the shared secret come from Vault
-- (README: "Scheduled jobs"), so none is written here. Elsewhere (the local stack, a plain
-- PostgreSQL) this step is skipped and the rest still applies.
do $schedule$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_net') then
    begin
      create extension if not exists pg_cron with schema pg_catalog;
      create extension if not exists pg_net with schema extensions;
      perform cron.schedule(
        'send-reminders-daily',
        '0 5 * * *',
        $job$
          select net.http_post(
            url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
                   || '/functions/v1/send-reminders',
            headers := jsonb_build_object(
              'Content-Type', 'application/json',
              'x-reminders-secret',
              (select decrypted_secret from vault.decrypted_secrets where name = 'reminders_cron_secret')),
            body := '{}'::jsonb,
            timeout_milliseconds := 60000)
        $job$);
    exception when others then
      raise notice 'send-reminders not scheduled (%): schedule it as the README says', sqlerrm;
    end;
  end if;
end
$schedule$;


-- ##################################################################################################
-- supabase/schemas/75-remembrance.sql

-- Remembrance: the candles visitors light on a book's page (one per visitor a day) and the names
-- they leave, which only the book's family sees.

-- ================================================================ tables

create table public.candles (
  id uuid primary key default gen_random_uuid(),
  book_id uuid not null references public.memory_books (id) on delete cascade,
  visitor_hash text not null check (visitor_hash ~ '^[0-9a-f]{64}$'),
  lit_on date not null default (now() at time zone 'Asia/Jerusalem')::date,
  lit_by text check (char_length(lit_by) between 1 and 60),
  created_at timestamptz not null default now(),
  unique (book_id, visitor_hash, lit_on)
);
alter table public.candles enable row level security;
grant select, insert, delete on table public.candles to service_role;

create index candles_book_idx on public.candles (book_id);

-- ================================================================ functions

-- May `reader` (a user id, or null) see and light the book's candles with `access_grant`? A paid
-- book that is public, or whose grant is given, or that the reader owns, administers as confirmed
-- family admin, or reads as platform admin.
create function private.may_see_candles(book uuid, access_grant text, reader uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select b.is_paid and (
           b.is_public
           or private.book_of_grant(access_grant) = b.id
           or exists (select 1 from auth.users a
                       where a.id = reader and a.email_confirmed_at is not null and lower(a.email) = b.owner_email)
           or exists (select 1 from public.book_admins m
                       where m.book_id = b.id and m.user_id = reader and m.status = 'confirmed')
           or exists (select 1 from public.users u where u.id = reader and u.role = 'admin'))
    from public.memory_books b where b.id = book
$$;
revoke execute on function private.may_see_candles(book uuid, access_grant text, reader uuid) from public;

-- A book's candles as a visitor sees them: {count, lit_today} (whether `visitor` lit one today,
-- Israel's date).
create function private.candle_state(book uuid, visitor text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'count', (select count(*) from public.candles c where c.book_id = book),
    'lit_today', exists (
      select 1 from public.candles c
       where c.book_id = book and c.lit_on = (now() at time zone 'Asia/Jerusalem')::date
         and c.visitor_hash = private.reminder_token_hash(visitor)))
$$;
revoke execute on function private.candle_state(book uuid, visitor text) from public;

-- Anyone who may read the book: how many candles were lit, and whether `visitor` lit one today.
-- {count, lit_today}. Unknown book: P0001 book_not_found; a book the caller may not read: 42501.
create function public.candle_count(book_ref text, access_grant text default null, visitor text default null)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
begin
  if book is null then
    perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
  end if;
  if not coalesce(private.may_see_candles(book, access_grant, auth.uid()), false) then
    perform private.deny('הנרות של הספר פתוחים למשפחה בלבד', 'candles_private');
  end if;
  return private.candle_state(book, visitor);
end
$$;
revoke execute on function public.candle_count(book_ref text, access_grant text, visitor text) from public;
grant execute on function public.candle_count(book_ref text, access_grant text, visitor text) to anon, authenticated, service_role;

-- Service role only (light-candle, after its per-address limits): lights the visitor's candle of
-- today. {ok, reason, count, lit_today}; reason 'lit', 'already_lit', 'book_not_found' or 'denied'.
create function public.candle_light(book_ref text, visitor text, lit_by text, access_grant text, reader uuid)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
  lit_id uuid;
begin
  if book is null then
    return jsonb_build_object('ok', false, 'reason', 'book_not_found');
  end if;
  if not coalesce(private.may_see_candles(book, access_grant, reader), false) then
    return jsonb_build_object('ok', false, 'reason', 'denied');
  end if;
  insert into public.candles (book_id, visitor_hash, lit_by)
  values (book, private.reminder_token_hash(visitor), nullif(btrim(coalesce(candle_light.lit_by, '')), ''))
  on conflict do nothing
  returning id into lit_id;
  return jsonb_build_object('ok', lit_id is not null, 'reason', case when lit_id is null then 'already_lit' else 'lit' end)
         || private.candle_state(book, visitor);
end
$$;
revoke execute on function public.candle_light(book_ref text, visitor text, lit_by text, access_grant text, reader uuid) from public;
grant execute on function public.candle_light(book_ref text, visitor text, lit_by text, access_grant text, reader uuid) to service_role;

-- Who lit a candle: a visitor may leave a name with the candle, and the family sees it. The names
-- go to the book's owner, its confirmed family admins and platform admins (can_read_book); anyone
-- else gets no rows. The visitor's hash never leaves the table.
create function private.candles_lit_by(book_ref text)
returns table (lit_by text, lit_on date)
language plpgsql stable security definer set search_path = '' as $$
declare
  book uuid := private.resolve_book(book_ref);
begin
  if book is null or not public.can_read_book(book) then
    return;
  end if;
  return query
    select c.lit_by, c.lit_on
      from public.candles c
     where c.book_id = book and c.lit_by is not null
     order by c.created_at desc
     limit 200;
end
$$;
comment on function private.candles_lit_by(book_ref text) is 'The names visitors left with their candles, newest first (200 at most), for the book''s family: owner, confirmed family admins, platform admins.';
revoke execute on function private.candles_lit_by(book_ref text) from public;
grant execute on function private.candles_lit_by(book_ref text) to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker); the rule is in
-- private.candles_lit_by.
create function public.candles_lit_by(book_ref text)
returns table(lit_by text, lit_on date)
language sql stable security invoker set search_path = ''
as $$ select * from private.candles_lit_by($1) $$;
revoke execute on function public.candles_lit_by(book_ref text) from public;
grant execute on function public.candles_lit_by(book_ref text) to authenticated, service_role;


-- ##################################################################################################
-- supabase/schemas/80-platform-admin.sql

-- Platform admin: the admin log and security log, the admin panel's reads and actions (they run as
-- the admin: row-level security's "platform admins ..." policies give them every row), and the
-- limits on repeated requests (`rate_limit_hit`).

-- ================================================================ tables

create table public.admin_logs (
  id uuid primary key default gen_random_uuid(),
  admin_email text,
  action text not null check (char_length(action) <= 100),
  "timestamp" timestamptz not null default now(),
  target_user text,
  book_id uuid,
  details jsonb not null default '{}'::jsonb
);
alter table public.admin_logs enable row level security;
grant select, insert, update, delete on table public.admin_logs to authenticated;
grant select, insert on table public.admin_logs to service_role;

create index admin_logs_timestamp_idx on public.admin_logs ("timestamp" desc);
create index admin_logs_admin_email_idx on public.admin_logs (admin_email, "timestamp" desc);
create index admin_logs_rate_limited_idx on public.admin_logs (target_user, "timestamp" desc)
  where action = 'SECURITY_RATE_LIMITED';

-- One row per counted request of a limited action (scope) by a client (user id or address).
create table public.rate_limit_hits (
  id bigint generated always as identity primary key,
  scope text not null check (scope ~ '^[a-z_]{1,40}$'),
  client_key text not null check (char_length(client_key) between 1 and 120),
  hit_at timestamptz not null default now()
);
alter table public.rate_limit_hits enable row level security;
grant select on table public.rate_limit_hits to authenticated;
grant select, insert, delete on table public.rate_limit_hits to service_role;

create index rate_limit_hits_scope_client_idx on public.rate_limit_hits (scope, client_key, hit_at desc);

-- ================================================================ functions

-- Writes one admin-log row for the caller (their e-mail), with the book, the target user and details.
create function private.log_admin_action(action text, book uuid, target text, details jsonb) returns void
language sql volatile security definer set search_path = '' as $$
  insert into public.admin_logs (admin_email, action, book_id, target_user, details)
  values (public.current_user_email(), action, book, target, coalesce(details, '{}'::jsonb))
$$;
revoke execute on function private.log_admin_action(action text, book uuid, target text, details jsonb) from public;
grant execute on function private.log_admin_action(action text, book uuid, target text, details jsonb) to authenticated;

-- Platform admin: paid becomes test, any other status becomes paid. Returns the new status.
create function public.admin_toggle_payment_status(book uuid) returns text
language plpgsql volatile security invoker set search_path = '' as $$
declare
  old_status text;
  new_status text;
begin
  perform private.require_platform_admin();
  select b.payment_status into old_status from public.memory_books b where b.id = book for update;
  if not found then
    perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
  end if;
  new_status := case when old_status = 'paid' then 'test' else 'paid' end;
  update public.memory_books b set payment_status = new_status where b.id = book;
  perform private.log_admin_action('ADMIN_TOGGLE_PAYMENT_STATUS', book, null,
    jsonb_build_object('from', old_status, 'to', new_status));
  return new_status;
end
$$;
revoke execute on function public.admin_toggle_payment_status(book uuid) from public;
grant execute on function public.admin_toggle_payment_status(book uuid) to authenticated, service_role;

-- Platform admin: every user profile, newest first.
create function public.admin_list_users() returns setof public.users
language plpgsql volatile security invoker set search_path = '' as $$
begin
  perform private.require_platform_admin();
  perform private.log_admin_action('ADMIN_LIST_USERS', null, null, '{}'::jsonb);
  return query select u.* from public.users u order by u.created_at desc;
end
$$;
revoke execute on function public.admin_list_users() from public;
grant execute on function public.admin_list_users() to authenticated, service_role;

-- Platform admin: deletes log rows and code attempts older than 7 days; returns the log rows deleted.
create function public.admin_cleanup_security_logs() returns integer
language plpgsql volatile security invoker set search_path = '' as $$
declare
  removed integer;
begin
  perform private.require_platform_admin();
  delete from public.admin_logs l where l."timestamp" < now() - interval '7 days';
  get diagnostics removed = row_count;
  delete from public.family_code_attempts a where a.attempted_at < now() - interval '7 days';
  delete from public.gift_claim_attempts a where a.attempted_at < now() - interval '7 days';
  perform private.log_admin_action('ADMIN_CLEANUP_SECURITY_LOGS', null, null, jsonb_build_object('deleted', removed));
  return removed;
end
$$;
revoke execute on function public.admin_cleanup_security_logs() from public;
grant execute on function public.admin_cleanup_security_logs() to authenticated, service_role;

-- Signed-in user: records a security event about their own session. Only the events a client can
-- observe (SECURITY_SUSPICIOUS_*), never a book, marked as reported by the user, at most 20 per
-- user per hour; the server's own SECURITY_* rows (lockouts, payment mismatches) cannot be forged.
create function private.log_security_event(action text, details jsonb default '{}'::jsonb) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller_email constant text := coalesce(public.current_user_email(), auth.uid()::text);
begin
  if auth.uid() is null then
    perform private.deny('נדרשת התחברות', 'login_required');
  end if;
  if action !~ '^SECURITY_SUSPICIOUS_[A-Z0-9_]{1,50}$' or jsonb_typeof(coalesce(details, '{}'::jsonb)) <> 'object'
     or octet_length(coalesce(details, '{}'::jsonb)::text) > 2000 then
    perform private.refuse('סוג אירוע לא מוכר', 'security_event_invalid');
  end if;
  if (select count(*) from public.admin_logs l
       where l.target_user = caller_email and l.details ->> 'reported_by' = 'user'
         and l."timestamp" > now() - interval '1 hour') >= 20 then
    return;
  end if;
  insert into public.admin_logs (admin_email, action, target_user, book_id, details)
  values (null, action, caller_email, null,
          coalesce(details, '{}'::jsonb) || jsonb_build_object('reported_by', 'user', 'user_id', auth.uid()));
end
$$;
revoke execute on function private.log_security_event(action text, details jsonb) from public;
grant execute on function private.log_security_event(action text, details jsonb) to authenticated, service_role;

-- Platform admin: one page of books, newest first, optionally filtered by the deceased's name,
-- the owner's e-mail (both substrings, any case) or the book's short id or uuid. Every row carries
-- the number of rows the filter matches (total_count) and its memory count.
create function public.admin_list_books(search text default null, page_size integer default 20, page_offset integer default 0)
returns table (
  id uuid, book_id text, full_name text, owner_email text, plan_type text, payment_status text,
  is_paid boolean, created_at timestamptz, memory_count bigint, total_count bigint
)
language plpgsql stable security invoker set search_path = '' as $$
declare
  needle constant text := nullif(btrim(coalesce(search, '')), '');
  pattern constant text := private.contains_pattern(coalesce(needle, ''));
  as_uuid uuid;
  matched bigint;
  limit_rows constant integer := least(greatest(coalesce(page_size, 20), 1), 100);
  skip_rows constant integer := greatest(coalesce(page_offset, 0), 0);
begin
  perform private.require_platform_admin();
  if char_length(coalesce(needle, '')) > 200 then
    perform private.refuse('החיפוש ארוך מדי', 'search_too_long');
  end if;
  if needle ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    as_uuid := needle::uuid;
  end if;

  select count(*) into matched from public.memory_books b
   where needle is null
      or b.full_name ilike pattern
      or b.owner_email ilike pattern
      or b.book_id = upper(needle)
      or b.id = as_uuid;

  -- The page is chosen first, so memories are counted for its rows only (not for those OFFSET skips).
  return query
    with page as (
      select b.id, b.book_id, b.full_name, b.owner_email, b.plan_type, b.payment_status, b.is_paid, b.created_at
        from public.memory_books b
       where needle is null
          or b.full_name ilike pattern
          or b.owner_email ilike pattern
          or b.book_id = upper(needle)
          or b.id = as_uuid
       order by b.created_at desc, b.id
       limit limit_rows offset skip_rows
    )
    select p.id, p.book_id, p.full_name, p.owner_email, p.plan_type, p.payment_status, p.is_paid, p.created_at,
           (select count(*) from public.memory_entries m where m.book_id = p.id) as memory_count,
           matched as total_count
      from page p
     order by p.created_at desc, p.id;
end
$$;
revoke execute on function public.admin_list_books(search text, page_size integer, page_offset integer) from public;
grant execute on function public.admin_list_books(search text, page_size integer, page_offset integer) to authenticated, service_role;

-- Platform admin: one page of user profiles, newest first, optionally filtered by e-mail or name.
create function public.admin_search_users(search text default null, page_size integer default 20, page_offset integer default 0)
returns table (
  id uuid, email text, full_name text, role text, created_at timestamptz, must_change_password boolean,
  total_count bigint
)
language plpgsql stable security invoker set search_path = '' as $$
declare
  needle constant text := nullif(btrim(coalesce(search, '')), '');
  pattern constant text := private.contains_pattern(coalesce(needle, ''));
  matched bigint;
  limit_rows constant integer := least(greatest(coalesce(page_size, 20), 1), 100);
  skip_rows constant integer := greatest(coalesce(page_offset, 0), 0);
begin
  perform private.require_platform_admin();
  if char_length(coalesce(needle, '')) > 200 then
    perform private.refuse('החיפוש ארוך מדי', 'search_too_long');
  end if;
  select count(*) into matched from public.users u
   where needle is null or u.email ilike pattern or u.full_name ilike pattern;
  return query
    select u.id, u.email, u.full_name, u.role, u.created_at, u.must_change_password, matched
      from public.users u
     where needle is null or u.email ilike pattern or u.full_name ilike pattern
     order by u.created_at desc, u.id
     limit limit_rows offset skip_rows;
end
$$;
revoke execute on function public.admin_search_users(search text, page_size integer, page_offset integer) from public;
grant execute on function public.admin_search_users(search text, page_size integer, page_offset integer) to authenticated, service_role;

-- Platform admin: the panel's counts (books, memories, users, platform admins).
create function public.admin_overview_counts()
returns table (books bigint, memories bigint, users bigint, admins bigint)
language plpgsql stable security invoker set search_path = '' as $$
begin
  perform private.require_platform_admin();
  return query select
    (select count(*) from public.memory_books),
    (select count(*) from public.memory_entries),
    (select count(*) from public.users),
    (select count(*) from public.users u where u.role = 'admin');
end
$$;
revoke execute on function public.admin_overview_counts() from public;
grant execute on function public.admin_overview_counts() to authenticated, service_role;

-- Service role only (the reset-user-password edge function, after it set the temporary password):
-- the user must choose a new password at the next sign-in, and the reset is logged under the
-- admin's e-mail. Refuses when `admin_user` is not a platform admin or the target does not exist.
create function public.record_admin_password_reset(admin_user uuid, target_user uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  admin_address text;
  target_address text;
begin
  select u.email into admin_address from public.users u where u.id = admin_user and u.role = 'admin';
  if not found then
    perform private.deny('רק מנהלי מערכת יכולים לבצע פעולה זו', 'platform_admin_required');
  end if;
  update public.users u set must_change_password = true where u.id = target_user returning u.email into target_address;
  if not found then
    perform private.refuse('המשתמש לא נמצא', 'user_not_found');
  end if;
  insert into public.admin_logs (admin_email, action, target_user, details)
  values (admin_address, 'ADMIN_RESET_USER_PASSWORD', target_address, '{}'::jsonb);
end
$$;
revoke execute on function public.record_admin_password_reset(admin_user uuid, target_user uuid) from public;
grant execute on function public.record_admin_password_reset(admin_user uuid, target_user uuid) to service_role;

-- The security tab refreshes every 30 seconds: logging every refresh as ADMIN_VIEW_SECURITY_LOG
-- would push the rows worth reading out of the 50 shown. A view is logged at most once per admin
-- in 10 minutes; everything else is as before.
create function public.admin_security_logs(max_rows integer default 50) returns setof public.admin_logs
language plpgsql volatile security invoker set search_path = '' as $$
begin
  perform private.require_platform_admin();
  if not exists (
    select 1 from public.admin_logs l
     where l.admin_email = public.current_user_email() and l.action = 'ADMIN_VIEW_SECURITY_LOG'
       and l."timestamp" > now() - interval '10 minutes'
  ) then
    perform private.log_admin_action('ADMIN_VIEW_SECURITY_LOG', null, null, '{}'::jsonb);
  end if;
  return query
    select l.* from public.admin_logs l
     order by l."timestamp" desc
     limit least(greatest(coalesce(max_rows, 50), 1), 500);
end
$$;
revoke execute on function public.admin_security_logs(max_rows integer) from public;
grant execute on function public.admin_security_logs(max_rows integer) to authenticated, service_role;

-- Service role only (the edge functions' limits): counts one request of each of `clients` (an
-- address, a user, a session …) in `scope` and answers false, recording nothing, when any of them
-- already made `max_hits` in the last `window_seconds`. A refusal writes one SECURITY_RATE_LIMITED
-- row to admin_logs per scope, client and window (the abuse is seen without flooding the log).
-- Concurrent calls for one client wait for each other; hits older than a day are deleted.
create function public.rate_limit_hit(scope text, clients text[], max_hits integer, window_seconds integer)
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  client text;
  keys text[];
begin
  select coalesce(array_agg(distinct left(btrim(c), 120) order by left(btrim(c), 120)), '{}') into keys
    from unnest(clients) as c where nullif(btrim(c), '') is not null;
  foreach client in array keys loop
    perform pg_advisory_xact_lock(hashtextextended('rate_limit:' || scope || ':' || client, 0));
  end loop;
  foreach client in array keys loop
    if (select count(*) from public.rate_limit_hits h
         where h.scope = rate_limit_hit.scope and h.client_key = client
           and h.hit_at > now() - make_interval(secs => window_seconds)) >= max_hits then
      if not exists (
        select 1 from public.admin_logs l
         where l.action = 'SECURITY_RATE_LIMITED' and l.target_user = left(client, 200)
           and l.details ->> 'scope' = rate_limit_hit.scope
           and l."timestamp" > now() - make_interval(secs => window_seconds)
      ) then
        insert into public.admin_logs (admin_email, action, target_user, book_id, details)
        values (null, 'SECURITY_RATE_LIMITED', left(client, 200), null,
                jsonb_build_object('scope', rate_limit_hit.scope, 'max_hits', max_hits,
                                   'window_seconds', window_seconds));
      end if;
      return false;
    end if;
  end loop;
  insert into public.rate_limit_hits (scope, client_key) select rate_limit_hit.scope, k from unnest(keys) as k;
  delete from public.rate_limit_hits h where h.scope = rate_limit_hit.scope and h.hit_at < now() - interval '1 day';
  return true;
end
$$;
revoke execute on function public.rate_limit_hit(scope text, clients text[], max_hits integer, window_seconds integer) from public;
grant execute on function public.rate_limit_hit(scope text, clients text[], max_hits integer, window_seconds integer) to service_role;

-- The Data API's entry point, run as the caller (security invoker); the rule is in
-- private.log_security_event.
create function public.log_security_event(action text, details jsonb DEFAULT '{}'::jsonb)
returns void
language sql volatile security invoker set search_path = ''
as $$ select private.log_security_event($1, $2) $$;
revoke execute on function public.log_security_event(action text, details jsonb) from public;
grant execute on function public.log_security_event(action text, details jsonb) to authenticated, service_role;

-- ================================================================ policies

-- Platform admins read, write and clean the admin log (everyone else writes through functions).
create policy "platform admins manage admin logs" on public.admin_logs
  for all to authenticated
  using ((select private.is_platform_admin()))
  with check ((select private.is_platform_admin()));

-- Platform admins see the counted requests.
create policy "platform admins read rate limit hits" on public.rate_limit_hits
  for select to authenticated
  using ((select private.is_platform_admin()));


-- ##################################################################################################
-- supabase/schemas/85-support-chat.sql

-- Support chat: chat sessions and messages on the public pages, written through functions with the
-- session's token, rated by the visitor, and read by platform admins.

-- ================================================================ tables

create table public.chat_sessions (
  id uuid primary key default gen_random_uuid(),
  session_id text not null unique check (session_id ~ '^[A-Za-z0-9_-]{16,100}$'),
  user_id uuid references auth.users (id) on delete set null,
  started_at timestamptz not null default now(),
  message_count integer not null default 0,
  user_satisfaction integer check (user_satisfaction between 1 and 5),
  resolved boolean not null default false
);
alter table public.chat_sessions enable row level security;
grant select, insert, update, delete on table public.chat_sessions to authenticated;

create index chat_sessions_started_at_idx on public.chat_sessions (started_at desc);
create index chat_sessions_user_id_idx on public.chat_sessions (user_id);

create table public.chat_messages (
  id uuid primary key default gen_random_uuid(),
  session_id text not null references public.chat_sessions (session_id) on delete cascade,
  message_text text not null check (char_length(message_text) between 1 and 2000),
  is_bot boolean not null default false,
  intent text check (intent in ('pricing', 'gift', 'technical', 'family_code', 'process', 'support', 'greeting', 'other')),
  "timestamp" timestamptz not null default now(),
  -- The order messages were written in (two of one exchange can share a timestamp).
  position bigint generated always as identity
);
alter table public.chat_messages enable row level security;
grant select, insert, update, delete on table public.chat_messages to authenticated;

create index chat_messages_session_idx on public.chat_messages (session_id, "timestamp");
create index chat_messages_intent_idx on public.chat_messages (intent) where intent is not null;
create index chat_messages_session_position_idx on public.chat_messages (session_id, position);

create table private.chat_session_tokens (
  session_id text primary key references public.chat_sessions (session_id) on delete cascade,
  token_hash text not null check (token_hash ~ '^[0-9a-f]{64}$')
);
alter table private.chat_session_tokens enable row level security;

-- ================================================================ functions

-- The session's owner: a session started by a signed-in user takes messages and ratings only from
-- that user (or the service role); one started anonymously only from whoever holds its random id,
-- up to 200 messages.
create function private.require_chat_session_writer(session_id text) returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  owner_id uuid;
begin
  select s.user_id into owner_id from public.chat_sessions s where s.session_id = require_chat_session_writer.session_id;
  if owner_id is not null and owner_id is distinct from auth.uid() and not private.is_service_request() then
    perform private.deny('שיחה לא נמצאה', 'chat_session_not_found');
  end if;
end
$$;
revoke execute on function private.require_chat_session_writer(session_id text) from public;

-- Anyone: records one chat message (the visitor's or the bot's answer) of their own chat session,
-- creating the session on its first message. The session id is a random id the widget generated.
create function public.chat_record_message(
  session_id text, message_text text, is_bot boolean default false, intent text default null
) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  message_id uuid;
begin
  insert into public.chat_sessions (session_id, user_id)
  values (chat_record_message.session_id, auth.uid())
  on conflict on constraint chat_sessions_session_id_key do nothing;
  perform private.require_chat_session_writer(chat_record_message.session_id);
  if (select s.message_count from public.chat_sessions s where s.session_id = chat_record_message.session_id) >= 200 then
    perform private.refuse('השיחה ארוכה מדי, אפשר לפתוח שיחה חדשה', 'chat_session_full');
  end if;
  insert into public.chat_messages (session_id, message_text, is_bot, intent)
  values (chat_record_message.session_id, left(btrim(message_text), 2000), coalesce(is_bot, false), intent)
  returning id into message_id;
  update public.chat_sessions s set message_count = s.message_count + 1
   where s.session_id = chat_record_message.session_id;
  return message_id;
end
$$;
revoke execute on function public.chat_record_message(session_id text, message_text text, is_bot boolean, intent text) from public;
grant execute on function public.chat_record_message(session_id text, message_text text, is_bot boolean, intent text) to service_role;

-- Anyone: rates their own chat session 1-5 and says whether it solved the question.
create function public.chat_rate_session(session_id text, rating integer, resolved boolean default null)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_chat_session_writer(chat_rate_session.session_id);
  update public.chat_sessions s
     set user_satisfaction = rating,
         resolved = coalesce(chat_rate_session.resolved, s.resolved)
   where s.session_id = chat_rate_session.session_id;
  if not found then
    perform private.refuse('שיחה לא נמצאה', 'chat_session_not_found');
  end if;
end
$$;
revoke execute on function public.chat_rate_session(session_id text, rating integer, resolved boolean) from public;
grant execute on function public.chat_rate_session(session_id text, rating integer, resolved boolean) to service_role;

-- The session, locked for this transaction, when `session_token` is its token; otherwise refused
-- as "not found" (the caller learns nothing about sessions it does not hold).
create function private.chat_session_for_token(session_id text, session_token text)
returns public.chat_sessions
language plpgsql volatile security definer set search_path = '' as $$
declare
  found_session public.chat_sessions;
begin
  select s.* into found_session
    from public.chat_sessions s
    join private.chat_session_tokens t on t.session_id = s.session_id
   where s.session_id = chat_session_for_token.session_id
     and t.token_hash = encode(pg_catalog.sha256(convert_to(coalesce(session_token, ''), 'UTF8')), 'hex')
     for update of s;
  if found_session.id is null then
    perform private.deny('השיחה לא נמצאה, אפשר לפתוח שיחה חדשה', 'chat_session_not_found');
  end if;
  return found_session;
end
$$;
revoke execute on function private.chat_session_for_token(session_id text, session_token text) from public;

-- Service role only: opens a chat session (of `visitor`, a signed-in user, or anonymous) and
-- answers {session_id, session_token}; the token is shown once and only its hash is kept.
create function public.chat_open_session(visitor uuid default null) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  new_session_id constant text := 'chat_' || private.random_token();
  new_token constant text := private.random_token();
begin
  insert into public.chat_sessions (session_id, user_id) values (new_session_id, visitor);
  insert into private.chat_session_tokens (session_id, token_hash)
  values (new_session_id, encode(pg_catalog.sha256(convert_to(new_token, 'UTF8')), 'hex'));
  return jsonb_build_object('session_id', new_session_id, 'session_token', new_token);
end
$$;
revoke execute on function public.chat_open_session(visitor uuid) from public;
grant execute on function public.chat_open_session(visitor uuid) to service_role;

-- Service role only: records one question (with the intent the function classified) and the
-- answer the function derived, in this order, in the session whose token is given. At most 20
-- questions of at most 500 characters per session.
create function public.chat_record_exchange(
  session_id text, session_token text, question text, intent text, answer text
) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  chat public.chat_sessions := private.chat_session_for_token(session_id, session_token);
begin
  if char_length(btrim(coalesce(question, ''))) not between 1 and 500 then
    perform private.refuse('ההודעה ארוכה מדי, נסו לקצר אותה', 'chat_message_invalid');
  end if;
  if char_length(btrim(coalesce(answer, ''))) not between 1 and 2000 then
    perform private.refuse('התשובה אינה תקינה', 'chat_answer_invalid');
  end if;
  if chat.message_count >= 40 then
    perform private.refuse('השיחה ארוכה מדי, אפשר לפתוח שיחה חדשה', 'chat_session_full');
  end if;
  insert into public.chat_messages (session_id, message_text, is_bot, intent, "timestamp")
  values (chat.session_id, btrim(question), false, intent, clock_timestamp());
  insert into public.chat_messages (session_id, message_text, is_bot, intent, "timestamp")
  values (chat.session_id, btrim(answer), true, null, clock_timestamp());
  update public.chat_sessions s set message_count = s.message_count + 2 where s.id = chat.id;
end
$$;
revoke execute on function public.chat_record_exchange(session_id text, session_token text, question text, intent text, answer text) from public;
grant execute on function public.chat_record_exchange(session_id text, session_token text, question text, intent text, answer text) to service_role;

-- Service role only: the visitor's 1-5 rating of the session and whether it helped.
create function public.chat_record_rating(
  session_id text, session_token text, rating integer, resolved boolean
) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  chat public.chat_sessions := private.chat_session_for_token(session_id, session_token);
begin
  if rating is null or rating not between 1 and 5 then
    perform private.refuse('דירוג בין 1 ל־5', 'chat_rating_invalid');
  end if;
  update public.chat_sessions s
     set user_satisfaction = rating, resolved = coalesce(chat_record_rating.resolved, s.resolved)
   where s.id = chat.id;
end
$$;
revoke execute on function public.chat_record_rating(session_id text, session_token text, rating integer, resolved boolean) from public;
grant execute on function public.chat_record_rating(session_id text, session_token text, rating integer, resolved boolean) to service_role;

-- Platform admin: analytics of the 50 latest chat sessions: their count, the average rating (one
-- decimal, null when none rated), the resolved rate in percent, the 5 most frequent intents of
-- their messages, and the 10 latest sessions with their messages in the order they were written.
create function public.admin_chat_analytics() returns jsonb
language plpgsql stable security invoker set search_path = '' as $$
declare
  result jsonb;
begin
  perform private.require_platform_admin();
  with latest as (
    select s.* from public.chat_sessions s order by s.started_at desc, s.id limit 50
  ),
  intents as (
    select m.intent, count(*) as uses
      from public.chat_messages m
     where m.intent is not null and m.session_id in (select l.session_id from latest l)
     group by m.intent
     order by uses desc, m.intent
     limit 5
  ),
  recent as (
    select l.* from latest l order by l.started_at desc, l.id limit 10
  )
  select jsonb_build_object(
    'session_count', (select count(*) from latest),
    'average_satisfaction',
      (select round(avg(l.user_satisfaction)::numeric, 1) from latest l where l.user_satisfaction is not null),
    'resolved_rate',
      (select case when count(*) = 0 then 0 else round(100.0 * count(*) filter (where l.resolved) / count(*)) end
         from latest l),
    'top_intents',
      coalesce((select jsonb_agg(jsonb_build_object('intent', i.intent, 'count', i.uses) order by i.uses desc, i.intent)
                  from intents i), '[]'::jsonb),
    'recent_sessions',
      coalesce((select jsonb_agg(jsonb_build_object(
                  'session_id', r.session_id,
                  'started_at', r.started_at,
                  'message_count', r.message_count,
                  'user_satisfaction', r.user_satisfaction,
                  'resolved', r.resolved,
                  'messages', coalesce((select jsonb_agg(jsonb_build_object(
                                           'message_text', m.message_text, 'is_bot', m.is_bot,
                                           'intent', m.intent, 'timestamp', m."timestamp",
                                           'position', m.position)
                                         order by m.position)
                                          from public.chat_messages m where m.session_id = r.session_id), '[]'::jsonb))
                  order by r.started_at desc, r.id)
                  from recent r), '[]'::jsonb)
  ) into result;
  return result;
end
$$;
revoke execute on function public.admin_chat_analytics() from public;
grant execute on function public.admin_chat_analytics() to authenticated, service_role;

-- ================================================================ policies

-- Platform admins read chat analytics (visitors write through chat_record_message()).
create policy "platform admins manage chat sessions" on public.chat_sessions
  for all to authenticated
  using ((select private.is_platform_admin()))
  with check ((select private.is_platform_admin()));

-- Platform admins read chat messages.
create policy "platform admins manage chat messages" on public.chat_messages
  for all to authenticated
  using ((select private.is_platform_admin()))
  with check ((select private.is_platform_admin()));


-- ##################################################################################################
-- supabase/schemas/90-storage.sql

-- Storage: the `memory-images` bucket, who may upload, list and delete which objects, and removing
-- a book's files when the book or a memory is deleted.
--
-- Paths: memories/<book uuid>/<file> (memory photos; anyone for a paid pro/full book),
-- videos/<book uuid>/<file> (memory videos; anyone for a paid full book),
-- profiles/<user uuid>/<file> and books/<user uuid>/<file> (a book's profile and background
-- pictures: the signed-in user whose id is the folder). Deleting: the book's owner, the uploader
-- (their own folders), platform admins. Nobody anonymous deletes or updates anything.

-- ================================================================ tables

create table private.storage_removals (
  object_name text primary key check (char_length(object_name) between 1 and 1024),
  queued_at timestamptz not null default now()
);
alter table private.storage_removals enable row level security;
comment on table private.storage_removals is 'Names of memory-images objects whose book or memory was deleted, until the Storage API has removed them.';

create index storage_removals_queued_idx on private.storage_removals (queued_at);

-- ================================================================ functions

-- The storage path of a public URL of the memory-images bucket ('memories/<book>/<file>'), or null
-- for any other URL. Compared on the path only, so it works on any host (local, hosted, proxied).
create function private.memory_images_path(url text) returns text
language sql immutable set search_path = '' as $$
  select substring(url from '^https?://[^/?#]+/storage/v1/object/public/memory-images/([^?#]+)$')
$$;
revoke execute on function private.memory_images_path(url text) from public;
grant execute on function private.memory_images_path(url text) to anon, authenticated, service_role;

-- The book folder of an object name ('memories/<uuid>/<file>' → uuid), or null.
create function private.storage_book_of(object_name text) returns uuid
language sql immutable set search_path = '' as $$
  select case
    when object_name ~ '^(memories|videos)/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[^/]+$'
    then split_part(object_name, '/', 2)::uuid
  end
$$;
revoke execute on function private.storage_book_of(object_name text) from public;
grant execute on function private.storage_book_of(object_name text) to anon, authenticated, service_role;

-- Whether an object name ends in a picture extension (jpg, jpeg, png, webp, heic, heif).
create function private.has_image_extension(object_name text) returns boolean
language sql immutable set search_path = '' as $$
  select lower(substring(object_name from '\.([A-Za-z0-9]+)$')) in ('jpg', 'jpeg', 'png', 'webp', 'heic', 'heif')
$$;
revoke execute on function private.has_image_extension(object_name text) from public;
grant execute on function private.has_image_extension(object_name text) to anon, authenticated, service_role;

-- Whether an object name ends in a video extension (mp4, webm, mov).
create function private.has_video_extension(object_name text) returns boolean
language sql immutable set search_path = '' as $$
  select lower(substring(object_name from '\.([A-Za-z0-9]+)$')) in ('mp4', 'webm', 'mov')
$$;
revoke execute on function private.has_video_extension(object_name text) from public;
grant execute on function private.has_video_extension(object_name text) to anon, authenticated, service_role;

-- Is this object in the caller's own profiles/ or books/ folder?
create function public.is_own_storage_folder(object_name text) returns boolean
language sql stable set search_path = '' as $$
  select auth.uid() is not null
     and object_name ~ '^(profiles|books)/[^/]+/[^/]+$'
     and split_part(object_name, '/', 2) = auth.uid()::text
$$;
revoke execute on function public.is_own_storage_folder(object_name text) from public;
grant execute on function public.is_own_storage_folder(object_name text) to authenticated, service_role;

-- A deleted book takes its memory folders and the pictures only it used.
create function private.on_memory_book_deleted() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  pictures text[];
begin
  select coalesce(array_agg(p.path), '{}') into pictures
    from unnest(array[private.memory_images_path(old.profile_image_url),
                      private.memory_images_path(old.background_image_url)]) as p(path)
   where p.path is not null
     and not exists (
       select 1 from public.memory_books b
        where private.memory_images_path(b.profile_image_url) = p.path
           or private.memory_images_path(b.background_image_url) = p.path
     );
  perform private.delete_storage_objects(
    pictures || array(
      select o.name from storage.objects o
       where o.bucket_id = 'memory-images'
         and (o.name like 'memories/' || old.id::text || '/%' or o.name like 'videos/' || old.id::text || '/%')
    )
  );
  return old;
end
$$;
revoke execute on function private.on_memory_book_deleted() from public;

-- A deleted memory takes its photos and video (unless another memory uses the same file).
create function private.on_memory_entry_deleted() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  media text[];
begin
  select coalesce(array_agg(distinct m.path), '{}') into media
    from unnest(old.image_urls || array[old.image_url, old.video_url]) as u(url)
    cross join lateral (select private.memory_images_path(u.url) as path) m
   where m.path is not null
     and not exists (
       select 1 from public.memory_entries e
        where e.book_id = old.book_id
          and (u.url = any (e.image_urls) or e.image_url = u.url or e.video_url = u.url)
     );
  perform private.delete_storage_objects(media);
  return old;
end
$$;
revoke execute on function private.on_memory_entry_deleted() from public;

-- The triggers of deleted books and memories (on_memory_book_deleted, on_memory_entry_deleted)
-- call this with the names of the files only they used: the names are queued, and their rows
-- stay until the Storage API removes row and bytes together.
create function private.delete_storage_objects(object_names text[]) returns void
language sql volatile security definer set search_path = '' as $$
  insert into private.storage_removals (object_name)
  select distinct n.name from unnest(object_names) as n(name) where n.name is not null
  on conflict (object_name) do nothing
$$;
revoke execute on function private.delete_storage_objects(object_names text[]) from public;

-- Service role only: the oldest queued names (at most max_rows, 1 to 1000).
create function public.queued_storage_removals(max_rows integer default 1000) returns text[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(q.object_name), '{}')
    from (select r.object_name from private.storage_removals r
           order by r.queued_at, r.object_name
           limit least(greatest(coalesce(max_rows, 1000), 1), 1000)) q
$$;
revoke execute on function public.queued_storage_removals(max_rows integer) from public;
grant execute on function public.queued_storage_removals(max_rows integer) to service_role;

-- Service role only: these names are removed from storage; forget them.
create function public.forget_storage_removals(object_names text[]) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  forgotten integer;
begin
  delete from private.storage_removals r where r.object_name = any (object_names);
  get diagnostics forgotten = row_count;
  return forgotten;
end
$$;
revoke execute on function public.forget_storage_removals(object_names text[]) from public;
grant execute on function public.forget_storage_removals(object_names text[]) to service_role;

-- May the caller upload this object (storage policy, anyone)? Into a paid book's folder only:
-- photos (memories/<book>/…, a picture extension) on a pro or full book, videos (videos/<book>/…,
-- a video extension) on a full book. Without a session, at most 400 files an hour into one book
-- (sixty relatives with two photos each are 120, and a guest may add five).
create function private.can_upload_memory_media(object_name text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  book constant uuid := private.storage_book_of(object_name);
  plan text;
  paid boolean;
begin
  if book is null then
    return false;
  end if;
  select b.plan_type, b.is_paid into plan, paid from public.memory_books b where b.id = book;
  if not coalesce(paid, false) then
    return false;
  end if;
  if auth.uid() is null and private.anonymous_uploads_last_hour(book) >= 400 then
    return false;
  end if;
  if object_name like 'memories/%' then
    return plan in ('pro', 'full') and private.has_image_extension(object_name);
  end if;
  return plan = 'full' and private.has_video_extension(object_name);
end
$$;
revoke execute on function private.can_upload_memory_media(object_name text) from public;
grant execute on function private.can_upload_memory_media(object_name text) to anon, authenticated, service_role;

-- ================================================================ triggers

create trigger memory_books_delete_files
  after delete on public.memory_books
  for each row execute function private.on_memory_book_deleted();

create trigger memory_entries_delete_files
  after delete on public.memory_entries
  for each row execute function private.on_memory_entry_deleted();

-- ================================================================ policies

-- Anyone (visitors included) uploads memory photos and videos of a paid book whose plan allows them.
create policy "memory-images: anyone uploads memory media" on storage.objects
  for insert to anon, authenticated
  with check (bucket_id = 'memory-images' and private.can_upload_memory_media(name));

-- A signed-in user uploads profile and background pictures into their own folders.
create policy "memory-images: users upload own pictures" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'memory-images' and public.is_own_storage_folder(name) and private.has_image_extension(name));

-- A signed-in user replaces (upserts) pictures in their own folders.
create policy "memory-images: users replace own pictures" on storage.objects
  for update to authenticated
  using (bucket_id = 'memory-images' and public.is_own_storage_folder(name))
  with check (bucket_id = 'memory-images' and public.is_own_storage_folder(name) and private.has_image_extension(name));

-- An uploader sees the row their upload is creating (created in this very transaction, which
-- INSERT … RETURNING needs) and nothing else: listing a book's folder shows visitors nothing.
create policy "memory-images: uploaders see the row being created" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'memory-images' and created_at = now());

-- A signed-in user lists their own folders; a book's owner lists the book's memory files.
create policy "memory-images: owners list their files" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'memory-images'
    and (public.is_own_storage_folder(name) or private.is_book_owner(private.storage_book_of(name)))
  );

-- A signed-in user deletes files in their own folders; a book's owner deletes the book's memory files.
create policy "memory-images: owners delete their files" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'memory-images'
    and (public.is_own_storage_folder(name) or private.is_book_owner(private.storage_book_of(name)))
  );

-- Platform admins read, upload, replace and delete every file of the bucket.
create policy "memory-images: platform admins manage files" on storage.objects
  for all to authenticated
  using (bucket_id = 'memory-images' and (select private.is_platform_admin()))
  with check (bucket_id = 'memory-images' and (select private.is_platform_admin()));

-- ================================================================ data

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'memory-images', 'memory-images', true, 52428800,
  array['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif',
        'video/mp4', 'video/webm', 'video/quicktime']
)
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

reset check_function_bodies;
