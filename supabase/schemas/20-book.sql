-- The memory book: `public.memory_books`, its short public code (`short_code`) and its uuid (`id`), who
-- may read and manage a book (owner, confirmed family admin, platform admin, a paid public book for
-- anyone), the public card of a book, and deleting a book.
--
-- The database as it stands (supabase/schemas): a change is written here and in a new migration;
-- tests/schema keeps the two equal.

-- Functions may read tables of later files: see 00-extensions-and-roles.sql.
set check_function_bodies = off;

-- ================================================================ types

create type public.book_action_result as (
  ok boolean,
  reason text,
  message text,
  book_id uuid,
  short_code text
);

-- ================================================================ tables

create table public.memory_books (
  id uuid primary key default gen_random_uuid(),
  short_code text not null unique check (short_code ~ '^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8,10}$'),
  full_name text not null check (char_length(btrim(full_name)) between 1 and 200), -- NAME_MAX in contracts/limits.ts
  birth_date date,
  death_date date,
  memory_quote text check (char_length(memory_quote) <= 500), -- QUOTE_MAX in contracts/limits.ts
  profile_image_url text check (char_length(profile_image_url) <= 1000),
  background_image_url text check (char_length(background_image_url) <= 1000),
  creator_name text check (char_length(creator_name) <= 200), -- NAME_MAX in contracts/limits.ts
  purchaser_name text check (char_length(purchaser_name) <= 200), -- NAME_MAX in contracts/limits.ts
  owner_email text check (owner_email = lower(owner_email)),
  family_access_code text not null check (family_access_code ~ '^([0-9]{4}|[A-Z0-9]{6})$'),
  is_public boolean not null default false,
  plan_type text not null default 'full' check (plan_type in ('basic', 'pro', 'full')),
  payment_status text not null default 'unpaid'
    check (payment_status in ('unpaid', 'pending', 'paid', 'completed', 'failed', 'test')),
  -- The one rule for "paid": paid, completed, or test (set by a platform admin).
  is_paid boolean not null generated always as (payment_status in ('paid', 'completed', 'test')) stored,
  session_id text unique,
  gift_code text unique check (gift_code ~ '^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$'),
  gift_code_expires_at timestamptz,
  gift_status text check (gift_status in ('pending', 'claimed', 'cancelled', 'replaced')),
  gift_recipient_name text check (char_length(gift_recipient_name) <= 200), -- NAME_MAX in contracts/limits.ts
  gift_purchased_at timestamptz,
  gift_claimed_at timestamptz,
  claimed_by_user_id uuid references auth.users (id) on delete set null,
  purchaser_user_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The day of death began at sunset (the Hebrew date is the next day's).
  died_after_sunset boolean not null default false,
  -- The secret part of the book's family link (renewed with the family code).
  family_link_key text not null check (char_length(family_link_key) >= 32),
  -- How the book speaks of the deceased (born/died): the family's choice; null speaks neutrally.
  deceased_gender text check (deceased_gender in ('male', 'female')),
  check (death_date is null or birth_date is null or death_date >= birth_date)
);
alter table public.memory_books enable row level security;
comment on column public.memory_books.short_code is 'Short public code used in every shared link and QR code.';
comment on column public.memory_books.owner_email is 'Secret: owner and platform admins. Ownership = this equals the confirmed e-mail.';
comment on column public.memory_books.family_access_code is 'Secret: owner, confirmed family admins, platform admins.';
comment on column public.memory_books.gift_code is 'Secret: purchaser, claimer, platform admins.';
comment on column public.memory_books.died_after_sunset is 'The death was after sunset: the Hebrew date of death is that of the next day.';
comment on column public.memory_books.family_link_key is 'Secret: owner, confirmed family admins, platform admins. Carried by the family link; renewed with the family code.';
-- No DELETE for the API roles: a book is deleted only through delete-book (refund, security log,
-- files, the owner's e-mail).
grant select, insert, update on table public.memory_books to authenticated;
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
create function private.new_short_code() returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  candidate text;
begin
  loop
    candidate := private.random_code(private.code_alphabet(), 8);
    exit when not exists (select 1 from public.memory_books b where b.short_code = candidate);
  end loop;
  return candidate;
end
$$;
revoke execute on function private.new_short_code() from public;
grant execute on function private.new_short_code() to anon, authenticated, service_role;

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

-- A book reference from a link: the short code (any case, spaces ignored) or the uuid.
create function private.resolve_book(book_ref text) returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  reference constant text := btrim(coalesce(book_ref, ''));
  found_id uuid;
begin
  if reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select b.id into found_id from public.memory_books b where b.id = reference::uuid;
  else
    select b.id into found_id from public.memory_books b where b.short_code = upper(reference);
  end if;
  return found_id;
end
$$;
revoke execute on function private.resolve_book(book_ref text) from public;
grant execute on function private.resolve_book(book_ref text) to authenticated;

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
    new.short_code := coalesce(nullif(upper(btrim(new.short_code)), ''), private.new_short_code());
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
  id uuid, short_code text, full_name text, birth_date date, death_date date, memory_quote text,
  profile_image_url text, background_image_url text, creator_name text, purchaser_name text,
  is_public boolean, plan_type text, payment_status text, is_paid boolean,
  created_at timestamptz, updated_at timestamptz,
  owner_email text, family_access_code text, gift_code text, gift_status text,
  gift_recipient_name text, gift_purchased_at timestamptz, gift_claimed_at timestamptz,
  gift_code_expires_at timestamptz,
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
  select m.id, m.short_code, m.full_name, m.birth_date, m.death_date, m.memory_quote,
         m.profile_image_url, m.background_image_url, m.creator_name, m.purchaser_name,
         m.is_public, m.plan_type, m.payment_status, m.is_paid,
         m.created_at, m.updated_at,
         case when m.owns then m.owner_email end,
         case when m.owns or m.administers then m.family_access_code end,
         case when m.bought or m.claimed then m.gift_code end,
         m.gift_status, m.gift_recipient_name, m.gift_purchased_at, m.gift_claimed_at,
         m.gift_code_expires_at,
         m.owns, m.administers, m.bought, m.claimed,
         (select count(*) from public.memory_entries e where e.book_id = m.id)
    from mine m
   order by m.created_at desc
$$;
revoke execute on function private.my_books() from public;
grant execute on function private.my_books() to authenticated, service_role;
comment on function private.my_books() is
  'SECURITY DEFINER: lists the books the caller owns, administers, bought or claimed; a family admin, purchaser or claimer may not read those rows, and it shows each only the columns their part allows.';

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
               'profile_image_url', 'background_image_url', 'is_public', 'updated_at', 'is_paid', 'deceased_gender']
$$;
revoke execute on function private.book_content_columns() from public;
grant execute on function private.book_content_columns() to anon, authenticated, service_role;

-- Anyone: the public card of a book (by short code or uuid): name, dates, quote, pictures,
-- creator, plan, whether it is paid and public, and how it speaks of the deceased (gender).
-- Nothing private (no codes, no e-mails, no payment); the memories themselves are read through get_book_memories, which checks access.
-- The pictures come at reader addresses (92-private-media.sql): open ones for a public book;
-- signed ones for a private book's readers (owner, family admins, platform admins, or with an
-- unexpired access grant for it); none for anyone else.
create function public.get_book_card(book_ref text, access_grant text default null)
returns table (
  id uuid, short_code text, full_name text, birth_date date, death_date date, memory_quote text,
  profile_image_url text, background_image_url text, creator_name text, is_public boolean,
  plan_type text, is_paid boolean, died_after_sunset boolean, deceased_gender text
)
language sql stable security definer set search_path = '' as $$
  select b.id, b.short_code, b.full_name, b.birth_date, b.death_date, b.memory_quote,
         case when r.readable then private.reader_media_url(b.profile_image_url, b.is_public) end,
         case when r.readable then private.reader_media_url(b.background_image_url, b.is_public) end,
         b.creator_name, b.is_public, b.plan_type, b.is_paid, b.died_after_sunset, b.deceased_gender
    from public.memory_books b
   cross join lateral (
     select b.is_public or private.can_read_book(b.id) or private.is_service_request()
            or coalesce(private.book_of_grant(access_grant) = b.id, false) as readable
   ) r
   where b.id = private.resolve_book(book_ref)
$$;
revoke execute on function public.get_book_card(book_ref text, access_grant text) from public;
grant execute on function public.get_book_card(book_ref text, access_grant text) to anon, authenticated, service_role;

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

-- Service role only (delete-book, delete-account): deletes the book when `actor` may
-- (may_delete_book; else book_not_found): memories, invitations, attempts and the rest go with it,
-- and its files are queued for removal, claimed by this deletion. Refuses a paid gift that is
-- still pending (gift_not_cancelled): it must be cancelled first. Records who deleted it. Answers
-- the owner's e-mail, the book's name and the names of the files its deletion queued, so the
-- caller removes them before it answers.
create function public.delete_book_as(actor uuid, book uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  deleted public.memory_books;
  actor_email text;
  token constant uuid := gen_random_uuid();
  files text[];
begin
  select * into deleted from public.memory_books b where b.id = book for update;
  if not found or not private.may_delete_book(actor, deleted) then
    perform private.refuse('ספר הזיכרון לא נמצא', 'book_not_found');
  end if;
  if private.is_pending_paid_gift(deleted) then
    perform private.refuse('יש לבטל את המתנה לפני מחיקת הספר', 'gift_not_cancelled');
  end if;
  perform set_config('zochrim.storage_removal_claim', token::text, true);
  delete from public.memory_books b where b.id = book;
  perform set_config('zochrim.storage_removal_claim', '', true);
  select coalesce(array_agg(r.object_name order by r.object_name), '{}') into files
    from private.storage_removals r where r.claim = token;
  select lower(a.email) into actor_email from auth.users a where a.id = actor;
  insert into public.admin_logs (admin_email, action, book_id, target_user, details)
  values (actor_email, 'BOOK_DELETED', deleted.id, deleted.owner_email,
          jsonb_build_object('full_name', deleted.full_name, 'short_code', deleted.short_code, 'deleted_by', actor));
  return jsonb_build_object('owner_email', deleted.owner_email, 'full_name', deleted.full_name, 'files', to_jsonb(files));
end
$$;
revoke execute on function public.delete_book_as(actor uuid, book uuid) from public;
grant execute on function public.delete_book_as(actor uuid, book uuid) to service_role;

-- Service role only (delete-memory): the owner of the memory's book or a platform admin
-- (may_delete_book) deletes a memory (moderation); anyone else, and an unknown memory, is refused
-- with memory_not_found. Its files are queued claimed by this deletion and their names answered,
-- so the function removes them through the Storage API before it answers.
create function public.delete_memory_as(actor uuid, memory uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  found_book public.memory_books;
  token constant uuid := gen_random_uuid();
  files text[];
begin
  select b.* into found_book
    from public.memory_entries e join public.memory_books b on b.id = e.book_id
   where e.id = memory;
  if not found or not private.may_delete_book(actor, found_book) then
    perform private.refuse('הזיכרון לא נמצא', 'memory_not_found');
  end if;
  perform set_config('zochrim.storage_removal_claim', token::text, true);
  delete from public.memory_entries e where e.id = memory;
  perform set_config('zochrim.storage_removal_claim', '', true);
  select coalesce(array_agg(r.object_name order by r.object_name), '{}') into files
    from private.storage_removals r where r.claim = token;
  return jsonb_build_object('files', to_jsonb(files));
end
$$;
revoke execute on function public.delete_memory_as(actor uuid, memory uuid) from public;
grant execute on function public.delete_memory_as(actor uuid, memory uuid) to service_role;


-- Who may export a book: its owner, a confirmed family admin or a platform admin.
create function private.may_export_book(book uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.is_book_owner(book) or private.is_book_family_admin(book) or private.is_platform_admin()
$$;
revoke execute on function private.may_export_book(book uuid) from public;


-- The whole book, for the family to take with them (the browser writes the ZIP): the book's
-- details, every memory, hidden ones too (marked), oldest first, each text with the number of the
-- prompt it answers, the shiva's details, and the candles lit (how many, and the names left with
-- them, oldest first). Only to whom may_export_book
-- allows; anyone else, a family-code holder or a visitor of a public book included, is refused as
-- book_not_found. Secrets stay out: the family code and link key, gift codes, payment fields, the
-- owner's and purchasers' e-mails.
create function private.book_export(book uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  details jsonb;
  memories jsonb;
  shiva jsonb;
  candles jsonb;
begin
  if (select auth.uid()) is null or not private.may_export_book(book) then
    perform private.refuse('ספר הזיכרון לא נמצא', 'book_not_found');
  end if;
  select jsonb_build_object(
           'id', b.id, 'short_code', b.short_code, 'full_name', b.full_name,
           'birth_date', b.birth_date, 'death_date', b.death_date, 'died_after_sunset', b.died_after_sunset,
           'memory_quote', b.memory_quote, 'creator_name', b.creator_name, 'plan_type', b.plan_type,
           'is_public', b.is_public, 'created_at', b.created_at,
           'profile_image_url', b.profile_image_url, 'background_image_url', b.background_image_url)
    into details
    from public.memory_books b where b.id = book;
  if details is null then
    perform private.refuse('ספר הזיכרון לא נמצא', 'book_not_found');
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', e.id, 'created_at', e.created_at, 'full_name', e.full_name,
           'relation_to_deceased', e.relation_to_deceased,
           'texts', to_jsonb(array_remove(array[e.memory_text_1, e.memory_text_2, e.memory_text_3], null)),
           'sections', (select coalesce(jsonb_agg(jsonb_build_object('prompt', t.prompt, 'text', t.text) order by t.prompt), '[]'::jsonb)
                          from unnest(array[e.memory_text_1, e.memory_text_2, e.memory_text_3]) with ordinality as t(text, prompt)
                         where t.text is not null),
           'image_urls', to_jsonb(e.image_urls),
           'image_captions', to_jsonb(e.image_captions), 'video_url', e.video_url, 'is_hidden', e.is_hidden)
           order by e.created_at, e.id), '[]'::jsonb)
    into memories
    from public.memory_entries e where e.book_id = book;
  select jsonb_build_object('address', s.address, 'starts_on', s.starts_on, 'ends_on', s.ends_on,
                            'visiting_hours', s.visiting_hours, 'note', s.note)
    into shiva
    from public.book_shiva s where s.book_id = book;
  select jsonb_build_object(
           'count', count(*),
           'names', coalesce(jsonb_agg(jsonb_build_object('name', c.lit_by, 'lit_on', c.lit_on) order by c.created_at, c.id)
                               filter (where c.lit_by is not null), '[]'::jsonb))
    into candles
    from public.candles c where c.book_id = book;
  return jsonb_build_object('book', details, 'memories', memories, 'shiva', shiva, 'candles', candles);
end
$$;
revoke execute on function private.book_export(book uuid) from public;
grant execute on function private.book_export(book uuid) to authenticated;
comment on function private.book_export(book uuid) is
  'SECURITY DEFINER: a family admin may not read the book row its export starts with; it answers only the owner, confirmed family admins and platform admins, and leaves every secret out.';


-- The Data API's entry point, run as the caller (security invoker): the owner, a confirmed family admin or a platform admin;
-- anyone else 'not found'. The rule is in private.book_export.
create function public.book_export(book uuid)
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
revoke execute on function public.book_export(book uuid) from public;
grant execute on function public.book_export(book uuid) to authenticated, service_role;

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

-- The Data API's entry point, run as the caller (security invoker): the books the signed-in caller owns, administers, bought
-- or claimed (nothing without a session); the rule is in private.my_books.
create function public.my_books()
returns table(id uuid, short_code text, full_name text, birth_date date, death_date date, memory_quote text, profile_image_url text, background_image_url text, creator_name text, purchaser_name text, is_public boolean, plan_type text, payment_status text, is_paid boolean, created_at timestamp with time zone, updated_at timestamp with time zone, owner_email text, family_access_code text, gift_code text, gift_status text, gift_recipient_name text, gift_purchased_at timestamp with time zone, gift_claimed_at timestamp with time zone, gift_code_expires_at timestamp with time zone, is_owner boolean, is_family_admin boolean, is_purchaser boolean, is_claimer boolean, memory_count bigint)
language plpgsql stable security invoker set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    return;
  end if;
  return query select * from private.my_books();
end
$$;
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

