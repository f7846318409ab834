-- Memories: what relatives write in a book (text, photos, video), who may add, read, moderate and
-- delete them, and the checks every new memory passes.
--
-- The database as it stands (supabase/schemas): a change is written here and in a new migration;
-- tests/schema keeps the two equal.

-- Functions may read tables of later files: see 00-extensions-and-roles.sql.
set check_function_bodies = off;

-- ================================================================ types

create type public.add_memory_result as (
  ok boolean,
  reason text,
  message text,
  memory_id uuid,
  source text
);

-- ================================================================ tables

create table public.memory_entries (
  id uuid primary key default gen_random_uuid(),
  book_id uuid not null references public.memory_books (id) on delete cascade,
  full_name text not null check (char_length(full_name) <= 100),
  relation_to_deceased text check (char_length(relation_to_deceased) <= 100),
  memory_text_1 text check (char_length(memory_text_1) <= 5000),
  memory_text_2 text check (char_length(memory_text_2) <= 5000),
  memory_text_3 text check (char_length(memory_text_3) <= 5000),
  image_urls text[] not null default '{}',
  image_captions text[] not null default '{}',
  video_url text check (char_length(video_url) <= 1000),
  is_hidden boolean not null default false,
  source text not null default 'guest' check (source in ('guest', 'family')),
  author_user_id uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  check (cardinality(image_urls) <= 10 and cardinality(image_captions) <= 10)
);
alter table public.memory_entries enable row level security;
-- Readers never learn which account wrote a memory: every column but author_user_id.
grant select (id, book_id, full_name, relation_to_deceased, memory_text_1, memory_text_2, memory_text_3,
              image_urls, image_captions, video_url,
              is_hidden, source, created_at)
  on table public.memory_entries to anon, authenticated;
grant insert on table public.memory_entries to anon;
grant insert, update, delete on table public.memory_entries to authenticated;
grant select, insert on table public.memory_entries to service_role;

create index memory_entries_book_created_idx on public.memory_entries (book_id, created_at);
create index memory_entries_author_idx on public.memory_entries (author_user_id) where author_user_id is not null;

-- The memories add_memory() saved in the last ten minutes, with the browser that sent them (a hash
-- of its random token) and a hash of their content: the same memory sent again by that browser (a
-- reopened link, a reload, a draft that kept its send) is not added twice. Reached only through
-- add_memory(), which clears rows older than ten minutes.
create table private.recent_memory_sends (
  memory_id uuid primary key references public.memory_entries (id) on delete cascade,
  book_id uuid not null references public.memory_books (id) on delete cascade,
  sender_hash text not null check (sender_hash ~ '^[0-9a-f]{64}$'),
  content_hash text not null check (content_hash ~ '^[0-9a-f]{64}$'),
  sent_at timestamptz not null default now()
);
alter table private.recent_memory_sends enable row level security;
revoke all on table private.recent_memory_sends from public, anon, authenticated;

create index recent_memory_sends_sender_idx on private.recent_memory_sends (book_id, sender_hash, content_hash);

-- ================================================================ functions

-- Trigger: the book's managers may only hide or show a memory (is_hidden); every other column
-- only a trusted caller. Refuses with memory_field_locked.
create function private.memory_entries_guard_columns() returns trigger
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
revoke execute on function private.memory_entries_guard_columns() from public;

-- Every memory, however it arrives (REST insert, add_memory(), service role, seed), must satisfy
-- these rules: paid book, an author, a relation, at least one text, images only on
-- pro/full (5 for a guest, 10 for a family-code entrant), video only on full, length limits, and
-- media only from this book's folders of the memory-images bucket.
create function private.memory_entries_validate() returns trigger
language plpgsql set search_path = '' as $$
declare
  book record;
  images text[];
  image_limit integer;
  image text;
  caption text;
begin
  select * into book from private.book_plan(new.book_id);
  if not found then
    perform private.refuse('ספר זיכרון לא נמצא', 'memory_book_not_found');
  end if;
  if not book.is_paid then
    perform private.refuse('לא ניתן להוסיף זיכרונות לספר שעדיין לא שולם', 'memory_book_unpaid');
  end if;

  new.full_name := btrim(coalesce(new.full_name, ''));
  new.relation_to_deceased := nullif(btrim(new.relation_to_deceased), '');
  new.memory_text_1 := nullif(btrim(new.memory_text_1), '');
  new.memory_text_2 := nullif(btrim(new.memory_text_2), '');
  new.memory_text_3 := nullif(btrim(new.memory_text_3), '');
  if new.full_name = '' or new.relation_to_deceased is null then
    perform private.refuse('אנא מלא את כל השדות הנדרשים', 'memory_author_required');
  end if;
  if char_length(new.full_name) > 100 or char_length(new.relation_to_deceased) > 100 then
    perform private.refuse('השם יכול להכיל עד 100 תווים', 'memory_author_too_long');
  end if;
  if coalesce(new.memory_text_1, new.memory_text_2, new.memory_text_3) is null then
    perform private.refuse('אנא כתב לפחות זיכרון אחד', 'memory_text_required');
  end if;
  if greatest(char_length(new.memory_text_1), char_length(new.memory_text_2), char_length(new.memory_text_3)) > 5000 then
    perform private.refuse('כל זיכרון יכול להכיל עד 5,000 תווים', 'memory_text_too_long');
  end if;

  new.image_urls := coalesce(new.image_urls, '{}');
  new.image_captions := coalesce(new.image_captions, '{}');
  images := new.image_urls;
  if cardinality(images) > 0 and book.plan_type = 'basic' then
    perform private.refuse('העלאת תמונות זמינה בחבילת פרו ובחבילה המלאה', 'memory_images_not_in_plan');
  end if;
  image_limit := case when new.source = 'family' then 10 else 5 end;
  if cardinality(images) > image_limit then
    perform private.refuse(format('מקסימום %s תמונות', image_limit), 'memory_limit_images');
  end if;
  foreach image in array images loop
    if not private.is_book_media_url(image, 'memories', new.book_id) then
      perform private.refuse('התמונה חייבת להיות קובץ שהועלה לספר הזה', 'memory_media_url_invalid');
    end if;
  end loop;
  foreach caption in array new.image_captions loop
    if char_length(caption) > 500 then
      perform private.refuse('תיאור תמונה יכול להכיל עד 500 תווים', 'memory_caption_too_long');
    end if;
  end loop;

  if new.video_url is not null then
    if book.plan_type <> 'full' then
      perform private.refuse('העלאת סרטונים זמינה בחבילה המלאה בלבד', 'memory_video_not_in_plan');
    end if;
    if not private.is_book_media_url(new.video_url, 'videos', new.book_id) then
      perform private.refuse('הסרטון חייב להיות קובץ שהועלה לספר הזה', 'memory_media_url_invalid');
    end if;
  end if;

  -- Visitors cannot pin a memory to the top by choosing its date.
  if not private.is_trusted_caller() then
    new.created_at := now();
  end if;
  return new;
end
$$;
revoke execute on function private.memory_entries_validate() from public;

-- Memories of a book, oldest first: to its owner, confirmed family admins and platform admins
-- all of them (hidden ones included, flagged by is_hidden); to anyone else only the visible
-- memories of a paid book that is public or for which an unexpired access grant is given. No
-- grant on a private book is refused (42501, family_code_required); a wrong, expired or other
-- book's grant too (42501, family_access_expired). Files come at reader addresses
-- (92-private-media.sql): open for the visible memories of a public paid book, signed otherwise;
-- nobody is given the author's account (author_user_id is always null).
create function public.get_book_memories(book_ref text, access_grant text default null)
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

-- Anyone: adds a memory to a paid book. With an access grant for this book, or when the caller is
-- the owner, a confirmed family admin or a platform admin, the memory is a family memory
-- (relation 'בן משפחה', up to 10 images); otherwise a guest memory (up to 5). A wrong or expired
-- grant is refused (42501, family_access_expired); every other refusal raises P0001 from the
-- validation trigger. With `sender` (the browser's random token), the same memory (author,
-- relation, texts, photos, captions, video) sent again by that browser to that book within ten
-- minutes is not added again: the answer is ok=true, reason already_saved, with the memory
-- already saved.
create function public.add_memory(
  book_ref text,
  access_grant text default null,
  full_name text default null,
  relation text default null,
  text1 text default null,
  text2 text default null,
  text3 text default null,
  image_urls text[] default '{}',
  image_captions text[] default '{}',
  video_url text default null,
  sender text default null
) returns public.add_memory_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  book uuid := private.resolve_book(book_ref);
  entry_source text := 'guest';
  entry_relation text := relation;
  new_id uuid;
  sent_by text;
  sent_content text;
  earlier record;
begin
  if book is null then
    perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
  end if;
  if nullif(btrim(access_grant), '') is not null then
    if private.book_of_grant(access_grant) is distinct from book then
      perform private.deny('הגישה לספר פגה, יש להזין שוב את הקוד המשפחתי', 'family_access_expired');
    end if;
    entry_source := 'family';
  elsif public.can_read_book(book) then
    entry_source := 'family';
  end if;
  if entry_source = 'family' then
    entry_relation := 'בן משפחה';
  end if;

  if nullif(btrim(sender), '') is not null then
    sent_by := encode(pg_catalog.sha256(convert_to(btrim(sender), 'UTF8')), 'hex');
    sent_content := encode(pg_catalog.sha256(convert_to(jsonb_build_array(
      btrim(coalesce(add_memory.full_name, '')), btrim(coalesce(entry_relation, '')),
      btrim(coalesce(text1, '')), btrim(coalesce(text2, '')), btrim(coalesce(text3, '')),
      coalesce(add_memory.image_urls, '{}'), coalesce(add_memory.image_captions, '{}'),
      btrim(coalesce(add_memory.video_url, ''))
    )::text, 'UTF8')), 'hex');
    -- Two sends of the same memory at once wait for each other here.
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(book::text || sent_by, 0));
    delete from private.recent_memory_sends r where r.book_id = book and r.sent_at < now() - interval '10 minutes';
    select r.memory_id, e.source into earlier
      from private.recent_memory_sends r join public.memory_entries e on e.id = r.memory_id
     where r.book_id = book and r.sender_hash = sent_by and r.content_hash = sent_content
     limit 1;
    if found then
      return row(true, 'already_saved', 'הזיכרון כבר נשמר', earlier.memory_id, earlier.source)::public.add_memory_result;
    end if;
  end if;

  insert into public.memory_entries (
    book_id, full_name, relation_to_deceased, memory_text_1, memory_text_2, memory_text_3,
    image_urls, image_captions, video_url, source, author_user_id
  ) values (
    book, add_memory.full_name, entry_relation, text1, text2, text3,
    coalesce(add_memory.image_urls, '{}'), coalesce(add_memory.image_captions, '{}'),
    nullif(btrim(add_memory.video_url), ''), entry_source, auth.uid()
  )
  returning id into new_id;
  if sent_by is not null then
    insert into private.recent_memory_sends (memory_id, book_id, sender_hash, content_hash)
    values (new_id, book, sent_by, sent_content);
  end if;
  return row(true, 'created', 'הזיכרון נשמר', new_id, entry_source)::public.add_memory_result;
end
$$;
revoke execute on function public.add_memory(book_ref text, access_grant text, full_name text, relation text, text1 text, text2 text, text3 text, image_urls text[], image_captions text[], video_url text, sender text) from public;
grant execute on function public.add_memory(book_ref text, access_grant text, full_name text, relation text, text1 text, text2 text, text3 text, image_urls text[], image_captions text[], video_url text, sender text) to anon, authenticated, service_role;

-- An API caller (anon, authenticated) inserts at most one memory per statement; bulk inserts
-- come only from trusted callers (service role, migrations, platform admins).
create function private.memory_entries_one_per_request() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not private.is_trusted_caller() and (select count(*) from inserted_rows) > 1 then
    perform private.refuse('ניתן להוסיף זיכרון אחד בכל פעם', 'memory_bulk_insert');
  end if;
  return null;
end
$$;
revoke execute on function private.memory_entries_one_per_request() from public;

-- Files uploaded without a session into the book's memories/ and videos/ folders in the last hour.
create function private.anonymous_uploads_last_hour(book uuid) returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer from storage.objects o
   where o.bucket_id = 'memory-images'
     and o.owner_id is null
     and (o.name like 'memories/' || book::text || '/%' or o.name like 'videos/' || book::text || '/%')
     and o.created_at > now() - interval '1 hour'
$$;
revoke execute on function private.anonymous_uploads_last_hour(book uuid) from public;

-- Trigger: an API caller (anon, authenticated) adds one memory per statement. The second row of a
-- statement is refused before it is written, so a bulk insert cannot hold the database: rows of one
-- statement share its statement_timestamp(), which the first row records for the transaction.
create function private.memory_entries_first_of_request() returns trigger
language plpgsql set search_path = '' as $$
declare
  this_statement constant text := txid_current()::text || ':' || statement_timestamp()::text;
begin
  if private.is_trusted_caller() then
    return new;
  end if;
  if current_setting('zochrim.memory_insert_statement', true) = this_statement then
    perform private.refuse('ניתן להוסיף זיכרון אחד בכל פעם', 'memory_bulk_insert');
  end if;
  perform set_config('zochrim.memory_insert_statement', this_statement, true);
  return new;
end
$$;
revoke execute on function private.memory_entries_first_of_request() from public;

-- ================================================================ triggers

create trigger memory_entries_guard_columns
  before update on public.memory_entries
  for each row execute function private.memory_entries_guard_columns();

create trigger memory_entries_validate
  before insert on public.memory_entries
  for each row execute function private.memory_entries_validate();

create trigger memory_entries_one_per_request
  after insert on public.memory_entries
  referencing new table as inserted_rows
  for each statement execute function private.memory_entries_one_per_request();

-- Named to run before memory_entries_validate: the second row is refused before it is checked.
create trigger memory_entries_a_first_of_request
  before insert on public.memory_entries
  for each row execute function private.memory_entries_first_of_request();

-- ================================================================ policies

-- An anonymous visitor reads the visible memories of a public paid book.
create policy "visitors read memories of public paid books" on public.memory_entries
  for select to anon
  using (not is_hidden and private.is_book_public_and_paid(book_id));

-- Signed in: the same, plus every memory of books they own or administer; a platform admin all.
create policy "readers, family managers and platform admins read memories" on public.memory_entries
  for select to authenticated
  using (
    (not is_hidden and private.is_book_public_and_paid(book_id))
    or private.is_book_owner(book_id)
    or private.is_book_family_admin(book_id)
    or (select private.is_platform_admin())
  );

-- An anonymous visitor adds a visible guest memory without an author.
create policy "visitors add guest memories" on public.memory_entries
  for insert to anon
  with check (source = 'guest' and not is_hidden and author_user_id is null);

-- A signed-in visitor adds a visible guest memory as its author; a platform admin any.
create policy "signed-in guests and platform admins add memories" on public.memory_entries
  for insert to authenticated
  with check (
    (source = 'guest' and not is_hidden and not (author_user_id is distinct from (select auth.uid())))
    or (select private.is_platform_admin())
  );

-- The owner hides or edits memories of their book; a platform admin any.
create policy "owners and platform admins moderate memories" on public.memory_entries
  for update to authenticated
  using (private.is_book_owner(book_id) or (select private.is_platform_admin()))
  with check (private.is_book_owner(book_id) or (select private.is_platform_admin()));

-- The owner deletes memories of their book; a platform admin any.
create policy "owners and platform admins delete memories" on public.memory_entries
  for delete to authenticated
  using (private.is_book_owner(book_id) or (select private.is_platform_admin()));
