-- The per-book limit of candles a minute holds for signed-in accounts as for visitors.
--
-- Before: light-candle counted a candle in the per-book minute limit only without a session and
-- without an access_grant field: any signed-in account, and anyone who sent any text as a grant,
-- lit without that limit (an account costs nothing to make).
--
-- Now the exemption is the book's family as the database knows it (candle_family): a valid family
-- grant of this book, its owner, a confirmed family admin, a platform admin. Everyone else,
-- signed in or not, is counted.

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
create or replace function private.may_see_candles(book uuid, access_grant text, reader uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select b.is_paid and (b.is_public or private.is_candle_family(b.id, access_grant, reader))
    from public.memory_books b where b.id = book
$$;
