-- Storage: the `memory-images` bucket, who may upload, list and delete which objects, and removing
-- a book's files when the book or a memory is deleted.
--
-- Paths: memories/<book uuid>/<file> (memory photos; anyone for a paid pro/full book),
-- videos/<book uuid>/<file> (memory videos; anyone for a paid full book),
-- profiles/<user uuid>/<file> and books/<user uuid>/<file> (a book's profile and background
-- pictures: the signed-in user whose id is the folder). Deleting: the book's owner, the uploader
-- (their own folders), platform admins. Nobody anonymous deletes or updates anything.
--
-- The database as it stands (supabase/schemas): a change is written here and in a new migration;
-- tests/schema keeps the two equal.

-- Functions may read tables of later files: see 00-extensions-and-roles.sql.
set check_function_bodies = off;

-- ================================================================ tables

create table private.storage_removals (
  object_name text primary key check (char_length(object_name) between 1 and 1024),
  queued_at timestamptz not null default now(),
  -- A run removing the name claims it until then; other runs skip it meanwhile.
  claimed_until timestamptz,
  claim uuid
);
alter table private.storage_removals enable row level security;
comment on table private.storage_removals is 'Names of memory-images objects whose book or memory was deleted, until the Storage API has removed them.';
comment on column private.storage_removals.claimed_until is
  'Until when the run that claimed the name is removing it; other runs skip it until then.';
comment on column private.storage_removals.claim is
  'The token of the deletion that queued and claimed the name (delete_book_as), if any.';

create index storage_removals_queued_idx on private.storage_removals (queued_at);
create index storage_removals_claim_idx on private.storage_removals (claim) where claim is not null;

-- ================================================================ functions

-- How long a run may take to remove the names it claimed before another run may take them.
create function private.storage_removal_lease() returns interval
language sql immutable set search_path = '' as $$
  select interval '10 minutes'
$$;
revoke execute on function private.storage_removal_lease() from public;

-- The claim token of the deletion running in this transaction (set by delete_book_as), or null.
create function private.current_removal_claim() returns uuid
language sql stable set search_path = '' as $$
  select nullif(current_setting('zochrim.storage_removal_claim', true), '')::uuid
$$;
revoke execute on function private.current_removal_claim() from public;

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

-- The triggers of deleted books and memories queue the names of the files only they used. Inside a
-- deletion that claims its files, the names are queued already claimed by it (a name queued
-- earlier whose claim ran out is taken over too).
create function private.delete_storage_objects(object_names text[]) returns void
language sql volatile security definer set search_path = '' as $$
  insert into private.storage_removals as r (object_name, claim, claimed_until)
  select distinct n.name, private.current_removal_claim(),
         case when private.current_removal_claim() is not null then now() + private.storage_removal_lease() end
    from unnest(object_names) as n(name)
   where n.name is not null
  on conflict (object_name) do update
     set claim = excluded.claim, claimed_until = excluded.claimed_until
   where excluded.claim is not null and (r.claimed_until is null or r.claimed_until < now())
$$;
revoke execute on function private.delete_storage_objects(object_names text[]) from public;

-- Service role only: claims the oldest queued names nobody is removing (at most max_rows, 1 to
-- 1000) for this run and answers them.
create function public.queued_storage_removals(max_rows integer default 1000) returns text[]
language sql volatile security definer set search_path = '' as $$
  with claimed as (
    update private.storage_removals r
       set claimed_until = now() + private.storage_removal_lease(), claim = null
     where r.object_name in (
       select q.object_name from private.storage_removals q
        where q.claimed_until is null or q.claimed_until < now()
        order by q.queued_at, q.object_name
        limit least(greatest(coalesce(max_rows, 1000), 1), 1000)
          for update skip locked)
    returning r.object_name
  )
  select coalesce(array_agg(c.object_name order by c.object_name), '{}') from claimed c
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
