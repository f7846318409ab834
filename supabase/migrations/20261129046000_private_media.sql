-- Private media: the memory-images bucket turns private and the media edge function serves its
-- files: open ones (a public book's) to anyone, the rest only at signed addresses that the reads
-- deciding access hand out (get_book_card, get_book_memories, readable_media_urls).
-- Readers are no longer given the account that wrote a memory.

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
       and exists (select 1 from unnest(e.image_urls || array[e.image_url, e.video_url]) as u(url)
                    where private.media_stem(private.memory_images_path(u.url)) = stem))
$$;
revoke execute on function private.memory_uses_media(book uuid, stem text, hidden boolean) from public;

-- Anyone (the media function asks for each file it serves): may this object be served, and how?
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
grant execute on function public.media_access(object_name text, expires bigint, signature text) to anon, authenticated, service_role;

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
create function public.readable_media_urls(urls text[]) returns text[]
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
revoke execute on function public.readable_media_urls(urls text[]) from public;
grant execute on function public.readable_media_urls(urls text[]) to authenticated, service_role;

-- A memory as a reader is given it: its files at reader addresses (open only when `open`) and no
-- author account.
create function private.memory_for_reader(entry public.memory_entries, open boolean) returns public.memory_entries
language plpgsql stable set search_path = '' as $$
begin
  entry.image_url := private.reader_media_url(entry.image_url, open);
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

-- ================================================================ reads hand out reader addresses

drop function public.get_book_card(book_ref text);

-- Anyone: the public card of a book (by short code or uuid): name, dates, quote, pictures,
-- creator, plan and whether it is paid and public. Nothing private (no codes, no e-mails, no
-- payment); the memories themselves are read through get_book_memories, which checks access.
-- The pictures come at reader addresses (92-private-media.sql): open ones for a public book;
-- signed ones for a private book's readers (owner, family admins, platform admins, or with an
-- unexpired access grant for it); none for anyone else.
create function public.get_book_card(book_ref text, access_grant text default null)
returns table (
  id uuid, book_id text, full_name text, birth_date date, death_date date, memory_quote text,
  profile_image_url text, background_image_url text, creator_name text, is_public boolean,
  plan_type text, is_paid boolean, died_after_sunset boolean
)
language sql stable security definer set search_path = '' as $$
  select b.id, b.book_id, b.full_name, b.birth_date, b.death_date, b.memory_quote,
         case when r.readable then private.reader_media_url(b.profile_image_url, b.is_public) end,
         case when r.readable then private.reader_media_url(b.background_image_url, b.is_public) end,
         b.creator_name, b.is_public, b.plan_type, b.is_paid, b.died_after_sunset
    from public.memory_books b
   cross join lateral (
     select b.is_public or private.can_read_book(b.id) or private.is_service_request()
            or coalesce(private.book_of_grant(access_grant) = b.id, false) as readable
   ) r
   where b.id = private.resolve_book(book_ref)
$$;
revoke execute on function public.get_book_card(book_ref text, access_grant text) from public;
grant execute on function public.get_book_card(book_ref text, access_grant text) to anon, authenticated, service_role;


-- Memories of a book, oldest first: to its owner, confirmed family admins and platform admins
-- all of them (hidden ones included, flagged by is_hidden); to anyone else only the visible
-- memories of a paid book that is public or for which an unexpired access grant is given. No
-- grant on a private book is refused (42501, family_code_required); a wrong, expired or other
-- book's grant too (42501, family_access_expired). Files come at reader addresses
-- (92-private-media.sql): open for the visible memories of a public paid book, signed otherwise;
-- nobody is given the author's account (author_user_id is always null).
create or replace function public.get_book_memories(book_ref text, access_grant text default null)
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
  select b.is_public, b.is_paid into book_is_public, book_is_paid from public.memory_books b where b.id = book;
  if public.can_read_book(book) or private.is_service_request() then
    return query
      select (private.memory_for_reader(e, book_is_public and book_is_paid and not e.is_hidden)).*
        from public.memory_entries e where e.book_id = book order by e.created_at, e.id;
    return;
  end if;
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
    select (private.memory_for_reader(e, book_is_public)).* from public.memory_entries e
     where e.book_id = book and not e.is_hidden
     order by e.created_at, e.id;
end
$$;
revoke execute on function public.get_book_memories(book_ref text, access_grant text) from public;
grant execute on function public.get_book_memories(book_ref text, access_grant text) to anon, authenticated, service_role;


-- ================================================================ no author accounts for readers

revoke select on table public.memory_entries from anon, authenticated;
grant select (id, book_id, full_name, relation_to_deceased, memory_text_1, memory_text_2, memory_text_3,
              image_url, image_description, image_urls, image_descriptions, image_captions, video_url,
              is_hidden, source, created_at)
  on table public.memory_entries to anon, authenticated;

-- ================================================================ the bucket

update storage.buckets set public = false where id = 'memory-images';
