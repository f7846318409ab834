-- The mourning calendar of a book: whether the death was after sunset (the Hebrew day begins at
-- sunset, so the Hebrew date of death is the next day's), and the shiva details the owner gives
-- (where, which days, visiting hours, a note, a map link), shown to visitors only during the
-- shiva days.

-- ---------------------------------------------------------------- memory_books.died_after_sunset
alter table public.memory_books
  add column if not exists died_after_sunset boolean not null default false;

comment on column public.memory_books.died_after_sunset is
  'The death was after sunset: the Hebrew date of death is that of the next day.';

-- The owner edits it like the other book details (the guard trigger's list).
create or replace function private.book_content_columns() returns text[]
language sql immutable set search_path = '' as $$
  select array['full_name', 'creator_name', 'birth_date', 'death_date', 'died_after_sunset', 'memory_quote',
               'profile_image_url', 'background_image_url', 'is_public', 'updated_at', 'is_paid']
$$;

-- ---------------------------------------------------------------- book_shiva
create table if not exists public.book_shiva (
  book_id uuid primary key references public.memory_books (id) on delete cascade,
  address text not null check (char_length(btrim(address)) between 1 and 300),
  starts_on date not null,
  -- A shiva is seven days; a few more are allowed for a burial delayed or a festival in between.
  ends_on date not null check (ends_on >= starts_on and ends_on <= starts_on + 9),
  visiting_hours text check (char_length(visiting_hours) <= 200),
  note text check (char_length(note) <= 500),
  map_url text check (char_length(map_url) <= 1000 and map_url ~ '^https://[^\s]+$'),
  updated_at timestamptz not null default now()
);

comment on table public.book_shiva is
  'Where and when the family sits shiva. Visitors see it through get_book_calendar, during the shiva days only.';

alter table public.book_shiva enable row level security;
revoke all on public.book_shiva from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.book_shiva to authenticated;
grant select on public.book_shiva to service_role;

drop policy if exists "managers manage shiva details" on public.book_shiva;
-- The owner and platform admins (can_manage_book) read and write a book's shiva details.
create policy "managers manage shiva details" on public.book_shiva
  for all to authenticated
  using ((select public.can_manage_book(book_id)))
  with check ((select public.can_manage_book(book_id)));

drop policy if exists "family admins read shiva details" on public.book_shiva;
-- Confirmed family admins read them; visitors get them only through get_book_calendar.
create policy "family admins read shiva details" on public.book_shiva
  for select to authenticated
  using ((select public.is_book_family_admin(book_id)));

create or replace function private.book_shiva_touch() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.address := btrim(new.address);
  new.visiting_hours := nullif(btrim(new.visiting_hours), '');
  new.note := nullif(btrim(new.note), '');
  new.map_url := nullif(btrim(new.map_url), '');
  new.updated_at := now();
  return new;
end
$$;
revoke execute on function private.book_shiva_touch() from public, anon, authenticated, service_role;

drop trigger if exists book_shiva_10_touch on public.book_shiva;
create trigger book_shiva_10_touch
  before insert or update on public.book_shiva
  for each row execute function private.book_shiva_touch();

-- ---------------------------------------------------------------- get_book_calendar
-- What the calendar of a book shows on its pages: the death date and whether it was after sunset
-- (as public as the book card), and the shiva details. Those go to the book's managers and family
-- admins always; to anyone else only on the shiva days (by the date in Israel), only for a paid
-- book, and for a private book only with an unexpired family access grant of that book.
create or replace function public.get_book_calendar(book_ref text, access_grant text default null)
returns table (
  death_date date, died_after_sunset boolean,
  shiva_address text, shiva_starts_on date, shiva_ends_on date,
  shiva_visiting_hours text, shiva_note text, shiva_map_url text
)
language plpgsql stable security definer set search_path = '' as $$
declare
  book uuid := private.resolve_book(book_ref);
  today date := (now() at time zone 'Asia/Jerusalem')::date;
  may_see_shiva boolean;
begin
  if book is null then
    return;
  end if;
  select public.can_read_book(book)
         or (b.is_paid
             and (b.is_public or private.book_of_grant(access_grant) is not distinct from book)
             and exists (select 1 from public.book_shiva s
                          where s.book_id = book and today between s.starts_on and s.ends_on))
    into may_see_shiva
    from public.memory_books b where b.id = book;
  return query
    select b.death_date, b.died_after_sunset,
           s.address, s.starts_on, s.ends_on, s.visiting_hours, s.note, s.map_url
      from public.memory_books b
      left join public.book_shiva s on s.book_id = b.id and may_see_shiva
     where b.id = book;
end
$$;

revoke execute on function public.get_book_calendar(text, text) from public;
grant execute on function public.get_book_calendar(text, text) to anon, authenticated, service_role;
