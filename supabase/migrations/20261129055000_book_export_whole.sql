-- The export holds the book whole: which prompt each text answers, the shiva's details and the
-- candles lit (count and names), beside the book's details and its memories.

-- The whole book, for the family to take with them (the browser writes the ZIP): the book's
-- details, every memory, hidden ones too (marked), oldest first, each text with the number of the
-- prompt it answers, the shiva's details, and the candles lit (how many, and the names left with
-- them, oldest first). Only to whom may_export_book
-- allows; anyone else, a family-code holder or a visitor of a public book included, is refused as
-- book_not_found. Secrets stay out: the family code and link key, gift codes, payment fields, the
-- owner's and purchasers' e-mails.
create or replace function private.book_export(book uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  details jsonb;
  memories jsonb;
  shiva jsonb;
  candles jsonb;
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
           'sections', (select coalesce(jsonb_agg(jsonb_build_object('prompt', t.prompt, 'text', t.text) order by t.prompt), '[]'::jsonb)
                          from unnest(array[e.memory_text_1, e.memory_text_2, e.memory_text_3]) with ordinality as t(text, prompt)
                         where t.text is not null),
           'image_urls', to_jsonb(e.image_urls || case when e.image_url is not null and not e.image_url = any (e.image_urls)
                                                      then array[e.image_url] else '{}'::text[] end),
           'image_captions', to_jsonb(e.image_captions), 'video_url', e.video_url, 'is_hidden', e.is_hidden)
           order by e.created_at, e.id), '[]'::jsonb)
    into memories
    from public.memory_entries e where e.book_id = book;
  select jsonb_build_object('address', s.address, 'starts_on', s.starts_on, 'ends_on', s.ends_on,
                            'visiting_hours', s.visiting_hours, 'note', s.note)
    into shiva
    from public.book_shiva s where s.book_id = book;
  select jsonb_build_object(
           'count', count(*),
           'names', coalesce(jsonb_agg(jsonb_build_object('name', c.lit_by, 'lit_on', c.lit_on) order by c.created_at, c.id)
                               filter (where c.lit_by is not null), '[]'::jsonb))
    into candles
    from public.candles c where c.book_id = book;
  return jsonb_build_object('book', details, 'memories', memories, 'shiva', shiva, 'candles', candles);
end
$$;
