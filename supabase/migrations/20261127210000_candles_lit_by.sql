-- Who lit a candle: a visitor may leave a name with the candle, and the family sees it. The names
-- go to the book's owner, its confirmed family admins and platform admins (can_read_book); anyone
-- else gets no rows. The visitor's hash never leaves the table.
create or replace function public.candles_lit_by(book_ref text)
returns table (lit_by text, lit_on date)
language plpgsql stable security definer set search_path = '' as $$
declare
  book uuid := private.resolve_book(book_ref);
begin
  if book is null or not public.can_read_book(book) then
    return;
  end if;
  return query
    select c.lit_by, c.lit_on
      from public.candles c
     where c.book_id = book and c.lit_by is not null
     order by c.created_at desc
     limit 200;
end
$$;

comment on function public.candles_lit_by(text) is
  'The names visitors left with their candles, newest first (200 at most), for the book''s family: owner, confirmed family admins, platform admins.';

revoke execute on function public.candles_lit_by(text) from public, anon, authenticated;
grant execute on function public.candles_lit_by(text) to authenticated, service_role;
