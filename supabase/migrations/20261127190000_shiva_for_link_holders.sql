-- The shiva details reach everyone who has the book's link during the shiva days, private books
-- included: the family publishes them so that people know where and when to come, and a relative
-- who got the link without the family code must find them too. Outside those days, and of an
-- unpaid book, only the book's managers and family admins see them. Nothing else of a private
-- book is given: the death date and the after-sunset flag are on its public card already.
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

comment on function public.get_book_calendar(text, text) is
  'The death date, the after-sunset flag and, to anyone during the shiva days of a paid book (to its managers and family admins always), the shiva details. access_grant is accepted and no longer needed.';

revoke execute on function public.get_book_calendar(text, text) from public;
grant execute on function public.get_book_calendar(text, text) to anon, authenticated, service_role;
