-- Files made from another go with it, and files no row refers to any more are removed.
--
-- Before: a deletion queued the exact names its rows held, so a picture's two WebP copies
-- (<name>.w240.webp, <name>.w800.webp) stayed online after its memory, book or account was
-- deleted; a replaced or removed portrait or background stayed for ever; an upload nothing came to
-- refer to (an abandoned form, a failed save) stayed for ever; a deleted memory took the book's
-- portrait with it when the portrait was one of its photos; the account deletion removed the
-- copies of a picture a handed-over book still shows.
--
-- Now: private.derived_object_names() names a file's copies as shared/derived-files.ts does (a
-- test holds the two equal) and delete_storage_objects() queues every name with its copies, so
-- each removal (delete-memory, delete-book, delete-account, the scheduled run) takes them through
-- the Storage API with their original. A name is kept while a row refers to it or to its original
-- (is_media_object_in_use). A replaced or removed book picture is queued by the book's update, and
-- its owner may remove it at once; nobody may remove a file through storage that a row still uses.
-- queue_orphaned_storage() queues the files nobody refers to and nobody wrote for 12 hours, for
-- the scheduled run. A deleted account's token is refused by every storage policy at once.

-- ================================================================ the rule for derived files

-- The widths of a picture's WebP copies (DERIVED_PICTURE_WIDTHS in shared/derived-files.ts).
create function private.derived_picture_widths() returns integer[]
language sql immutable set search_path = '' as $$
  select array[240, 800]
$$;
revoke execute on function private.derived_picture_widths() from public, anon, authenticated;

-- The files made from this one (derivedObjectNames in shared/derived-files.ts): a picture's copies
-- '<name without extension>.w<width>.webp'; none for a video, a copy or any other file.
create function private.derived_object_names(object_name text) returns text[]
language sql immutable set search_path = '' as $$
  select case
    when object_name ~* '\.(jpe?g|png|webp|heic|heif)$' and object_name !~* '\.w[0-9]+\.webp$'
    then array(select regexp_replace(object_name, '\.[A-Za-z0-9]+$', '') || '.w' || w.width::text || '.webp'
                 from unnest(private.derived_picture_widths()) with ordinality as w(width, n)
                order by w.n)
    else '{}'::text[]
  end
$$;
revoke execute on function private.derived_object_names(object_name text) from public, anon, authenticated;

-- The names and the files made from each, without repeats or nulls.
create function private.with_derived_files(object_names text[]) returns text[]
language sql immutable set search_path = '' as $$
  select coalesce(array_agg(distinct f.name), '{}'::text[])
    from unnest(object_names) as n(name)
    cross join lateral unnest(array[n.name] || private.derived_object_names(n.name)) as f(name)
   where f.name is not null
$$;
revoke execute on function private.with_derived_files(object_names text[]) from public, anon, authenticated;

-- Does a row still refer to this object of the memory-images bucket, or to the file it was made
-- from: a book's portrait or background, a memory's photo or video? A memory refers only to its own
-- book's folders, and a book's picture in a memories/ folder only to its own book's.
create function private.is_media_object_in_use(object_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
           select 1 from public.memory_books b
            cross join lateral unnest(array[b.profile_image_url, b.background_image_url]) as u(url)
            cross join lateral (select private.memory_images_path(u.url) as path) p
            where (object_name !~ '^(memories|videos)/' or b.id = private.storage_book_of(object_name))
              and (p.path = object_name or object_name = any (private.derived_object_names(p.path))))
      or exists (
           select 1 from public.memory_entries e
            cross join lateral unnest(e.image_urls || array[e.image_url, e.video_url]) as u(url)
            cross join lateral (select private.memory_images_path(u.url) as path) p
            where e.book_id = private.storage_book_of(object_name)
              and (p.path = object_name or object_name = any (private.derived_object_names(p.path))))
$$;
revoke execute on function private.is_media_object_in_use(object_name text) from public, anon;
grant execute on function private.is_media_object_in_use(object_name text) to authenticated, service_role;

-- Every object of the memory-images bucket a row refers to, with the files made from each.
create function private.media_objects_in_use() returns table (object_name text)
language sql stable security definer set search_path = '' as $$
  with referenced as (
    select private.memory_images_path(u.url) as path
      from public.memory_books b
     cross join lateral unnest(array[b.profile_image_url, b.background_image_url]) as u(url)
    union
    select private.memory_images_path(u.url)
      from public.memory_entries e
     cross join lateral unnest(e.image_urls || array[e.image_url, e.video_url]) as u(url)
  )
  select r.path from referenced r where r.path is not null
  union
  select d.name from referenced r cross join lateral unnest(private.derived_object_names(r.path)) as d(name)
$$;
revoke execute on function private.media_objects_in_use() from public, anon, authenticated;

-- ================================================================ queueing with the copies

-- The triggers of deleted books and memories queue the names of the files only they used, each
-- with the files made from it. Inside a deletion that claims its files, the names are queued
-- already claimed by it (a name queued earlier whose claim ran out is taken over too).
create or replace function private.delete_storage_objects(object_names text[]) returns void
language sql volatile security definer set search_path = '' as $$
  insert into private.storage_removals as r (object_name, claim, claimed_until)
  select n.name, private.current_removal_claim(),
         case when private.current_removal_claim() is not null then now() + private.storage_removal_lease() end
    from unnest(private.with_derived_files(object_names)) as n(name)
  on conflict (object_name) do update
     set claim = excluded.claim, claimed_until = excluded.claimed_until
   where excluded.claim is not null and (r.claimed_until is null or r.claimed_until < now())
$$;

-- A deleted book takes its memory folders and the pictures nothing else uses.
create or replace function private.on_memory_book_deleted() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  pictures text[];
begin
  select coalesce(array_agg(p.path), '{}') into pictures
    from unnest(array[private.memory_images_path(old.profile_image_url),
                      private.memory_images_path(old.background_image_url)]) as p(path)
   where p.path is not null and not private.is_media_object_in_use(p.path);
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

-- A deleted memory takes its photos and video, unless another memory or the book's own picture
-- uses the same file.
create or replace function private.on_memory_entry_deleted() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  media text[];
begin
  select coalesce(array_agg(distinct m.path), '{}') into media
    from unnest(old.image_urls || array[old.image_url, old.video_url]) as u(url)
    cross join lateral (select private.memory_images_path(u.url) as path) m
   where m.path is not null and not private.is_media_object_in_use(m.path);
  perform private.delete_storage_objects(media);
  return old;
end
$$;

-- A replaced or removed portrait or background is queued with its copies, unless something still
-- uses it (another book, or a memory whose photo it was).
create function private.on_memory_book_pictures_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.delete_storage_objects(array(
    select p.path
      from unnest(array[
             case when new.profile_image_url is distinct from old.profile_image_url
                  then private.memory_images_path(old.profile_image_url) end,
             case when new.background_image_url is distinct from old.background_image_url
                  then private.memory_images_path(old.background_image_url) end]) as p(path)
     where p.path is not null and not private.is_media_object_in_use(p.path)
  ));
  return new;
end
$$;
revoke execute on function private.on_memory_book_pictures_changed() from public, anon, authenticated;

create trigger memory_books_replaced_pictures
  after update of profile_image_url, background_image_url on public.memory_books
  for each row
  when (old.profile_image_url is distinct from new.profile_image_url
        or old.background_image_url is distinct from new.background_image_url)
  execute function private.on_memory_book_pictures_changed();

-- ================================================================ files nobody refers to

-- How long a file nobody refers to is kept: an upload in progress is referred to only once its
-- form is saved (a memory's photos go up first, and an offline draft is sent when the connection
-- returns).
create function private.orphan_grace() returns interval
language sql immutable set search_path = '' as $$
  select interval '12 hours'
$$;
revoke execute on function private.orphan_grace() from public, anon, authenticated;

-- Service role only (the scheduled removal run): queues the oldest files of the memory-images
-- bucket (at most max_rows, 1 to 1000) that no row refers to (media_objects_in_use) and nobody
-- wrote for orphan_grace(), so a case a deletion missed heals by itself. Answers how many.
create function public.queue_orphaned_storage(max_rows integer default 1000) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  queued integer;
begin
  insert into private.storage_removals (object_name)
  select o.name from storage.objects o
   where o.bucket_id = 'memory-images'
     and greatest(o.created_at, o.updated_at) < now() - private.orphan_grace()
     and not exists (select 1 from private.media_objects_in_use() u where u.object_name = o.name)
   order by o.created_at, o.name
   limit least(greatest(coalesce(max_rows, 1000), 1), 1000)
  on conflict (object_name) do nothing;
  get diagnostics queued = row_count;
  return queued;
end
$$;
revoke execute on function public.queue_orphaned_storage(max_rows integer) from public, anon, authenticated;
grant execute on function public.queue_orphaned_storage(max_rows integer) to service_role;

-- ================================================================ storage policies

-- Does the caller's token belong to an account that still exists? A deleted account's token stays
-- signed until it expires; storage refuses it at once.
create function private.is_live_account() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from auth.users u where u.id = auth.uid() and u.deleted_at is null)
$$;
revoke execute on function private.is_live_account() from public, anon;
grant execute on function private.is_live_account() to authenticated, service_role;

-- Is this object in the caller's own profiles/ or books/ folder (an account that still exists)?
create or replace function public.is_own_storage_folder(object_name text) returns boolean
language sql stable set search_path = '' as $$
  select auth.uid() is not null
     and object_name ~ '^(profiles|books)/[^/]+/[^/]+$'
     and split_part(object_name, '/', 2) = auth.uid()::text
     and private.is_live_account()
$$;

-- May the caller upload this object (storage policy, anyone)? Into a paid book's folder only:
-- photos (memories/<book>/…, a picture extension) on a pro or full book, videos (videos/<book>/…,
-- a video extension) on a full book. Without a session, at most 400 files an hour into one book
-- (sixty relatives with two photos each are 120, and a guest may add five). A deleted account's
-- token uploads nothing.
create or replace function private.can_upload_memory_media(object_name text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  book constant uuid := private.storage_book_of(object_name);
  plan text;
  paid boolean;
begin
  if book is null then
    return false;
  end if;
  if auth.uid() is not null and not private.is_live_account() then
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

-- A signed-in user deletes files in their own folders, a book's owner the book's memory files:
-- only files no row uses (a replaced portrait, an abandoned upload), never a picture still shown.
drop policy "memory-images: owners delete their files" on storage.objects;
-- The same, without any file a row still uses.
create policy "memory-images: owners delete their files" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'memory-images'
    and (public.is_own_storage_folder(name) or private.is_book_owner(private.storage_book_of(name)))
    and not private.is_media_object_in_use(name)
  );
