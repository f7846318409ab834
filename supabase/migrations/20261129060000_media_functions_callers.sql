-- Only the Data API's intended callers run the media functions (Supabase's advisor: no SECURITY
-- DEFINER function in public that a caller need not run).
-- media_access is asked by the media function with the service role alone.
revoke execute on function public.media_access(object_name text, expires bigint, signature text) from anon, authenticated;

-- readable_media_urls: the signing step moves to private; public keeps an invoker entry point.
drop function public.readable_media_urls(urls text[]);

-- Signed in: the addresses to show stored file URLs at (the dashboard's and the forms' pictures),
-- in the same order: open for an open file, signed for one the caller may see (may_see_media),
-- null for any other file of this bucket; a URL of another host as it is.
create function private.readable_media_urls(urls text[]) returns text[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(
           case
             when private.memory_images_path(u.url) is null then u.url
             when private.is_open_media(private.memory_images_path(u.url)) then private.reader_media_url(u.url, true)
             when (select auth.uid()) is not null and private.may_see_media(private.memory_images_path(u.url))
               then private.reader_media_url(u.url, false)
           end order by u.n), '{}')
    from unnest(urls[1:200]) with ordinality as u(url, n)
$$;
revoke execute on function private.readable_media_urls(urls text[]) from public;
grant execute on function private.readable_media_urls(urls text[]) to authenticated, service_role;
comment on function private.readable_media_urls(urls text[]) is
  'SECURITY DEFINER: signs an address with the media secret, which no caller may read, and only for a file the caller may see (may_see_media).';

-- The signed-in caller's entry point to readable_media_urls: runs as the caller, and the one
-- privileged step (signing) is private.readable_media_urls.
create function public.readable_media_urls(urls text[]) returns text[]
language sql stable security invoker set search_path = '' as $$
  select private.readable_media_urls(urls)
$$;
revoke execute on function public.readable_media_urls(urls text[]) from public;
grant execute on function public.readable_media_urls(urls text[]) to authenticated, service_role;
