-- Who the caller is, for policies and functions. Each is `security definer` with an empty
-- search_path, so it can read the rows it needs without being subject to RLS itself (no policy
-- recursion) and cannot be tricked by objects in another schema.

-- The caller's e-mail when it is confirmed (ownership is by confirmed e-mail), else null.
create or replace function public.current_user_email() returns text
language sql stable security definer set search_path = '' as $$
  select lower(a.email) from auth.users a where a.id = auth.uid() and a.email_confirmed_at is not null
$$;

create or replace function public.is_platform_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.users u where u.id = auth.uid() and u.role = 'admin')
$$;

create or replace function public.is_book_owner(book uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.memory_books b
     where b.id = book and b.owner_email = public.current_user_email()
  )
$$;

create or replace function public.is_book_family_admin(book uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.book_admins a
     where a.book_id = book and a.user_id = auth.uid() and a.status = 'confirmed'
  )
$$;

-- Paid = paid, completed or test (the generated column is_paid).
create or replace function public.is_book_paid(book uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select b.is_paid from public.memory_books b where b.id = book), false)
$$;

create or replace function public.is_book_public_and_paid(book uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select b.is_public and b.is_paid from public.memory_books b where b.id = book), false)
$$;

-- Owner, confirmed family admin or platform admin: may read the book's memories, hidden included.
create or replace function public.can_read_book(book uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select public.is_platform_admin() or public.is_book_owner(book) or public.is_book_family_admin(book)
$$;

-- Owner or platform admin: may manage the book.
create or replace function public.can_manage_book(book uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select public.is_platform_admin() or public.is_book_owner(book)
$$;

-- The request carries the service role key (edge functions).
create or replace function private.is_service_request() returns boolean
language sql stable set search_path = '' as $$
  select coalesce(auth.role(), '') = 'service_role'
$$;

-- Trusted callers may change any column: the service role, the database owner (migrations and the
-- security-definer functions below, which run as their owner) and platform admins. Deliberately
-- NOT security definer: it must see the role the statement really runs as.
create or replace function private.is_trusted_caller() returns boolean
language sql stable set search_path = '' as $$
  select current_user::text not in ('anon', 'authenticated') or public.is_platform_admin()
$$;

-- A book reference from a link: the short book_id (any case, spaces ignored) or the uuid.
create or replace function private.resolve_book(book_ref text) returns uuid
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

-- The storage path of a public URL of the memory-images bucket ('memories/<book>/<file>'), or null
-- for any other URL. Compared on the path only, so it works on any host (local, hosted, proxied).
create or replace function private.memory_images_path(url text) returns text
language sql immutable set search_path = '' as $$
  select substring(url from '^https?://[^/?#]+/storage/v1/object/public/memory-images/([^?#]+)$')
$$;

-- Raises a refusal the app shows as is: Hebrew message, stable `hint` code, HTTP 400 (P0001).
create or replace function private.refuse(message text, reason text) returns void
language plpgsql volatile set search_path = '' as $$
begin
  raise exception using message = message, hint = reason, errcode = 'P0001';
end
$$;

-- Raises "permission denied" (42501: HTTP 401 for anonymous callers, 403 for signed-in ones).
create or replace function private.deny(message text, reason text) returns void
language plpgsql volatile set search_path = '' as $$
begin
  raise exception using message = message, hint = reason, errcode = '42501';
end
$$;

-- ---------------------------------------------------------------- memory_books: defaults and guards
-- Normalises codes and e-mails, fills the short id and the family code (4 digits; 6 characters of
-- the code alphabet on gift books), starts a gift code's 30 days, and accepts profile and
-- background images only from this project's bucket.
create or replace function private.memory_books_normalize() returns trigger
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

create trigger memory_books_10_normalize
  before insert or update on public.memory_books
  for each row execute function private.memory_books_normalize();

-- The columns an owner may change; everything else (payment, plan, Stripe, gift, owner, code)
-- changes only through functions, the service role, or a platform admin.
create or replace function private.book_content_columns() returns text[]
language sql immutable set search_path = '' as $$
  select array['full_name', 'creator_name', 'birth_date', 'death_date', 'memory_quote',
               'profile_image_url', 'background_image_url', 'is_public', 'updated_at', 'is_paid']
$$;

create or replace function private.memory_books_guard_columns() returns trigger
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

create trigger memory_books_20_guard_columns
  before update on public.memory_books
  for each row execute function private.memory_books_guard_columns();

-- ---------------------------------------------------------------- users: what a user may change on their own row
create or replace function private.users_guard_columns() returns trigger
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

create trigger users_guard_columns
  before update on public.users
  for each row execute function private.users_guard_columns();

-- ---------------------------------------------------------------- memory_entries: owners only moderate
create or replace function private.memory_entries_guard_columns() returns trigger
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

create trigger memory_entries_guard_columns
  before update on public.memory_entries
  for each row execute function private.memory_entries_guard_columns();

-- ---------------------------------------------------------------- small tables: normalisation
create or replace function private.admin_coupons_normalize() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.code := upper(btrim(new.code));
  return new;
end
$$;

create trigger admin_coupons_normalize
  before insert or update of code on public.admin_coupons
  for each row execute function private.admin_coupons_normalize();

create or replace function private.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger onboarding_data_touch
  before update on public.onboarding_data
  for each row execute function private.touch_updated_at();

create or replace function private.ownership_transfer_normalize() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.invitee_email := lower(btrim(new.invitee_email));
  return new;
end
$$;

create trigger ownership_transfer_normalize
  before insert or update of invitee_email on public.ownership_transfer_requests
  for each row execute function private.ownership_transfer_normalize();
