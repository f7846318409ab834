-- Accounts: a profile row for every auth user (`public.users`, role `admin` = platform admin), the
-- onboarding answers, the list of platform-admin e-mail addresses, and who the caller is.
--
-- The database as it stands (supabase/schemas): a change is written here and in a new migration;
-- tests/schema keeps the two equal.

-- Functions may read tables of later files: see 00-extensions-and-roles.sql.
set check_function_bodies = off;

-- ================================================================ tables

-- Profile mirror of auth.users, filled by the triggers at the end of this file.
create table public.users (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  full_name text check (char_length(full_name) <= 200), -- NAME_MAX in contracts/limits.ts
  role text not null default 'user' check (role in ('user', 'admin')),
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
  deceased_name text check (char_length(deceased_name) <= 200), -- NAME_MAX in contracts/limits.ts
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

-- The confirmed e-mail of `account`, lower-cased; null for an unknown or unconfirmed account.
create function private.confirmed_email_of(account uuid) returns text
language sql stable security definer set search_path = '' as $$
  select lower(u.email) from auth.users u where u.id = account and u.email_confirmed_at is not null
$$;
revoke execute on function private.confirmed_email_of(account uuid) from public;

-- Whether the caller is a platform admin (their profile's role is admin).
create function private.is_platform_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.users u where u.id = auth.uid() and u.role = 'admin')
$$;
revoke execute on function private.is_platform_admin() from public;
grant execute on function private.is_platform_admin() to anon, authenticated, service_role;

-- Trigger: a user may change only their own name and clearing must_change_password; id,
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
-- What stays in the security log names the account by a placeholder of its own
-- ('deleted-account:' and a random token), never by its id or e-mail. The auth user itself is
-- deleted by the function through the Auth admin API afterwards.
create function public.erase_account_data(target uuid, actor uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  address text;
  placeholder constant text := 'deleted-account:' || substr(md5(gen_random_uuid()::text), 1, 16);
  mention text;
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
  -- Pictures the person uploaded that no remaining book shows (a handed-over book keeps its own,
  -- copies included), each with its copies.
  perform private.delete_storage_objects(array(
    select o.name from storage.objects o
     where o.bucket_id = 'memory-images'
       and (o.name like 'profiles/' || target::text || '/%' or o.name like 'books/' || target::text || '/%')
       and not private.is_media_object_in_use(o.name)
  ));
  -- The e-mail address or the id, anywhere in a log row, in any case.
  mention := '(' || regexp_replace(address, '([^A-Za-z0-9])', '\\\1', 'g') || '|' || target::text || ')';
  update public.admin_logs l
     set admin_email = regexp_replace(l.admin_email, mention, placeholder, 'gi'),
         target_user = regexp_replace(l.target_user, mention, placeholder, 'gi'),
         details = regexp_replace(l.details::text, mention, placeholder, 'gi')::jsonb
   where l.admin_email ~* mention or l.target_user ~* mention or l.details::text ~* mention;
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
