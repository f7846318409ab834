-- A memory is sent once: add_memory() takes the browser's random token and does not add the same
-- memory again when that browser sends it to the same book within ten minutes.

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

drop function public.add_memory(book_ref text, access_grant text, full_name text, relation text, text1 text, text2 text, text3 text, image_urls text[], image_captions text[], video_url text);

-- Anyone: adds a memory to a paid book. With an access grant for this book, or when the caller is
-- the owner, a confirmed family admin or a platform admin, the memory is a family memory
-- (relation 'בן משפחה', up to 10 images); otherwise a guest memory (up to 5). A wrong or expired
-- grant returns ok=false, reason family_access_expired; every other refusal raises P0001 from
-- the validation trigger. With `sender` (the browser's random token), the same memory (author,
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
      return row(false, 'family_access_expired', 'הגישה לספר פגה, יש להזין שוב את הקוד המשפחתי', null, null)::public.add_memory_result;
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
