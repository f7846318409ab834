-- Private media: the memory-images bucket is private, and every file of it is served by the `media`
-- edge function (/functions/v1/media/<object name>), which asks media_access on each request.
-- A file is open to anyone while it belongs to a public book (its portrait or background, or a
-- visible memory of the paid book). Any other file (a private book's, a hidden memory's) is served
-- only at a signed address that the read deciding access hands out (get_book_card,
-- get_book_memories, readable_media_urls): its signature is an HMAC of the file's
-- stem and an expiry with a key only the database holds, and it lives 30 to 60 minutes (to the end
-- of the next half hour, so a page reloaded within it asks the same addresses and hits the cache).
-- A file's small copies (<stem>.w240.webp …) share its stem, so one signature covers them.
--
-- The database as it stands (supabase/schemas): a change is written here and in a new migration;
-- tests/schema keeps the two equal.

-- Functions may read tables of later files: see 00-extensions-and-roles.sql.
set check_function_bodies = off;

-- ================================================================ tables

-- The key media addresses are signed with: made once, never leaves the database.
create table private.media_url_keys (
  id boolean primary key default true check (id),
  secret bytea not null default extensions.gen_random_bytes(64) check (length(secret) = 64)
);
alter table private.media_url_keys enable row level security;

insert into private.media_url_keys default values on conflict (id) do nothing;

-- ================================================================ functions

-- The stem of an object name, shared by a file and its copies: 'a/b/photo.jpg' and
-- 'a/b/photo.w240.webp' → 'a/b/photo'.
create function private.media_stem(object_name text) returns text
language sql immutable set search_path = '' as $$
  select regexp_replace(object_name, '(\.w[0-9]+\.webp|\.[A-Za-z0-9]+)$', '', 'i')
$$;
revoke execute on function private.media_stem(object_name text) from public;
-- The stem indexes of memory_books run it for whoever writes a book.
grant execute on function private.media_stem(object_name text) to anon, authenticated, service_role;

-- When an address signed now stops working (seconds since the epoch): the end of the next half
-- hour, 30 to 60 minutes from now.
create function private.media_url_expiry() returns bigint
language sql stable set search_path = '' as $$
  select (floor(extract(epoch from now()) / 1800)::bigint + 2) * 1800
$$;
revoke execute on function private.media_url_expiry() from public;

-- The key XORed with `pad` byte by byte (HMAC's inner pad is 0x36, its outer pad 0x5c).
create function private.media_key_pad(secret bytea, pad integer) returns bytea
language sql immutable set search_path = '' as $$
  select decode(string_agg(lpad(to_hex(get_byte(secret, i) # pad), 2, '0'), '' order by i), 'hex')
    from generate_series(0, length(secret) - 1) as i
$$;
revoke execute on function private.media_key_pad(secret bytea, pad integer) from public;

-- The signature of a stem until `expires`: hex HMAC-SHA256 (RFC 2104, with the 64-byte block-sized
-- media key, built on PostgreSQL's own sha256) of 'stem|expires'.
create function private.media_signature(stem text, expires bigint) returns text
language sql stable security definer set search_path = '' as $$
  select encode(pg_catalog.sha256(private.media_key_pad(k.secret, 92)
           || pg_catalog.sha256(private.media_key_pad(k.secret, 54) || convert_to(stem || '|' || expires::text, 'UTF8'))), 'hex')
    from private.media_url_keys k where k.id
$$;
revoke execute on function private.media_signature(stem text, expires bigint) from public;

-- The address a reader is given for a stored file URL: the media function's address of the file,
-- signed unless `open`. A URL that is not this bucket's is given as it is.
create function private.reader_media_url(url text, open boolean) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  object_name constant text := private.memory_images_path(url);
  expires bigint;
  address text;
begin
  if object_name is null then
    return url;
  end if;
  address := substring(url from '^https?://[^/?#]+') || '/functions/v1/media/' || object_name;
  if open then
    return address;
  end if;
  expires := private.media_url_expiry();
  return address || '?expires=' || expires::text
         || '&signature=' || private.media_signature(private.media_stem(object_name), expires);
end
$$;
revoke execute on function private.reader_media_url(url text, open boolean) from public;

-- Is the file (or the original of a copy) open to anyone now? A public book's portrait or
-- background; or a file in the memory folders of a public paid book unless only hidden memories
-- use it.
create function private.is_open_media(object_name text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  stem constant text := private.media_stem(object_name);
  book constant uuid := private.storage_book_of(object_name);
begin
  if exists (
    select 1 from public.memory_books b
     where b.is_public
       and (private.media_stem(private.memory_images_path(b.profile_image_url)) = stem
            or private.media_stem(private.memory_images_path(b.background_image_url)) = stem)
  ) then
    return true;
  end if;
  if book is null or not private.is_book_public_and_paid(book) then
    return false;
  end if;
  return not private.memory_uses_media(book, stem, true) or private.memory_uses_media(book, stem, false);
end
$$;
revoke execute on function private.is_open_media(object_name text) from public;

-- Does a memory of the book, hidden or not as `hidden` says, use a file of this stem?
create function private.memory_uses_media(book uuid, stem text, hidden boolean) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.memory_entries e
     where e.book_id = book and e.is_hidden = hidden
       and exists (select 1 from unnest(e.image_urls || array[e.video_url]) as u(url)
                    where private.media_stem(private.memory_images_path(u.url)) = stem))
$$;
revoke execute on function private.memory_uses_media(book uuid, stem text, hidden boolean) from public;

-- The media function (service role) asks for each file it serves: may this object be served, and how?
-- 'open' (anyone, cacheable by all), 'signed' (a valid unexpired signature of its stem), or null.
create function public.media_access(object_name text, expires bigint default null, signature text default null)
returns text
language plpgsql stable security definer set search_path = '' as $$
begin
  if object_name is null or object_name !~ '^(memories|videos|profiles|books)/[^/]+/[^/]+$' then
    return null;
  end if;
  if private.is_open_media(object_name) then
    return 'open';
  end if;
  if expires is not null and signature is not null
     and expires > extract(epoch from now())
     and expires <= extract(epoch from now()) + 3600
     and signature = private.media_signature(private.media_stem(object_name), expires) then
    return 'signed';
  end if;
  return null;
end
$$;
revoke execute on function public.media_access(object_name text, expires bigint, signature text) from public;
grant execute on function public.media_access(object_name text, expires bigint, signature text) to service_role;

-- May the signed-in caller see this file? Its book's memory folders: the owner, a family admin or
-- a platform admin (can_read_book); a profiles/ or books/ picture: its uploader, or whoever may
-- read a book it is the portrait or background of.
create function private.may_see_media(object_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select case
    when private.storage_book_of(object_name) is not null then private.can_read_book(private.storage_book_of(object_name))
    else public.is_own_storage_folder(object_name) or public.is_platform_admin() or exists (
      select 1 from public.memory_books b
       where (private.media_stem(private.memory_images_path(b.profile_image_url)) = private.media_stem(object_name)
              or private.media_stem(private.memory_images_path(b.background_image_url)) = private.media_stem(object_name))
         and private.can_read_book(b.id))
  end
$$;
revoke execute on function private.may_see_media(object_name text) from public;

-- Signed in: the addresses to show stored file URLs at (the dashboard's and the forms' pictures),
-- in the same order: open for an open file, signed for one the caller may see (may_see_media),
-- null for any other file of this bucket; a URL of another host as it is.
create function private.readable_media_urls(urls text[]) returns text[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(
           case
             when private.memory_images_path(u.url) is null then u.url
             when private.is_open_media(private.memory_images_path(u.url)) then private.reader_media_url(u.url, true)
             when (select auth.uid()) is not null and private.may_see_media(private.memory_images_path(u.url))
               then private.reader_media_url(u.url, false)
           end order by u.n), '{}')
    from unnest(urls[1:200]) with ordinality as u(url, n)
$$;
revoke execute on function private.readable_media_urls(urls text[]) from public;
grant execute on function private.readable_media_urls(urls text[]) to authenticated, service_role;
comment on function private.readable_media_urls(urls text[]) is
  'SECURITY DEFINER: signs an address with the media secret, which no caller may read, and only for a file the caller may see (may_see_media).';

-- The signed-in caller's entry point to readable_media_urls: runs as the caller, and the one
-- privileged step (signing) is private.readable_media_urls.
create function public.readable_media_urls(urls text[]) returns text[]
language sql stable security invoker set search_path = '' as $$
  select private.readable_media_urls(urls)
$$;
revoke execute on function public.readable_media_urls(urls text[]) from public;
grant execute on function public.readable_media_urls(urls text[]) to authenticated, service_role;

-- A memory as a reader is given it: its files at reader addresses (open only when `open`) and no
-- author account.
create function private.memory_for_reader(entry public.memory_entries, open boolean) returns public.memory_entries
language plpgsql stable set search_path = '' as $$
begin
  entry.image_urls := array(select private.reader_media_url(u.url, open) from unnest(entry.image_urls) with ordinality as u(url, n) order by u.n);
  entry.video_url := private.reader_media_url(entry.video_url, open);
  entry.author_user_id := null;
  return entry;
end
$$;
revoke execute on function private.memory_for_reader(entry public.memory_entries, open boolean) from public;

-- ================================================================ indexes

-- is_open_media and may_see_media find a book by its portrait's or background's stem.
create index memory_books_profile_stem_idx
  on public.memory_books (private.media_stem(private.memory_images_path(profile_image_url)));
create index memory_books_background_stem_idx
  on public.memory_books (private.media_stem(private.memory_images_path(background_image_url)));
