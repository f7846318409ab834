-- How the book speaks of the deceased: the family chooses with the honorific (male, female, or
-- neither, which speaks neutrally); the owner edits it like the other details; the card carries it.

alter table public.memory_books
  add column deceased_gender text check (deceased_gender in ('male', 'female'));

-- The owner edits it like the other book details (the guard trigger's list).
create or replace function private.book_content_columns() returns text[]
language sql immutable set search_path = '' as $$
  select array['full_name', 'creator_name', 'birth_date', 'death_date', 'died_after_sunset', 'memory_quote',
               'profile_image_url', 'background_image_url', 'is_public', 'updated_at', 'is_paid', 'deceased_gender']
$$;
revoke execute on function private.book_content_columns() from public;
grant execute on function private.book_content_columns() to anon, authenticated, service_role;

drop function public.get_book_card(book_ref text, access_grant text);

-- Anyone: the public card of a book (by short code or uuid): name, dates, quote, pictures,
-- creator, plan, whether it is paid and public, and how it speaks of the deceased (gender).
-- Nothing private (no codes, no e-mails, no payment); the memories themselves are read through get_book_memories, which checks access.
-- The pictures come at reader addresses (92-private-media.sql): open ones for a public book;
-- signed ones for a private book's readers (owner, family admins, platform admins, or with an
-- unexpired access grant for it); none for anyone else.
create function public.get_book_card(book_ref text, access_grant text default null)
returns table (
  id uuid, book_id text, full_name text, birth_date date, death_date date, memory_quote text,
  profile_image_url text, background_image_url text, creator_name text, is_public boolean,
  plan_type text, is_paid boolean, died_after_sunset boolean, deceased_gender text
)
language sql stable security definer set search_path = '' as $$
  select b.id, b.book_id, b.full_name, b.birth_date, b.death_date, b.memory_quote,
         case when r.readable then private.reader_media_url(b.profile_image_url, b.is_public) end,
         case when r.readable then private.reader_media_url(b.background_image_url, b.is_public) end,
         b.creator_name, b.is_public, b.plan_type, b.is_paid, b.died_after_sunset, b.deceased_gender
    from public.memory_books b
   cross join lateral (
     select b.is_public or private.can_read_book(b.id) or private.is_service_request()
            or coalesce(private.book_of_grant(access_grant) = b.id, false) as readable
   ) r
   where b.id = private.resolve_book(book_ref)
$$;
revoke execute on function public.get_book_card(book_ref text, access_grant text) from public;
grant execute on function public.get_book_card(book_ref text, access_grant text) to anon, authenticated, service_role;
