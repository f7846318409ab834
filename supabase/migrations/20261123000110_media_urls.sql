-- Media URLs point at this project's own storage: scheme, host and port of the project URL, the
-- memory-images bucket, and the book's (memories/, videos/) or a user's (profiles/, books/)
-- folder. The database cannot know the project URL by itself, so it lives in a one-row table
-- written by the service role: the local stack writes it at start; a hosted project once with
--   insert into public.project_settings (project_url) values ('https://<ref>.supabase.co')
--     on conflict (id) do update set project_url = excluded.project_url;
-- Writes that arrive through the API (anon, authenticated, service role) are checked; direct
-- database sessions (migrations, the seed, the SQL editor) carry no API role and are trusted.

create table public.project_settings (
  id boolean primary key default true check (id),
  project_url text not null check (project_url ~ '^https?://[^/?#@\s]+$'),
  updated_at timestamptz not null default now()
);

alter table public.project_settings enable row level security;
revoke all on public.project_settings from public, anon, authenticated;
grant select, insert, update on public.project_settings to service_role;

-- The project's public URL prefix of the memory-images bucket, or null when not configured.
create or replace function private.media_url_prefix() returns text
language sql stable security definer set search_path = '' as $$
  select rtrim(s.project_url, '/') || '/storage/v1/object/public/memory-images/'
    from public.project_settings s where s.id
$$;

-- Is `url` a public URL of this project's memory-images bucket whose path matches `path_pattern`
-- (an anchored regular expression on the object path)? Outside API requests only the path counts.
create or replace function private.is_project_media_url(url text, path_pattern text) returns boolean
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

-- Is `url` a public URL of a file directly under <folder>/<book>/ of this project's bucket?
create or replace function private.is_book_media_url(url text, folder text, book uuid) returns boolean
language sql stable set search_path = '' as $$
  select private.is_project_media_url(url, '^' || folder || '/' || book::text || '/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$')
$$;

-- A book's profile or background picture: this project's bucket, in a user's profiles/ or books/
-- folder (a signed-in user setting a new picture: their own folder) or the book's memories/ folder.
create or replace function private.is_book_picture_url(url text, book uuid) returns boolean
language sql stable set search_path = '' as $$
  select private.is_project_media_url(url,
           '^((profiles|books)/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|memories/' || book::text
           || ')/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$')
     and (auth.role() is distinct from 'authenticated'
          or public.is_platform_admin()
          or private.memory_images_path(url) like 'memories/%'
          or split_part(private.memory_images_path(url), '/', 2) = auth.uid()::text)
$$;

create or replace function private.memory_books_check_pictures() returns trigger
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

create trigger memory_books_30_check_pictures
  before insert or update on public.memory_books
  for each row execute function private.memory_books_check_pictures();

-- The checks run as the caller, inside the validation triggers.
revoke all on function
  private.media_url_prefix(),
  private.is_project_media_url(text, text),
  private.is_book_picture_url(text, uuid),
  private.memory_books_check_pictures()
  from public, anon, authenticated, service_role;
grant execute on function
  private.media_url_prefix(),
  private.is_project_media_url(text, text),
  private.is_book_picture_url(text, uuid)
  to anon, authenticated, service_role;
