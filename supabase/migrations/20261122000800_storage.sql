-- Storage: the public `memory-images` bucket, who may upload and delete what, and removing a
-- book's files when the book (or a memory) is deleted.
--
-- Path scheme (enforced by the policies below and by the memory validation trigger):
--   memories/<book uuid>/<file>   memory photos. Anyone (visitors too) for a paid pro/full book;
--                                 image files only.
--   videos/<book uuid>/<file>     memory videos. Anyone for a paid full-plan book; video files only.
--   profiles/<user uuid>/<file>   a book's profile picture, and
--   books/<user uuid>/<file>      a book's background picture: the signed-in user whose id is the
--                                 folder (the book may not exist yet when its creator uploads).
-- Deleting: the book's owner (memories/, videos/ of the book), the uploader (their profiles/,
-- books/ folder), platform admins (everything). Nobody anonymous deletes or updates anything.
-- Reading: the bucket is public, so files are served by URL to anyone; the object rows (listing)
-- are readable only as described in the select policies.

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

-- The book folder of an object name ('memories/<uuid>/<file>' → uuid), or null.
create or replace function private.storage_book_of(object_name text) returns uuid
language sql immutable set search_path = '' as $$
  select case
    when object_name ~ '^(memories|videos)/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[^/]+$'
    then split_part(object_name, '/', 2)::uuid
  end
$$;

create or replace function private.has_image_extension(object_name text) returns boolean
language sql immutable set search_path = '' as $$
  select lower(substring(object_name from '\.([A-Za-z0-9]+)$')) in ('jpg', 'jpeg', 'png', 'webp', 'heic', 'heif')
$$;

create or replace function private.has_video_extension(object_name text) returns boolean
language sql immutable set search_path = '' as $$
  select lower(substring(object_name from '\.([A-Za-z0-9]+)$')) in ('mp4', 'webm', 'mov')
$$;

-- May anyone upload this memory photo or video? The book must be paid and its plan allow it.
create or replace function public.can_upload_memory_media(object_name text) returns boolean
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
  if object_name like 'memories/%' then
    return plan in ('pro', 'full') and private.has_image_extension(object_name);
  end if;
  return plan = 'full' and private.has_video_extension(object_name);
end
$$;

-- Is this object in the caller's own profiles/ or books/ folder?
create or replace function public.is_own_storage_folder(object_name text) returns boolean
language sql stable set search_path = '' as $$
  select auth.uid() is not null
     and object_name ~ '^(profiles|books)/[^/]+/[^/]+$'
     and split_part(object_name, '/', 2) = auth.uid()::text
$$;

-- Anyone (visitors included) uploads memory photos and videos of a paid book whose plan allows them.
create policy "memory-images: anyone uploads memory media" on storage.objects
  for insert to anon, authenticated
  with check (bucket_id = 'memory-images' and public.can_upload_memory_media(name));

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
    and (public.is_own_storage_folder(name) or public.is_book_owner(private.storage_book_of(name)))
  );

-- A signed-in user deletes files in their own folders; a book's owner deletes the book's memory files.
create policy "memory-images: owners delete their files" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'memory-images'
    and (public.is_own_storage_folder(name) or public.is_book_owner(private.storage_book_of(name)))
  );

-- Platform admins read, upload, replace and delete every file of the bucket.
create policy "memory-images: platform admins manage files" on storage.objects
  for all to authenticated
  using (bucket_id = 'memory-images' and (select public.is_platform_admin()))
  with check (bucket_id = 'memory-images' and (select public.is_platform_admin()));

-- ---------------------------------------------------------------- removing files with their rows
-- Deletes object rows of the bucket. Hosted Supabase refuses direct deletes from storage.objects
-- unless storage.allow_delete_query is set for the transaction (storage.protect_delete); it is
-- set only around this statement. The files' bytes are then unreachable by URL (the storage
-- service serves only objects that have a row).
create or replace function private.delete_storage_objects(object_names text[]) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  previous constant text := current_setting('storage.allow_delete_query', true);
begin
  if coalesce(cardinality(object_names), 0) = 0 then
    return;
  end if;
  perform set_config('storage.allow_delete_query', 'true', true);
  delete from storage.objects o where o.bucket_id = 'memory-images' and o.name = any (object_names);
  perform set_config('storage.allow_delete_query', coalesce(previous, 'false'), true);
end
$$;

-- A deleted book takes its memory folders and the pictures only it used.
create or replace function private.on_memory_book_deleted() returns trigger
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

create trigger memory_books_delete_files
  after delete on public.memory_books
  for each row execute function private.on_memory_book_deleted();

-- A deleted memory takes its photos and video (unless another memory uses the same file).
create or replace function private.on_memory_entry_deleted() returns trigger
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

create trigger memory_entries_delete_files
  after delete on public.memory_entries
  for each row execute function private.on_memory_entry_deleted();
