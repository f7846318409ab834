-- Storage: the `memory-images` bucket, who may upload, list and delete which objects, and removing
-- a book's files when the book or a memory is deleted.
--
-- Paths: memories/<book uuid>/<file> (memory photos; anyone for a paid pro/full book),
-- videos/<book uuid>/<file> (memory videos; anyone for a paid full book),
-- profiles/<user uuid>/<file> and books/<user uuid>/<file> (a book's profile and background
-- pictures: the signed-in user whose id is the folder). Deleting: the book's owner, the uploader
-- (their own folders), files no row uses; platform admins. Nobody anonymous deletes or updates
-- anything. A file's copies (shared/derived-files.ts; private.derived_object_names here) are
-- removed with it, and files no row refers to are found by the scheduled run.
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
            cross join lateral unnest(e.image_urls || array[e.video_url]) as u(url)
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
     cross join lateral unnest(e.image_urls || array[e.video_url]) as u(url)
  )
  select r.path from referenced r where r.path is not null
  union
  select d.name from referenced r cross join lateral unnest(private.derived_object_names(r.path)) as d(name)
$$;
revoke execute on function private.media_objects_in_use() from public, anon, authenticated;

-- Does the caller's token belong to an account that still exists? A deleted account's token stays
-- signed until it expires; storage refuses it at once.
create function private.is_live_account() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from auth.users u where u.id = auth.uid() and u.deleted_at is null)
$$;
revoke execute on function private.is_live_account() from public, anon;
grant execute on function private.is_live_account() to authenticated, service_role;

-- Is this object in the caller's own profiles/ or books/ folder (an account that still exists)?
create function public.is_own_storage_folder(object_name text) returns boolean
language sql stable set search_path = '' as $$
  select auth.uid() is not null
     and object_name ~ '^(profiles|books)/[^/]+/[^/]+$'
     and split_part(object_name, '/', 2) = auth.uid()::text
     and private.is_live_account()
$$;
revoke execute on function public.is_own_storage_folder(object_name text) from public;
grant execute on function public.is_own_storage_folder(object_name text) to authenticated, service_role;

-- A deleted book takes its memory folders and the pictures nothing else uses.
create function private.on_memory_book_deleted() returns trigger
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
revoke execute on function private.on_memory_book_deleted() from public;

-- A deleted memory takes its photos and video, unless another memory or the book's own picture
-- uses the same file; deleted with its book, its files go with the book's folders.
create function private.on_memory_entry_deleted() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  media text[];
begin
  if not exists (select 1 from public.memory_books b where b.id = old.book_id) then
    return old;
  end if;
  select coalesce(array_agg(distinct m.path), '{}') into media
    from unnest(old.image_urls || array[old.video_url]) as u(url)
    cross join lateral (select private.memory_images_path(u.url) as path) m
   where m.path is not null and not private.is_media_object_in_use(m.path);
  perform private.delete_storage_objects(media);
  return old;
end
$$;
revoke execute on function private.on_memory_entry_deleted() from public;

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

-- The triggers of deleted books and memories queue the names of the files only they used, each
-- with the files made from it. Inside a deletion that claims its files, the names are queued
-- already claimed by it (a name queued earlier whose claim ran out is taken over too).
create function private.delete_storage_objects(object_names text[]) returns void
language sql volatile security definer set search_path = '' as $$
  insert into private.storage_removals as r (object_name, claim, claimed_until)
  select n.name, private.current_removal_claim(),
         case when private.current_removal_claim() is not null then now() + private.storage_removal_lease() end
    from unnest(private.with_derived_files(object_names)) as n(name)
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

-- How long a file nobody refers to is kept: an upload in progress is referred to only once its
-- form is saved (a memory's photos go up first, and an offline draft is sent when the connection
-- returns).
-- UNREFERENCED_UPLOAD_GRACE_HOURS in contracts/limits.ts.
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

-- May the caller upload this object (storage policy, anyone)? Into a paid book's folder only:
-- photos (memories/<book>/…, a picture extension) on a pro or full book, videos (videos/<book>/…,
-- a video extension) on a full book. Without a session, at most 400 files an hour into one book
-- (sixty relatives with two photos each are 120, and a guest may add five). A deleted account's
-- token uploads nothing.
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
revoke execute on function private.can_upload_memory_media(object_name text) from public;
grant execute on function private.can_upload_memory_media(object_name text) to anon, authenticated, service_role;

-- ================================================================ triggers

create trigger memory_books_delete_files
  after delete on public.memory_books
  for each row execute function private.on_memory_book_deleted();

create trigger memory_entries_delete_files
  after delete on public.memory_entries
  for each row execute function private.on_memory_entry_deleted();

create trigger memory_books_replaced_pictures
  after update of profile_image_url, background_image_url on public.memory_books
  for each row
  when (old.profile_image_url is distinct from new.profile_image_url
        or old.background_image_url is distinct from new.background_image_url)
  execute function private.on_memory_book_pictures_changed();

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

-- A signed-in user deletes files in their own folders, a book's owner the book's memory files:
-- only files no row uses (a replaced portrait, an abandoned upload), never a picture still shown.
create policy "memory-images: owners delete their files" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'memory-images'
    and (public.is_own_storage_folder(name) or private.is_book_owner(private.storage_book_of(name)))
    and not private.is_media_object_in_use(name)
  );

-- Platform admins read, upload, replace and delete every file of the bucket.
create policy "memory-images: platform admins manage files" on storage.objects
  for all to authenticated
  using (bucket_id = 'memory-images' and (select private.is_platform_admin()))
  with check (bucket_id = 'memory-images' and (select private.is_platform_admin()));

-- ================================================================ data

-- Private: its files are served by the media function (92-private-media.sql), never by their
-- public address.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'memory-images', 'memory-images', false, 52428800,
  array['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif',
        'video/mp4', 'video/webm', 'video/quicktime']
)
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;
