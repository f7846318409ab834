-- One name for each thing: a book's uuid is `book_id` everywhere and its short public code is
-- `short_code` (the column of memory_books, the answers of the database functions, the second
-- field of book_action_result, whose uuid field is now `book_id`); private.new_short_code makes
-- new codes. The legacy columns nothing reads any more go: memory_entries' single image
-- (image_url, image_description) and its descriptions beside image_urls/image_captions
-- (image_descriptions), users.user_stage, memory_books.completion_status and gift_activated.

set check_function_bodies = off;

alter table public.memory_books rename column book_id to short_code;
alter table public.memory_books rename constraint memory_books_book_id_key to memory_books_short_code_key;
alter table public.memory_books rename constraint memory_books_book_id_check to memory_books_short_code_check;
-- PostgreSQL 18 (PGlite) names a column's not-null constraint after the column; 15 has none to rename.
do $$
begin
  if exists (select 1 from pg_catalog.pg_constraint c
              where c.conrelid = 'public.memory_books'::regclass and c.conname = 'memory_books_book_id_not_null') then
    alter table public.memory_books rename constraint memory_books_book_id_not_null to memory_books_short_code_not_null;
  end if;
end
$$;
comment on column public.memory_books.short_code is 'Short public code used in every shared link and QR code.';

alter type public.book_action_result rename attribute book_id to short_code;
alter type public.book_action_result rename attribute book_uuid to book_id;

alter table public.memory_books drop column completion_status, drop column gift_activated;
alter table public.users drop column user_stage;
-- Dropping image_descriptions drops the table's check of the arrays' lengths; it comes back without it.
alter table public.memory_entries drop column image_url, drop column image_description, drop column image_descriptions;
alter table public.memory_entries
  add constraint memory_entries_check check (cardinality(image_urls) <= 10 and cardinality(image_captions) <= 10);

drop function public.my_books();
drop function private.my_books();
drop function public.get_book_card(book_ref text, access_grant text);
drop function public.reminder_recipients();
drop function public.admin_list_books(search text, page_size integer, page_offset integer);
drop function private.new_book_id();

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
           'id', b.id, 'short_code', b.short_code, 'full_name', b.full_name,
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
           'image_urls', to_jsonb(e.image_urls),
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
revoke execute on function private.book_export(book uuid) from public;
grant execute on function private.book_export(book uuid) to authenticated;
comment on function private.book_export(book uuid) is
  'SECURITY DEFINER: a family admin may not read the book row its export starts with; it answers only the owner, confirmed family admins and platform admins, and leaves every secret out.';

create or replace function private.memory_books_normalize() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.owner_email := nullif(lower(btrim(new.owner_email)), '');
  new.gift_code := nullif(upper(btrim(new.gift_code)), '');
  new.family_access_code := nullif(upper(btrim(new.family_access_code)), '');
  new.full_name := btrim(new.full_name);
  if tg_op = 'INSERT' then
    new.short_code := coalesce(nullif(upper(btrim(new.short_code)), ''), private.new_short_code());
    new.family_access_code := coalesce(
      new.family_access_code,
      case when new.gift_code is null
        then private.random_code('0123456789', 4)
        else private.random_code(private.code_alphabet(), 6)
      end
    );
  else
    new.updated_at := now();
  end if;
  if new.gift_code is not null and (tg_op = 'INSERT' or new.gift_code is distinct from old.gift_code) then
    new.gift_purchased_at := coalesce(new.gift_purchased_at, now());
    if tg_op = 'INSERT' or new.gift_code_expires_at is not distinct from old.gift_code_expires_at then
      new.gift_code_expires_at := coalesce(
        case when tg_op = 'INSERT' then new.gift_code_expires_at end,
        now() + interval '30 days'
      );
    end if;
    new.gift_status := coalesce(new.gift_status, 'pending');
  end if;
  if new.profile_image_url is not null and private.memory_images_path(new.profile_image_url) is null then
    perform private.refuse('התמונה חייבת להיות קובץ שהועלה לאתר', 'book_image_url_invalid');
  end if;
  if new.background_image_url is not null and private.memory_images_path(new.background_image_url) is null then
    perform private.refuse('התמונה חייבת להיות קובץ שהועלה לאתר', 'book_image_url_invalid');
  end if;
  return new;
end
$$;
revoke execute on function private.memory_books_normalize() from public;

create function private.my_books()
returns table (
  id uuid, short_code text, full_name text, birth_date date, death_date date, memory_quote text,
  profile_image_url text, background_image_url text, creator_name text, purchaser_name text,
  is_public boolean, plan_type text, payment_status text, is_paid boolean,
  created_at timestamptz, updated_at timestamptz,
  owner_email text, family_access_code text, gift_code text, gift_status text,
  gift_recipient_name text, gift_purchased_at timestamptz, gift_claimed_at timestamptz,
  gift_code_expires_at timestamptz,
  is_owner boolean, is_family_admin boolean, is_purchaser boolean, is_claimer boolean,
  memory_count bigint
)
language sql stable security definer set search_path = '' as $$
  with me as (
    select auth.uid() as uid, public.current_user_email() as email
  ),
  admin_books as (
    select a.book_id from public.book_admins a, me where a.user_id = me.uid and a.status = 'confirmed'
  ),
  mine as (
    select b.*,
           coalesce(b.owner_email = me.email, false) as owns,
           b.id in (select book_id from admin_books) as administers,
           coalesce(b.purchaser_user_id = me.uid, false) as bought,
           coalesce(b.claimed_by_user_id = me.uid, false) as claimed
      from public.memory_books b, me
     where me.uid is not null
       and (b.owner_email = me.email or b.purchaser_user_id = me.uid or b.claimed_by_user_id = me.uid
            or b.id in (select book_id from admin_books))
  )
  select m.id, m.short_code, m.full_name, m.birth_date, m.death_date, m.memory_quote,
         m.profile_image_url, m.background_image_url, m.creator_name, m.purchaser_name,
         m.is_public, m.plan_type, m.payment_status, m.is_paid,
         m.created_at, m.updated_at,
         case when m.owns then m.owner_email end,
         case when m.owns or m.administers then m.family_access_code end,
         case when m.bought or m.claimed then m.gift_code end,
         m.gift_status, m.gift_recipient_name, m.gift_purchased_at, m.gift_claimed_at,
         m.gift_code_expires_at,
         m.owns, m.administers, m.bought, m.claimed,
         (select count(*) from public.memory_entries e where e.book_id = m.id)
    from mine m
   order by m.created_at desc
$$;
revoke execute on function private.my_books() from public;
grant execute on function private.my_books() to authenticated, service_role;
comment on function private.my_books() is
  'SECURITY DEFINER: lists the books the caller owns, administers, bought or claimed; a family admin, purchaser or claimer may not read those rows, and it shows each only the columns their part allows.';

create function private.new_short_code() returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  candidate text;
begin
  loop
    candidate := private.random_code(private.code_alphabet(), 8);
    exit when not exists (select 1 from public.memory_books b where b.short_code = candidate);
  end loop;
  return candidate;
end
$$;
revoke execute on function private.new_short_code() from public;
grant execute on function private.new_short_code() to anon, authenticated, service_role;

create or replace function private.resolve_book(book_ref text) returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  reference constant text := btrim(coalesce(book_ref, ''));
  found_id uuid;
begin
  if reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select b.id into found_id from public.memory_books b where b.id = reference::uuid;
  else
    select b.id into found_id from public.memory_books b where b.short_code = upper(reference);
  end if;
  return found_id;
end
$$;
revoke execute on function private.resolve_book(book_ref text) from public;
grant execute on function private.resolve_book(book_ref text) to authenticated;

create or replace function public.delete_book_as(actor uuid, book uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  deleted public.memory_books;
  actor_email text;
  token constant uuid := gen_random_uuid();
  files text[];
begin
  select * into deleted from public.memory_books b where b.id = book for update;
  if not found or not private.may_delete_book(actor, deleted) then
    perform private.refuse('ספר הזיכרון לא נמצא', 'book_not_found');
  end if;
  if private.is_pending_paid_gift(deleted) then
    perform private.refuse('יש לבטל את המתנה לפני מחיקת הספר', 'gift_not_cancelled');
  end if;
  perform set_config('zochrim.storage_removal_claim', token::text, true);
  delete from public.memory_books b where b.id = book;
  perform set_config('zochrim.storage_removal_claim', '', true);
  select coalesce(array_agg(r.object_name order by r.object_name), '{}') into files
    from private.storage_removals r where r.claim = token;
  select lower(a.email) into actor_email from auth.users a where a.id = actor;
  insert into public.admin_logs (admin_email, action, book_id, target_user, details)
  values (actor_email, 'BOOK_DELETED', deleted.id, deleted.owner_email,
          jsonb_build_object('full_name', deleted.full_name, 'short_code', deleted.short_code, 'deleted_by', actor));
  return jsonb_build_object('owner_email', deleted.owner_email, 'full_name', deleted.full_name, 'files', to_jsonb(files));
end
$$;
revoke execute on function public.delete_book_as(actor uuid, book uuid) from public;
grant execute on function public.delete_book_as(actor uuid, book uuid) to service_role;

create function public.get_book_card(book_ref text, access_grant text default null)
returns table (
  id uuid, short_code text, full_name text, birth_date date, death_date date, memory_quote text,
  profile_image_url text, background_image_url text, creator_name text, is_public boolean,
  plan_type text, is_paid boolean, died_after_sunset boolean, deceased_gender text
)
language sql stable security definer set search_path = '' as $$
  select b.id, b.short_code, b.full_name, b.birth_date, b.death_date, b.memory_quote,
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

create function public.my_books()
returns table(id uuid, short_code text, full_name text, birth_date date, death_date date, memory_quote text, profile_image_url text, background_image_url text, creator_name text, purchaser_name text, is_public boolean, plan_type text, payment_status text, is_paid boolean, created_at timestamp with time zone, updated_at timestamp with time zone, owner_email text, family_access_code text, gift_code text, gift_status text, gift_recipient_name text, gift_purchased_at timestamp with time zone, gift_claimed_at timestamp with time zone, gift_code_expires_at timestamp with time zone, is_owner boolean, is_family_admin boolean, is_purchaser boolean, is_claimer boolean, memory_count bigint)
language plpgsql stable security invoker set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    return;
  end if;
  return query select * from private.my_books();
end
$$;
revoke execute on function public.my_books() from public;
grant execute on function public.my_books() to authenticated, service_role;

create or replace function private.family_code_alert(book uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  token constant text := private.random_token();
  facts record;
begin
  if (select count(*) from public.family_code_attempts a
       where a.book_id = book and not a.success and a.attempted_at > now() - interval '24 hours') < 100
     or exists (select 1 from private.family_code_alerts x
                 where x.book_id = book
                   and (x.created_at > now() - interval '24 hours'
                        or (x.used_at is null and x.created_at > now() - interval '7 days'))) then
    return null;
  end if;
  select b.short_code, b.full_name, b.owner_email into facts from public.memory_books b where b.id = book;
  insert into private.family_code_alerts (book_id, token_hash) values (book, private.grant_hash(token));
  insert into public.admin_logs (admin_email, action, target_user, book_id, details)
  values (null, 'SECURITY_FAMILY_CODE_SWEEP', facts.owner_email, book,
          jsonb_build_object('wrong_codes_24h', 100, 'owner_alerted', facts.owner_email is not null));
  if facts.owner_email is null then
    return null;
  end if;
  return jsonb_build_object('token', token, 'owner_email', facts.owner_email,
                            'short_code', facts.short_code, 'full_name', facts.full_name);
end
$$;
revoke execute on function private.family_code_alert(book uuid) from public;

create or replace function public.family_code_renew_by_alert(token text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  alert private.family_code_alerts;
  renewed record;
begin
  select * into alert from private.family_code_alerts x
   where x.token_hash = private.grant_hash(btrim(coalesce(token, ''))) and x.used_at is null
     and x.created_at > now() - interval '7 days'
   for update;
  if not found then
    return jsonb_build_object('ok', false, 'reason', 'alert_link_invalid',
                              'message', 'הקישור כבר שימש או שפג תוקפו. אפשר ליצור קוד חדש מלוח הניהול של הספר.');
  end if;
  update private.family_code_alerts x set used_at = now() where x.id = alert.id;
  update public.memory_books b set family_access_code = private.random_code(private.code_alphabet(), 6)
   where b.id = alert.book_id
  returning b.short_code, b.full_name, b.family_access_code, b.family_link_key into renewed;
  insert into public.admin_logs (admin_email, action, target_user, book_id, details)
  values (null, 'SECURITY_FAMILY_CODE_RENEWED', null, alert.book_id, jsonb_build_object('by', 'owner_alert_link'));
  return jsonb_build_object('ok', true, 'short_code', renewed.short_code, 'full_name', renewed.full_name,
                            'family_code', renewed.family_access_code, 'link_key', renewed.family_link_key);
end
$$;
revoke execute on function public.family_code_renew_by_alert(token text) from public;
grant execute on function public.family_code_renew_by_alert(token text) to service_role;

create or replace function private.memory_entries_validate() returns trigger
language plpgsql set search_path = '' as $$
declare
  book record;
  images text[];
  image_limit integer;
  image text;
  caption text;
begin
  select * into book from private.book_plan(new.book_id);
  if not found then
    perform private.refuse('ספר זיכרון לא נמצא', 'memory_book_not_found');
  end if;
  if not book.is_paid then
    perform private.refuse('לא ניתן להוסיף זיכרונות לספר שעדיין לא שולם', 'memory_book_unpaid');
  end if;

  new.full_name := btrim(coalesce(new.full_name, ''));
  new.relation_to_deceased := nullif(btrim(new.relation_to_deceased), '');
  new.memory_text_1 := nullif(btrim(new.memory_text_1), '');
  new.memory_text_2 := nullif(btrim(new.memory_text_2), '');
  new.memory_text_3 := nullif(btrim(new.memory_text_3), '');
  if new.full_name = '' or new.relation_to_deceased is null then
    perform private.refuse('אנא מלא את כל השדות הנדרשים', 'memory_author_required');
  end if;
  if char_length(new.full_name) > 100 or char_length(new.relation_to_deceased) > 100 then
    perform private.refuse('השם יכול להכיל עד 100 תווים', 'memory_author_too_long');
  end if;
  if coalesce(new.memory_text_1, new.memory_text_2, new.memory_text_3) is null then
    perform private.refuse('אנא כתב לפחות זיכרון אחד', 'memory_text_required');
  end if;
  if greatest(char_length(new.memory_text_1), char_length(new.memory_text_2), char_length(new.memory_text_3)) > 5000 then
    perform private.refuse('כל זיכרון יכול להכיל עד 5,000 תווים', 'memory_text_too_long');
  end if;

  new.image_urls := coalesce(new.image_urls, '{}');
  new.image_captions := coalesce(new.image_captions, '{}');
  images := new.image_urls;
  if cardinality(images) > 0 and book.plan_type = 'basic' then
    perform private.refuse('העלאת תמונות זמינה בחבילת פרו ובחבילה המלאה', 'memory_images_not_in_plan');
  end if;
  image_limit := case when new.source = 'family' then 10 else 5 end;
  if cardinality(images) > image_limit then
    perform private.refuse(format('מקסימום %s תמונות', image_limit), 'memory_limit_images');
  end if;
  foreach image in array images loop
    if not private.is_book_media_url(image, 'memories', new.book_id) then
      perform private.refuse('התמונה חייבת להיות קובץ שהועלה לספר הזה', 'memory_media_url_invalid');
    end if;
  end loop;
  foreach caption in array new.image_captions loop
    if char_length(caption) > 500 then
      perform private.refuse('תיאור תמונה יכול להכיל עד 500 תווים', 'memory_caption_too_long');
    end if;
  end loop;

  if new.video_url is not null then
    if book.plan_type <> 'full' then
      perform private.refuse('העלאת סרטונים זמינה בחבילה המלאה בלבד', 'memory_video_not_in_plan');
    end if;
    if not private.is_book_media_url(new.video_url, 'videos', new.book_id) then
      perform private.refuse('הסרטון חייב להיות קובץ שהועלה לספר הזה', 'memory_media_url_invalid');
    end if;
  end if;

  -- Visitors cannot pin a memory to the top by choosing its date.
  if not private.is_trusted_caller() then
    new.created_at := now();
  end if;
  return new;
end
$$;
revoke execute on function private.memory_entries_validate() from public;

create or replace function public.memory_news_claim(recipient uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  row_ public.memory_news_recipients;
  address text;
  send uuid;
  book public.memory_books;
begin
  select * into row_ from public.memory_news_recipients r where r.id = recipient for update;
  if not found or not private.memory_news_due(row_) then
    return null;
  end if;
  address := private.memory_news_address(row_);
  if address is null or not exists (select 1 from private.memory_news_pending(row_)) then
    return null;
  end if;
  insert into public.memory_news_sends (recipient_id) values (row_.id) returning id into send;
  insert into public.memory_news_items (recipient_id, memory_id, send_id)
  select row_.id, p.id, send from private.memory_news_pending(row_) as p(id);
  select * into book from public.memory_books b where b.id = row_.book_id;
  return jsonb_build_object(
    'send_id', send,
    'email', address,
    'frequency', row_.frequency,
    'is_owner', row_.user_id is null,
    'unsubscribe_token', row_.unsubscribe_token,
    'book', jsonb_build_object('id', book.id, 'short_code', book.short_code, 'full_name', book.full_name),
    'memories', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', e.id, 'full_name', e.full_name, 'relation', e.relation_to_deceased,
               'text', left(coalesce(e.memory_text_1, e.memory_text_2, e.memory_text_3, ''), 300))
             order by e.created_at), '[]'::jsonb)
        from public.memory_news_items i join public.memory_entries e on e.id = i.memory_id
       where i.send_id = send)
  );
end
$$;
revoke execute on function public.memory_news_claim(recipient uuid) from public;
grant execute on function public.memory_news_claim(recipient uuid) to service_role;

create or replace function public.memory_news_unsubscribe(token text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  row_ public.memory_news_recipients;
  card public.memory_books;
begin
  update public.memory_news_recipients r set frequency = 'off'
   where r.unsubscribe_token = btrim(coalesce(token, '')) and char_length(btrim(coalesce(token, ''))) >= 32
  returning * into row_;
  if not found then
    return jsonb_build_object('ok', false, 'reason', 'invalid');
  end if;
  select * into card from public.memory_books b where b.id = row_.book_id;
  return jsonb_build_object('ok', true, 'reason', 'unsubscribed', 'short_code', card.short_code, 'full_name', card.full_name);
end
$$;
revoke execute on function public.memory_news_unsubscribe(token text) from public;
grant execute on function public.memory_news_unsubscribe(token text) to anon, service_role;

create or replace function private.add_admin_invitation(book uuid, admin_name text, contact text)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  token constant text := private.random_token();
  invitation public.book_admins;
begin
  if not private.can_manage_book(book) then
    return null;
  end if;
  insert into public.book_admins (book_id, admin_name, contact, invited_by, status, token_hash)
  values (book, admin_name, contact, auth.uid(), 'invited', private.grant_hash(token))
  returning * into invitation;
  return (select jsonb_build_object('id', invitation.id, 'token', token, 'expires_at', invitation.expires_at,
                                    'short_code', b.short_code, 'family_code', b.family_access_code)
            from public.memory_books b where b.id = book);
end
$$;
revoke execute on function private.add_admin_invitation(book uuid, admin_name text, contact text) from public;
grant execute on function private.add_admin_invitation(book uuid, admin_name text, contact text) to authenticated, service_role;

create or replace function private.new_admin_invitation_link(invitation_id uuid)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  token constant text := private.random_token();
  invitation public.book_admins;
begin
  update public.book_admins a
     set token_hash = private.grant_hash(token), expires_at = now() + interval '7 days'
   where a.id = invitation_id and a.status = 'invited' and private.can_manage_book(a.book_id)
  returning * into invitation;
  if not found then
    return null;
  end if;
  return jsonb_build_object('id', invitation.id, 'token', token, 'expires_at', invitation.expires_at,
                            'short_code', (select b.short_code from public.memory_books b where b.id = invitation.book_id),
                            'admin_name', invitation.admin_name);
end
$$;
revoke execute on function private.new_admin_invitation_link(invitation_id uuid) from public;
grant execute on function private.new_admin_invitation_link(invitation_id uuid) to authenticated, service_role;

create or replace function private.open_ownership_transfer(book uuid, address text)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  token constant text := private.random_token();
  target public.memory_books;
  intended uuid;
  request public.ownership_transfer_requests;
begin
  select * into target from public.memory_books b
   where b.id = book and private.can_manage_book(book) for update;
  if not found then
    return null;
  end if;
  if target.owner_email = address then
    perform private.refuse('זו הכתובת של בעל הספר הנוכחי', 'transfer_to_owner');
  end if;
  if exists (
    select 1 from public.ownership_transfer_requests r
     where r.book_id = book and r.status in ('pending_registration', 'registered_waiting_approval') and r.expires_at > now()
  ) then
    perform private.refuse('כבר קיימת בקשה פתוחה להעברת הספר. בטלו אותה לפני שיוצרים חדשה', 'transfer_already_open');
  end if;
  select u.id into intended from auth.users u where lower(u.email) = address and u.email_confirmed_at is not null;
  insert into public.ownership_transfer_requests (book_id, invitee_email, invite_token_hash, requested_by, invitee_user_id)
  values (book, address, private.grant_hash(token), auth.uid(), intended)
  returning * into request;
  return jsonb_build_object('id', request.id, 'token', token, 'expires_at', request.expires_at, 'short_code', target.short_code);
end
$$;
revoke execute on function private.open_ownership_transfer(book uuid, address text) from public;
grant execute on function private.open_ownership_transfer(book uuid, address text) to authenticated, service_role;

create or replace function private.register_ownership_transfer(invite_token text)
returns public.book_action_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  invitee constant uuid := auth.uid();
  invitee_address constant text := private.current_user_email();
  request public.ownership_transfer_requests;
  short_id text;
begin
  if invitee is null or invitee_address is null then
    perform private.deny('נדרשת התחברות', 'login_required');
  end if;
  select * into request from public.ownership_transfer_requests r
   where r.invite_token_hash = private.grant_hash(btrim(coalesce(invite_token, '')))
   for update;
  if not found then
    return row(false, 'transfer_invalid', 'הקישור להעברת הבעלות אינו תקין או שבוטל', null, null)::public.book_action_result;
  end if;
  select b.short_code into short_id from public.memory_books b where b.id = request.book_id;
  if request.status = 'registered_waiting_approval' and request.invitee_user_id = invitee then
    return row(true, 'registered_waiting_approval', 'הבקשה נשלחה לבעל הספר לאישור', request.book_id, short_id)::public.book_action_result;
  end if;
  if request.status <> 'pending_registration' then
    return row(false, 'transfer_used', 'כבר השתמשו בקישור הזה להעברת הבעלות', null, null)::public.book_action_result;
  end if;
  if request.expires_at <= now() then
    return row(false, 'transfer_expired', 'תוקף ההזמנה להעברת הבעלות פג (7 ימים)', null, null)::public.book_action_result;
  end if;
  if request.invitee_user_id is not null and request.invitee_user_id <> invitee then
    return row(false, 'transfer_wrong_account',
               'ההזמנה נשלחה לחשבון אחר. התחברו לחשבון שאליו נשלחה ההזמנה', null, null)::public.book_action_result;
  end if;
  if request.invitee_user_id is null and request.invitee_email <> invitee_address then
    return row(false, 'transfer_wrong_account',
               'ההזמנה נשלחה לכתובת מייל אחרת. התחברו עם הכתובת שאליה נשלחה ההזמנה', null, null)::public.book_action_result;
  end if;
  update public.ownership_transfer_requests r
     set status = 'registered_waiting_approval', invitee_user_id = invitee, registered_at = now()
   where r.id = request.id;
  return row(true, 'registered_waiting_approval', 'הבקשה נשלחה לבעל הספר לאישור', request.book_id, short_id)::public.book_action_result;
end
$$;
revoke execute on function private.register_ownership_transfer(invite_token text) from public;
grant execute on function private.register_ownership_transfer(invite_token text) to authenticated, service_role;
comment on function private.register_ownership_transfer(invite_token text) is
  'SECURITY DEFINER: the link''s token finds a transfer request the caller cannot read (one fixed to another account or address, to say so); it records only the signed-in caller as the invitee.';

create or replace function public.check_admin_invitation(token text, book_ref text, member uuid)
returns public.book_action_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
  problem text;
begin
  problem := private.admin_invitation_problem(private.find_admin_invitation(token, book, false), book, member);
  if problem is not null then
    return row(false, problem, private.admin_invitation_message(problem), null, null)::public.book_action_result;
  end if;
  return row(true, 'invitation_open', 'ההזמנה בתוקף', book,
             (select b.short_code from public.memory_books b where b.id = book))::public.book_action_result;
end
$$;
revoke execute on function public.check_admin_invitation(token text, book_ref text, member uuid) from public;
grant execute on function public.check_admin_invitation(token text, book_ref text, member uuid) to service_role;

create or replace function public.join_book_as_admin(token text, book_ref text, member uuid)
returns public.book_action_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
  invitation public.book_admins;
  problem text;
begin
  if member is null or not exists (
    select 1 from auth.users u where u.id = member and u.email_confirmed_at is not null
  ) then
    perform private.deny('נדרשת התחברות', 'login_required');
  end if;
  invitation := private.find_admin_invitation(token, book, true);
  problem := private.admin_invitation_problem(invitation, book, member);
  if problem is not null then
    return row(false, problem, private.admin_invitation_message(problem), null, null)::public.book_action_result;
  end if;
  update public.book_admins a
     set status = 'confirmed', user_id = member, confirmed_at = now()
   where a.id = invitation.id;
  return row(true, 'joined', 'הצטרפת בהצלחה, כעת את/ה מנהל/ת של ספר הזיכרון', book,
             (select b.short_code from public.memory_books b where b.id = book))::public.book_action_result;
end
$$;
revoke execute on function public.join_book_as_admin(token text, book_ref text, member uuid) from public;
grant execute on function public.join_book_as_admin(token text, book_ref text, member uuid) to service_role;

create or replace function private.gift_summary(gift public.memory_books, existing boolean) returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'existing', existing,
    'id', gift.id,
    'short_code', gift.short_code,
    'gift_code', gift.gift_code,
    'gift_code_expires_at', gift.gift_code_expires_at,
    'gift_recipient_name', gift.gift_recipient_name,
    'full_name', gift.full_name,
    'purchaser_name', gift.purchaser_name,
    'plan_type', gift.plan_type,
    'gift_status', gift.gift_status
  )
$$;
revoke execute on function private.gift_summary(gift public.memory_books, existing boolean) from public;

create or replace function public.claim_gift_as(claimer uuid, gift_code text) returns public.book_action_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  normalized constant text := upper(btrim(coalesce(gift_code, '')));
  claimer_email text;
  gift public.memory_books;
begin
  select lower(u.email) into claimer_email from auth.users u
   where u.id = claimer and u.email_confirmed_at is not null;
  if claimer_email is null then
    return row(false, 'login_required', 'נדרשת התחברות', null, null)::public.book_action_result;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('gift_claim:' || claimer::text, 0));
  if private.gift_code_locked(claimer, null) then
    return row(false, 'gift_claim_locked', 'יותר מדי ניסיונות, נסו שוב בעוד מספר דקות', null, null)::public.book_action_result;
  end if;
  select * into gift from public.memory_books b where b.gift_code = normalized for update;
  perform private.record_gift_code_attempt(claimer, null, found);
  if gift.id is null then
    if exists (select 1 from public.replaced_gift_codes r where r.gift_code = normalized) then
      return row(false, 'gift_replaced', 'קוד המתנה הוחלף בקוד חדש. בקשו מהרוכש את הקוד העדכני', null, null)::public.book_action_result;
    end if;
    return row(false, 'gift_not_found', 'נא לבדוק את הקוד שקיבלת שנית', null, null)::public.book_action_result;
  end if;
  if gift.claimed_by_user_id = claimer and gift.gift_status = 'claimed' then
    return row(true, 'already_yours', 'הספר כבר שלך', gift.id, gift.short_code)::public.book_action_result;
  end if;
  if gift.gift_status = 'claimed' or gift.claimed_by_user_id is not null or gift.owner_email is not null then
    return row(false, 'gift_already_claimed', 'קוד המתנה כבר נתבע', null, null)::public.book_action_result;
  end if;
  if gift.gift_status = 'cancelled' then
    return row(false, 'gift_cancelled', 'המתנה בוטלה על ידי הרוכש', null, null)::public.book_action_result;
  end if;
  if gift.gift_status is distinct from 'pending' or not gift.is_paid then
    return row(false, 'gift_not_available', 'קוד המתנה לא זמין לתביעה', null, null)::public.book_action_result;
  end if;
  if gift.gift_code_expires_at is not null and gift.gift_code_expires_at <= now() then
    return row(false, 'gift_expired', 'קוד המתנה פג תוקפו', null, null)::public.book_action_result;
  end if;
  update public.memory_books b
     set owner_email = claimer_email,
         claimed_by_user_id = claimer,
         gift_claimed_at = now(),
         payment_status = 'paid',
         gift_status = 'claimed'
   where b.id = gift.id;
  return row(true, 'claimed', 'הספר הועבר אליך בהצלחה', gift.id, gift.short_code)::public.book_action_result;
end
$$;
revoke execute on function public.claim_gift_as(claimer uuid, gift_code text) from public;
grant execute on function public.claim_gift_as(claimer uuid, gift_code text) to service_role;

create or replace function public.create_gift_book(
  buyer uuid,
  session_id text,
  legacy_book uuid,
  recipient_name text,
  deceased_name text,
  buyer_name text
) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  payment public.payment_sessions;
  gift public.memory_books;
  recipient constant text := btrim(coalesce(recipient_name, ''));
  deceased constant text := btrim(coalesce(deceased_name, ''));
begin
  if session_id is not null then
    select * into payment from public.payment_sessions s where s.stripe_session_id = create_gift_book.session_id for update;
    if not found then
      perform private.refuse('לא נמצא תשלום מתאים. אם שילמת, פנו אלינו ונסדר זאת', 'session_not_found');
    end if;
    if payment.user_id is distinct from buyer then
      perform private.refuse('התשלום הזה שייך למשתמש אחר', 'session_not_owned');
    end if;
    if payment.recipient_type <> 'gift' then
      perform private.refuse('התשלום הזה נועד לספר עבורך ולא למתנה', 'session_not_gift');
    end if;
    if payment.used_by_book is not null then
      select * into gift from public.memory_books b where b.id = payment.used_by_book;
      return private.gift_summary(gift, true);
    end if;
    if payment.status <> 'paid' then
      perform private.refuse('התשלום טרם הושלם', 'payment_not_completed');
    end if;
  elsif legacy_book is not null then
    select * into gift from public.memory_books b where b.id = legacy_book for update;
    if not found or gift.purchaser_user_id is distinct from buyer then
      perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
    end if;
    if gift.gift_code is not null then
      return private.gift_summary(gift, true);
    end if;
    if not gift.is_paid or gift.owner_email is not null then
      perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
    end if;
  else
    perform private.refuse('חסר מזהה תשלום', 'session_id_required');
  end if;

  if recipient = '' or deceased = '' then
    perform private.refuse('אנא מלא את כל השדות', 'required_fields');
  end if;
  if char_length(recipient) > 200 or char_length(deceased) > 200 then
    perform private.refuse('השם יכול להכיל עד 200 תווים', 'name_too_long');
  end if;

  if legacy_book is not null and session_id is null then
    update public.memory_books b
       set gift_code = private.new_gift_code(),
           gift_status = 'pending',
           gift_recipient_name = recipient,
           full_name = deceased,
           purchaser_name = coalesce(nullif(btrim(buyer_name), ''), b.purchaser_name)
     where b.id = legacy_book
    returning * into gift;
    return private.gift_summary(gift, false);
  end if;

  insert into public.memory_books (
    full_name, purchaser_name, purchaser_user_id, plan_type, payment_status,
    stripe_session_id, gift_code, gift_status, gift_recipient_name
  ) values (
    deceased, nullif(btrim(coalesce(buyer_name, '')), ''), buyer, payment.plan_type, 'paid',
    payment.stripe_session_id, private.new_gift_code(), 'pending', recipient
  ) returning * into gift;
  update public.payment_sessions s set used_by_book = gift.id where s.stripe_session_id = payment.stripe_session_id;
  return private.gift_summary(gift, false);
end
$$;
revoke execute on function public.create_gift_book(buyer uuid, session_id text, legacy_book uuid, recipient_name text, deceased_name text, buyer_name text) from public;
grant execute on function public.create_gift_book(buyer uuid, session_id text, legacy_book uuid, recipient_name text, deceased_name text, buyer_name text) to service_role;

create or replace function public.reminder_confirm(token text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  found_token public.reminder_tokens;
  subscription public.reminder_subscriptions;
  card public.memory_books;
begin
  select * into found_token from public.reminder_tokens t
   where t.token_hash = private.reminder_token_hash(token) and t.purpose = 'confirm'
     and t.expires_at > now()
   for update;
  if not found then
    return jsonb_build_object('ok', false, 'reason', 'invalid');
  end if;
  delete from public.reminder_tokens t where t.token_hash = found_token.token_hash;
  update public.reminder_subscriptions s
     set status = 'confirmed', confirmed_at = now(), unsubscribed_at = null
   where s.id = found_token.subscription_id
  returning * into subscription;
  select * into card from public.memory_books b where b.id = subscription.book_id;
  return jsonb_build_object('ok', true, 'reason', 'confirmed', 'short_code', card.short_code, 'full_name', card.full_name);
end
$$;
revoke execute on function public.reminder_confirm(token text) from public;
grant execute on function public.reminder_confirm(token text) to anon, service_role;

create function public.reminder_recipients()
returns table (
  subscription_id uuid, email text, book_id uuid, short_code text, full_name text, death_date date,
  died_after_sunset boolean
)
language sql stable security definer set search_path = '' as $$
  select s.id, s.email, b.id, b.short_code, b.full_name, b.death_date,
         coalesce((to_jsonb(b) ->> 'died_after_sunset')::boolean, false)
    from public.reminder_subscriptions s
    join public.memory_books b on b.id = s.book_id
   where s.status = 'confirmed' and b.death_date is not null
   order by b.id, s.id
$$;
revoke execute on function public.reminder_recipients() from public;
grant execute on function public.reminder_recipients() to service_role;

create or replace function public.reminder_subscribe(book_ref text, address text, consent text, address_proven boolean)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
  normalized_email constant text := lower(btrim(coalesce(address, '')));
  card public.memory_books;
  subscription public.reminder_subscriptions;
begin
  if book is null then
    return jsonb_build_object('outcome', 'book_not_found');
  end if;
  select * into card from public.memory_books b where b.id = book;
  insert into public.reminder_subscriptions as s (book_id, email, consent_text)
  values (book, normalized_email, consent)
  on conflict (book_id, email) do update set consented_at = s.consented_at
  returning * into subscription;

  if subscription.status = 'confirmed' then
    return jsonb_build_object('outcome', 'already', 'book_id', book, 'short_code', card.short_code,
                              'full_name', card.full_name);
  end if;
  update public.reminder_subscriptions s
     set consent_text = consent, consented_at = now(), unsubscribed_at = null,
         status = case when address_proven then 'confirmed' else 'pending' end,
         confirmed_at = case when address_proven then now() end
   where s.id = subscription.id;
  delete from public.reminder_tokens t where t.subscription_id = subscription.id and t.purpose = 'confirm';
  return jsonb_build_object(
    'outcome', case when address_proven then 'subscribed' else 'confirm' end,
    'book_id', book, 'short_code', card.short_code, 'full_name', card.full_name,
    'confirm_token', case when not address_proven
                          then private.reminder_new_token(subscription.id, 'confirm', interval '7 days') end,
    'unsubscribe_token', private.reminder_new_token(subscription.id, 'unsubscribe', null));
end
$$;
revoke execute on function public.reminder_subscribe(book_ref text, address text, consent text, address_proven boolean) from public;
grant execute on function public.reminder_subscribe(book_ref text, address text, consent text, address_proven boolean) to service_role;

create or replace function public.reminder_unsubscribe(token text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  subscription public.reminder_subscriptions;
  card public.memory_books;
begin
  update public.reminder_subscriptions s
     set status = 'unsubscribed', unsubscribed_at = coalesce(s.unsubscribed_at, now())
   where s.id = (select t.subscription_id from public.reminder_tokens t
                  where t.token_hash = private.reminder_token_hash(token) and t.purpose = 'unsubscribe')
  returning * into subscription;
  if not found then
    return jsonb_build_object('ok', false, 'reason', 'invalid');
  end if;
  delete from public.reminder_tokens t where t.subscription_id = subscription.id and t.purpose = 'confirm';
  select * into card from public.memory_books b where b.id = subscription.book_id;
  return jsonb_build_object('ok', true, 'reason', 'unsubscribed', 'short_code', card.short_code, 'full_name', card.full_name);
end
$$;
revoke execute on function public.reminder_unsubscribe(token text) from public;
grant execute on function public.reminder_unsubscribe(token text) to anon, service_role;

create function public.admin_list_books(search text default null, page_size integer default 20, page_offset integer default 0)
returns table (
  id uuid, short_code text, full_name text, owner_email text, plan_type text, payment_status text,
  is_paid boolean, created_at timestamptz, memory_count bigint, total_count bigint
)
language plpgsql stable security invoker set search_path = '' as $$
declare
  needle constant text := nullif(btrim(coalesce(search, '')), '');
  pattern constant text := private.contains_pattern(coalesce(needle, ''));
  as_uuid uuid;
  matched bigint;
  limit_rows constant integer := least(greatest(coalesce(page_size, 20), 1), 100);
  skip_rows constant integer := greatest(coalesce(page_offset, 0), 0);
begin
  perform private.require_platform_admin();
  if char_length(coalesce(needle, '')) > 200 then
    perform private.refuse('החיפוש ארוך מדי', 'search_too_long');
  end if;
  if needle ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    as_uuid := needle::uuid;
  end if;

  select count(*) into matched from public.memory_books b
   where needle is null
      or b.full_name ilike pattern
      or b.owner_email ilike pattern
      or b.short_code = upper(needle)
      or b.id = as_uuid;

  -- The page is chosen first, so memories are counted for its rows only (not for those OFFSET skips).
  return query
    with page as (
      select b.id, b.short_code, b.full_name, b.owner_email, b.plan_type, b.payment_status, b.is_paid, b.created_at
        from public.memory_books b
       where needle is null
          or b.full_name ilike pattern
          or b.owner_email ilike pattern
          or b.short_code = upper(needle)
          or b.id = as_uuid
       order by b.created_at desc, b.id
       limit limit_rows offset skip_rows
    )
    select p.id, p.short_code, p.full_name, p.owner_email, p.plan_type, p.payment_status, p.is_paid, p.created_at,
           (select count(*) from public.memory_entries m where m.book_id = p.id) as memory_count,
           matched as total_count
      from page p
     order by p.created_at desc, p.id;
end
$$;
revoke execute on function public.admin_list_books(search text, page_size integer, page_offset integer) from public;
grant execute on function public.admin_list_books(search text, page_size integer, page_offset integer) to authenticated, service_role;

create or replace function private.is_media_object_in_use(object_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
           select 1 from public.memory_books b
            cross join lateral unnest(array[b.profile_image_url, b.background_image_url]) as u(url)
            cross join lateral (select private.memory_images_path(u.url) as path) p
            where (object_name !~ '^(memories|videos)/' or b.id = private.storage_book_of(object_name))
              and (p.path = object_name or object_name = any (private.derived_object_names(p.path))))
      or exists (
           select 1 from public.memory_entries e
            cross join lateral unnest(e.image_urls || array[e.video_url]) as u(url)
            cross join lateral (select private.memory_images_path(u.url) as path) p
            where e.book_id = private.storage_book_of(object_name)
              and (p.path = object_name or object_name = any (private.derived_object_names(p.path))))
$$;
revoke execute on function private.is_media_object_in_use(object_name text) from public, anon;
grant execute on function private.is_media_object_in_use(object_name text) to authenticated, service_role;

create or replace function private.media_objects_in_use() returns table (object_name text)
language sql stable security definer set search_path = '' as $$
  with referenced as (
    select private.memory_images_path(u.url) as path
      from public.memory_books b
     cross join lateral unnest(array[b.profile_image_url, b.background_image_url]) as u(url)
    union
    select private.memory_images_path(u.url)
      from public.memory_entries e
     cross join lateral unnest(e.image_urls || array[e.video_url]) as u(url)
  )
  select r.path from referenced r where r.path is not null
  union
  select d.name from referenced r cross join lateral unnest(private.derived_object_names(r.path)) as d(name)
$$;
revoke execute on function private.media_objects_in_use() from public, anon, authenticated;

create or replace function private.on_memory_entry_deleted() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  media text[];
begin
  if not exists (select 1 from public.memory_books b where b.id = old.book_id) then
    return old;
  end if;
  select coalesce(array_agg(distinct m.path), '{}') into media
    from unnest(old.image_urls || array[old.video_url]) as u(url)
    cross join lateral (select private.memory_images_path(u.url) as path) m
   where m.path is not null and not private.is_media_object_in_use(m.path);
  perform private.delete_storage_objects(media);
  return old;
end
$$;
revoke execute on function private.on_memory_entry_deleted() from public;

create or replace function private.memory_for_reader(entry public.memory_entries, open boolean) returns public.memory_entries
language plpgsql stable set search_path = '' as $$
begin
  entry.image_urls := array(select private.reader_media_url(u.url, open) from unnest(entry.image_urls) with ordinality as u(url, n) order by u.n);
  entry.video_url := private.reader_media_url(entry.video_url, open);
  entry.author_user_id := null;
  return entry;
end
$$;
revoke execute on function private.memory_for_reader(entry public.memory_entries, open boolean) from public;

create or replace function private.memory_uses_media(book uuid, stem text, hidden boolean) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.memory_entries e
     where e.book_id = book and e.is_hidden = hidden
       and exists (select 1 from unnest(e.image_urls || array[e.video_url]) as u(url)
                    where private.media_stem(private.memory_images_path(u.url)) = stem))
$$;
revoke execute on function private.memory_uses_media(book uuid, stem text, hidden boolean) from public;
