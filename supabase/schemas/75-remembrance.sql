-- Remembrance: the candles visitors light on a book's page (one per visitor a day) and the names
-- they leave, which only the book's family sees.
--
-- The database as it stands (supabase/schemas): a change is written here and in a new migration;
-- tests/schema keeps the two equal.

-- Functions may read tables of later files: see 00-extensions-and-roles.sql.
set check_function_bodies = off;

-- ================================================================ tables

create table public.candles (
  id uuid primary key default gen_random_uuid(),
  book_id uuid not null references public.memory_books (id) on delete cascade,
  visitor_hash text not null check (visitor_hash ~ '^[0-9a-f]{64}$'),
  lit_on date not null default (now() at time zone 'Asia/Jerusalem')::date,
  lit_by text check (char_length(lit_by) between 1 and 60), -- CANDLE_NAME_MAX in contracts/limits.ts
  created_at timestamptz not null default now(),
  unique (book_id, visitor_hash, lit_on)
);
alter table public.candles enable row level security;
grant select, insert, delete on table public.candles to service_role;
grant select (book_id, lit_by, lit_on, created_at) on table public.candles to authenticated;

create index candles_book_idx on public.candles (book_id);

-- ================================================================ functions

-- Is the caller of light-candle the book's family: `access_grant` a valid grant of this book, or
-- `reader` (a user id, or null) its owner by confirmed e-mail, a confirmed family admin or a
-- platform admin?
create function private.is_candle_family(book uuid, access_grant text, reader uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.book_of_grant(access_grant) = book
      or exists (select 1 from public.memory_books b join auth.users a on lower(a.email) = b.owner_email
                  where b.id = book and a.id = reader and a.email_confirmed_at is not null)
      or exists (select 1 from public.book_admins m
                  where m.book_id = book and m.user_id = reader and m.status = 'confirmed')
      or exists (select 1 from public.users u where u.id = reader and u.role = 'admin')
$$;
revoke execute on function private.is_candle_family(book uuid, access_grant text, reader uuid) from public, anon, authenticated;

-- Service role only (light-candle, before its per-book minute limit): is_candle_family.
create function public.candle_family(book uuid, access_grant text, reader uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(private.is_candle_family(book, access_grant, reader), false)
$$;
revoke execute on function public.candle_family(book uuid, access_grant text, reader uuid) from public, anon, authenticated;
grant execute on function public.candle_family(book uuid, access_grant text, reader uuid) to service_role;

-- May `reader` (a user id, or null) see and light the book's candles with `access_grant`? A paid
-- book that is public, or whose family is asking (is_candle_family).
create function private.may_see_candles(book uuid, access_grant text, reader uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select b.is_paid and (b.is_public or private.is_candle_family(b.id, access_grant, reader))
    from public.memory_books b where b.id = book
$$;
revoke execute on function private.may_see_candles(book uuid, access_grant text, reader uuid) from public;

-- A book's candles as a visitor sees them: {count, lit_today} (whether `visitor` lit one today,
-- Israel's date).
create function private.candle_state(book uuid, visitor text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'count', (select count(*) from public.candles c where c.book_id = book),
    'lit_today', exists (
      select 1 from public.candles c
       where c.book_id = book and c.lit_on = (now() at time zone 'Asia/Jerusalem')::date
         and c.visitor_hash = private.reminder_token_hash(visitor)))
$$;
revoke execute on function private.candle_state(book uuid, visitor text) from public;

-- Anyone who may read the book: how many candles were lit, and whether `visitor` lit one today.
-- {count, lit_today}. Unknown book: P0001 book_not_found; a book the caller may not read: 42501.
create function public.candle_count(book_ref text, access_grant text default null, visitor text default null)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
begin
  if book is null then
    perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
  end if;
  if not coalesce(private.may_see_candles(book, access_grant, auth.uid()), false) then
    perform private.deny('הנרות של הספר פתוחים למשפחה בלבד', 'candles_private');
  end if;
  return private.candle_state(book, visitor);
end
$$;
revoke execute on function public.candle_count(book_ref text, access_grant text, visitor text) from public;
grant execute on function public.candle_count(book_ref text, access_grant text, visitor text) to anon, authenticated, service_role;

-- Service role only (light-candle, after its per-address limits): lights the visitor's candle of
-- today. {ok, reason, count, lit_today}; reason 'lit' or 'already_lit'. Refuses an unknown book
-- (book_not_found) and a visitor who may not see its candles (candles_private).
create function public.candle_light(book_ref text, visitor text, lit_by text, access_grant text, reader uuid)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
  lit_id uuid;
begin
  if book is null then
    perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
  end if;
  if not coalesce(private.may_see_candles(book, access_grant, reader), false) then
    perform private.deny('הנרות של הספר פתוחים למשפחה בלבד', 'candles_private');
  end if;
  insert into public.candles (book_id, visitor_hash, lit_by)
  values (book, private.reminder_token_hash(visitor), nullif(btrim(coalesce(candle_light.lit_by, '')), ''))
  on conflict do nothing
  returning id into lit_id;
  return jsonb_build_object('ok', lit_id is not null, 'reason', case when lit_id is null then 'already_lit' else 'lit' end)
         || private.candle_state(book, visitor);
end
$$;
revoke execute on function public.candle_light(book_ref text, visitor text, lit_by text, access_grant text, reader uuid) from public;
grant execute on function public.candle_light(book_ref text, visitor text, lit_by text, access_grant text, reader uuid) to service_role;

-- The Data API's entry point, run as the caller (security invoker): the names visitors left with their candles, newest
-- first (200 at most), for the book's family: owner, confirmed family admins, platform admins
-- (policy "book managers read candles").
create function public.candles_lit_by(book_ref text)
returns table(lit_by text, lit_on date)
language sql stable security invoker set search_path = ''
as $$
  select c.lit_by, c.lit_on
    from public.candles c
   where c.book_id = private.resolve_book(book_ref) and c.lit_by is not null
   order by c.created_at desc
   limit 200
$$;
revoke execute on function public.candles_lit_by(book_ref text) from public;
grant execute on function public.candles_lit_by(book_ref text) to authenticated, service_role;

-- ================================================================ policies

-- Who lit a book's candles (the names they chose to leave): the book's owner, its family admins and
-- platform admins. A visitor's hash is not granted to anyone.
create policy "book managers read candles" on public.candles
  for select to authenticated
  using (private.can_read_book(book_id));
