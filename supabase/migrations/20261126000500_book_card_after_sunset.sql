-- The public card of a book also says whether the death was after sunset, so the pages that show the
-- card (share, add memory, the book) print the Hebrew date of death with their first paint instead
-- of waiting for get_book_calendar. The flag is as public as the death date beside it.
drop function if exists public.get_book_card(text);

create function public.get_book_card(book_ref text)
returns table (
  id uuid, book_id text, full_name text, birth_date date, death_date date, memory_quote text,
  profile_image_url text, background_image_url text, creator_name text, is_public boolean,
  plan_type text, is_paid boolean, died_after_sunset boolean
)
language sql stable security definer set search_path = '' as $$
  select b.id, b.book_id, b.full_name, b.birth_date, b.death_date, b.memory_quote,
         b.profile_image_url, b.background_image_url, b.creator_name, b.is_public,
         b.plan_type, b.is_paid, b.died_after_sunset
    from public.memory_books b
   where b.id = private.resolve_book(book_ref)
$$;

revoke execute on function public.get_book_card(text) from public;
grant execute on function public.get_book_card(text) to anon, authenticated, service_role;
