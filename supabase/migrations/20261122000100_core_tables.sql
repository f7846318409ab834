-- זוכרים: the data model of both specification documents (spec 000 §3, spec 001 §3) plus what the
-- rules of DECISIONS.md need (moderation, attempt limiting, payment sessions).
--
-- Schema `private` holds helpers that only SQL (policies, triggers, other functions) calls. It is
-- not exposed through the REST API (only `public` is), so none of it is callable as an RPC.

create schema if not exists private;
grant usage on schema private to anon, authenticated, service_role;

-- ---------------------------------------------------------------- random codes
-- The alphabet of every human-typed code (book ids, gift codes, family codes): no 0/O, 1/I.
create or replace function private.code_alphabet() returns text
language sql immutable set search_path = '' as $$
  select 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
$$;

-- `code_length` characters of `alphabet` from a cryptographic random source. Bytes beyond the last
-- whole multiple of the alphabet's size are rejected, so every character is equally likely.
create or replace function private.random_code(alphabet text, code_length integer) returns text
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

-- 32 random bytes as URL-safe base64 without padding: 43 characters (invitation tokens).
create or replace function private.random_token() returns text
language sql volatile set search_path = '' as $$
  select rtrim(translate(encode(extensions.gen_random_bytes(32), 'base64'), E'+/\n', '-_'), '=')
$$;

-- The book and gift code generators check uniqueness across all rows, so they run as the owner.
create or replace function private.new_book_id() returns text
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

create or replace function private.new_gift_code() returns text
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

-- ---------------------------------------------------------------- tables
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
comment on table public.users is 'Profile of every auth user; role admin = platform admin.';

-- A deployment's first platform admins. Only the service role writes here; the one documented insert:
--   insert into public.platform_admin_emails (email) values ('someone@example.org');
-- run in the SQL editor (or `psql`) as the project owner. A user whose confirmed e-mail is listed
-- becomes role admin (now, or when the e-mail is confirmed later).
create table public.platform_admin_emails (
  email text primary key check (email = lower(btrim(email)) and email like '%@%'),
  note text,
  created_at timestamptz not null default now()
);

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
  -- The one rule for "paid" (DECISIONS.md): paid, completed, or test (set by a platform admin).
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
  check (death_date is null or birth_date is null or death_date >= birth_date)
);
comment on column public.memory_books.book_id is 'Short public id used in every shared link and QR code.';
comment on column public.memory_books.family_access_code is 'Secret: owner, confirmed family admins, platform admins.';
comment on column public.memory_books.gift_code is 'Secret: purchaser, claimer, platform admins.';
comment on column public.memory_books.owner_email is 'Secret: owner and platform admins. Ownership = this equals the confirmed e-mail.';

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

-- Invitations (status invited, a random single-use token) and confirmed family admins (user_id set).
create table public.book_admins (
  id uuid primary key default gen_random_uuid(),
  book_id uuid not null references public.memory_books (id) on delete cascade,
  token text not null unique default private.random_token() check (char_length(token) >= 32),
  admin_name text not null check (char_length(btrim(admin_name)) between 1 and 200),
  contact text check (char_length(contact) <= 200),
  invited_by uuid default auth.uid() references auth.users (id) on delete set null,
  status text not null default 'invited' check (status in ('invited', 'confirmed')),
  user_id uuid references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  check ((status = 'confirmed') = (user_id is not null))
);

create table public.onboarding_data (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  relationship text check (relationship in ('grandparent', 'spouse', 'parent', 'sibling', 'friend', 'other')),
  deceased_name text check (char_length(deceased_name) <= 200),
  selected_plan text check (selected_plan in ('basic', 'pro', 'full', 'onboarding')),
  updated_at timestamptz not null default now()
);

create table public.admin_logs (
  id uuid primary key default gen_random_uuid(),
  admin_email text,
  action text not null check (char_length(action) <= 100),
  "timestamp" timestamptz not null default now(),
  target_user text,
  book_id uuid,
  details jsonb not null default '{}'::jsonb
);

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

create table public.chat_sessions (
  id uuid primary key default gen_random_uuid(),
  session_id text not null unique check (session_id ~ '^[A-Za-z0-9_-]{16,100}$'),
  user_id uuid references auth.users (id) on delete set null,
  started_at timestamptz not null default now(),
  message_count integer not null default 0,
  user_satisfaction integer check (user_satisfaction between 1 and 5),
  resolved boolean not null default false
);

create table public.chat_messages (
  id uuid primary key default gen_random_uuid(),
  session_id text not null references public.chat_sessions (session_id) on delete cascade,
  message_text text not null check (char_length(message_text) between 1 and 2000),
  is_bot boolean not null default false,
  intent text check (intent in ('pricing', 'gift', 'technical', 'family_code', 'process', 'support', 'greeting', 'other')),
  "timestamp" timestamptz not null default now()
);

create table public.ownership_transfer_requests (
  id uuid primary key default gen_random_uuid(),
  book_id uuid not null references public.memory_books (id) on delete cascade,
  invitee_email text not null check (invitee_email = lower(btrim(invitee_email)) and invitee_email like '%@%'),
  invite_token text not null unique default private.random_token() check (char_length(invite_token) >= 32),
  status text not null default 'pending_registration'
    check (status in ('pending_registration', 'registered_waiting_approval', 'approved', 'declined')),
  requested_by uuid default auth.uid() references auth.users (id) on delete set null,
  invitee_user_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  registered_at timestamptz,
  decided_at timestamptz
);

-- Every family-code check, for the lockout of DECISIONS.md. `locks_until` is set on the wrong
-- attempt that started a lockout.
create table public.family_code_attempts (
  id bigint generated always as identity primary key,
  book_id uuid not null references public.memory_books (id) on delete cascade,
  attempted_at timestamptz not null default now(),
  success boolean not null,
  client_hint text check (char_length(client_hint) <= 200),
  locks_until timestamptz
);

create table public.gift_claim_attempts (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  attempted_at timestamptz not null default now(),
  success boolean not null,
  locks_until timestamptz
);

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
  paid_at timestamptz
);

-- ---------------------------------------------------------------- indexes (one per query of the specs)
create index memory_entries_book_created_idx on public.memory_entries (book_id, created_at);
create index memory_entries_author_idx on public.memory_entries (author_user_id) where author_user_id is not null;
create index memory_books_owner_email_idx on public.memory_books (owner_email);
create index memory_books_purchaser_idx on public.memory_books (purchaser_user_id, gift_purchased_at desc);
create index memory_books_claimed_by_idx on public.memory_books (claimed_by_user_id);
create index memory_books_created_at_idx on public.memory_books (created_at desc);
create index book_admins_book_idx on public.book_admins (book_id);
create unique index book_admins_book_user_key on public.book_admins (book_id, user_id);
create index book_admins_user_idx on public.book_admins (user_id) where user_id is not null;
create index users_email_idx on public.users (email);
create index users_created_at_idx on public.users (created_at desc);
create index admin_logs_timestamp_idx on public.admin_logs ("timestamp" desc);
create index admin_logs_admin_email_idx on public.admin_logs (admin_email, "timestamp" desc);
create index admin_coupons_created_at_idx on public.admin_coupons (created_at desc);
create index chat_sessions_started_at_idx on public.chat_sessions (started_at desc);
create index chat_messages_session_idx on public.chat_messages (session_id, "timestamp");
create index chat_messages_intent_idx on public.chat_messages (intent) where intent is not null;
create index ownership_transfer_book_idx on public.ownership_transfer_requests (book_id);
create index ownership_transfer_invitee_idx on public.ownership_transfer_requests (invitee_email);
create index ownership_transfer_invitee_user_idx on public.ownership_transfer_requests (invitee_user_id);
create index family_code_attempts_book_idx on public.family_code_attempts (book_id, attempted_at desc);
create index gift_claim_attempts_user_idx on public.gift_claim_attempts (user_id, attempted_at desc);
create index payment_sessions_user_idx on public.payment_sessions (user_id);
create index payment_sessions_book_idx on public.payment_sessions (used_by_book);

-- ---------------------------------------------------------------- profile mirror of auth.users
-- Is this (lower-cased) e-mail on the platform-admin list?
create or replace function private.is_listed_admin_email(address text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.platform_admin_emails p where p.email = lower(btrim(address)))
$$;

-- A new auth user gets a profile row; a listed, confirmed e-mail makes it a platform admin.
create or replace function private.on_auth_user_created() returns trigger
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

-- Keeps e-mail and name in sync, promotes a listed e-mail once it is confirmed, and moves the
-- user's books along when their (confirmed) e-mail changes: ownership is by e-mail.
create or replace function private.on_auth_user_updated() returns trigger
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

create trigger zochrim_on_auth_user_created
  after insert on auth.users
  for each row execute function private.on_auth_user_created();

create trigger zochrim_on_auth_user_updated
  after update of email, email_confirmed_at, raw_user_meta_data on auth.users
  for each row execute function private.on_auth_user_updated();

-- Listing or unlisting an e-mail promotes or demotes the matching confirmed user at once.
create or replace function private.on_platform_admin_email_changed() returns trigger
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

create trigger platform_admin_emails_sync_roles
  after insert or delete on public.platform_admin_emails
  for each row execute function private.on_platform_admin_email_changed();

-- Users who existed before this migration (a hosted project) get their profile rows too.
insert into public.users (id, email, full_name, created_at)
select a.id, lower(a.email), nullif(btrim(left(a.raw_user_meta_data ->> 'full_name', 200)), ''), coalesce(a.created_at, now())
  from auth.users a
on conflict (id) do nothing;
