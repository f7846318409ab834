-- Exporting a book: the family takes everything with them (the browser writes the ZIP).
--
-- book_export() answers the book's details and every memory (hidden ones too, marked) to its owner,
-- its confirmed family admins and platform admins, and refuses anyone else with "not found", also a
-- family-code holder or a visitor of a public book. Secrets stay out: the family code, the family
-- link key, gift codes, payment and Stripe fields, the owner's and purchasers' e-mails.

create or replace function private.may_export_book(book uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.is_book_owner(book) or private.is_book_family_admin(book) or private.is_platform_admin()
$$;

create or replace function private.book_export(book uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  details jsonb;
  memories jsonb;
begin
  if (select auth.uid()) is null or not private.may_export_book(book) then
    perform private.refuse('ספר הזיכרון לא נמצא', 'book_not_found');
  end if;
  select jsonb_build_object(
           'id', b.id, 'book_id', b.book_id, 'full_name', b.full_name,
           'birth_date', b.birth_date, 'death_date', b.death_date, 'died_after_sunset', b.died_after_sunset,
           'memory_quote', b.memory_quote, 'creator_name', b.creator_name, 'plan_type', b.plan_type,
           'is_public', b.is_public, 'created_at', b.created_at,
           'profile_image_url', b.profile_image_url, 'background_image_url', b.background_image_url)
    into details
    from public.memory_books b where b.id = book;
  if details is null then
    perform private.refuse('ספר הזיכרון לא נמצא', 'book_not_found');
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', e.id, 'created_at', e.created_at, 'full_name', e.full_name,
           'relation_to_deceased', e.relation_to_deceased,
           'texts', to_jsonb(array_remove(array[e.memory_text_1, e.memory_text_2, e.memory_text_3], null)),
           'image_urls', to_jsonb(e.image_urls || case when e.image_url is not null and not e.image_url = any (e.image_urls)
                                                      then array[e.image_url] else '{}'::text[] end),
           'image_captions', to_jsonb(e.image_captions), 'video_url', e.video_url, 'is_hidden', e.is_hidden)
           order by e.created_at, e.id), '[]'::jsonb)
    into memories
    from public.memory_entries e where e.book_id = book;
  return jsonb_build_object('book', details, 'memories', memories);
end
$$;

create or replace function public.book_export(book uuid) returns jsonb
language sql stable security invoker set search_path = '' as $$
  select private.book_export(book)
$$;

revoke all on function private.may_export_book(uuid), private.book_export(uuid) from public, anon, authenticated;
grant execute on function private.book_export(uuid) to authenticated;
revoke all on function public.book_export(uuid) from public, anon, authenticated;
grant execute on function public.book_export(uuid) to authenticated, service_role;
