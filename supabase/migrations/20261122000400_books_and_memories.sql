-- Books and memories: the public card, the caller's own books, family codes (verification,
-- lockout, regeneration), reading memories with a code, and adding memories under the plan's rules.
--
-- Refusals raise SQLSTATE P0001 (HTTP 400) with a Hebrew message the app shows as is and a stable
-- `hint` it can map (memory_limit_images, memory_book_unpaid …); a family-code lockout raises
-- SQLSTATE PT429 (HTTP 429) with hint family_code_locked.

-- ---------------------------------------------------------------- memory validation
-- Plan and payment of a book, for the (non-definer) validation trigger.
create or replace function private.book_plan(book uuid)
returns table (plan_type text, is_paid boolean)
language sql stable security definer set search_path = '' as $$
  select b.plan_type, b.is_paid from public.memory_books b where b.id = book
$$;

-- Is `url` a public URL of a file directly under <folder>/<book>/ in the memory-images bucket?
create or replace function private.is_book_media_url(url text, folder text, book uuid) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(
    private.memory_images_path(url) ~ ('^' || folder || '/' || book::text || '/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$'),
    false
  )
$$;

-- Every memory, however it arrives (REST insert, add_memory(), service role, seed), must satisfy
-- the rules of DECISIONS.md: paid book, an author, a relation, at least one text, images only on
-- pro/full (5 for a guest, 10 for a family-code entrant), video only on full, length limits, and
-- media only from this book's folders of the memory-images bucket.
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
  new.image_descriptions := coalesce(new.image_descriptions, '{}');
  images := new.image_urls;
  if new.image_url is not null and not (new.image_url = any (images)) then
    images := array_prepend(new.image_url, images);
  end if;
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
  foreach caption in array new.image_captions || new.image_descriptions || array[new.image_description] loop
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

create trigger memory_entries_validate
  before insert on public.memory_entries
  for each row execute function private.memory_entries_validate();

-- ---------------------------------------------------------------- family codes
-- Who tried (for the security log): user id, forwarded address, user agent.
create or replace function private.client_hint() returns text
language plpgsql stable set search_path = '' as $$
declare
  headers jsonb;
begin
  begin
    headers := nullif(current_setting('request.headers', true), '')::jsonb;
  exception when others then
    headers := null;
  end;
  return left(concat_ws(' ',
    'user:' || coalesce(auth.uid()::text, 'anonymous'),
    'ip:' || coalesce(headers ->> 'x-forwarded-for', headers ->> 'x-real-ip'),
    'ua:' || left(headers ->> 'user-agent', 80)
  ), 200);
end
$$;

-- Until when the book's family code is locked, or null.
create or replace function private.family_code_locked_until(book uuid) returns timestamptz
language sql stable security definer set search_path = '' as $$
  select max(a.locks_until) from public.family_code_attempts a
   where a.book_id = book and a.locks_until > now()
$$;

-- Compares a typed code with the book's (case and surrounding spaces ignored) and records the
-- attempt. The 10th wrong attempt within 15 minutes (counted since the last lockout ended) locks
-- the book's code for 15 minutes and writes SECURITY_FAMILY_CODE_LOCKOUT to admin_logs; while
-- locked, every attempt, right or wrong, is refused with PT429. Wrong codes return false rather
-- than raising, so the recorded attempt is committed.
create or replace function private.check_family_code(book uuid, code text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  expected text;
  matches boolean;
  attempt_id bigint;
  window_start timestamptz;
  failures integer;
begin
  perform pg_advisory_xact_lock(hashtextextended('family_code:' || book::text, 0));
  if private.family_code_locked_until(book) is not null then
    raise exception using message = 'יותר מדי ניסיונות, נסו שוב בעוד מספר דקות',
      hint = 'family_code_locked', errcode = 'PT429';
  end if;
  select b.family_access_code into expected from public.memory_books b where b.id = book;
  matches := expected is not null and upper(btrim(coalesce(code, ''))) = expected;
  insert into public.family_code_attempts (book_id, success, client_hint)
  values (book, matches, private.client_hint())
  returning id into attempt_id;
  if matches then
    return true;
  end if;

  select greatest(now() - interval '15 minutes', coalesce(max(a.locks_until), '-infinity'::timestamptz))
    into window_start
    from public.family_code_attempts a
   where a.book_id = book and a.locks_until is not null;
  select count(*) into failures
    from public.family_code_attempts a
   where a.book_id = book and not a.success and a.attempted_at > window_start;
  if failures >= 10 then
    update public.family_code_attempts set locks_until = now() + interval '15 minutes' where id = attempt_id;
    insert into public.admin_logs (admin_email, action, target_user, book_id, details)
    values (
      null,
      'SECURITY_FAMILY_CODE_LOCKOUT',
      coalesce(public.current_user_email(), 'anonymous'),
      book,
      jsonb_build_object('failed_attempts', failures, 'locked_until', now() + interval '15 minutes',
                         'client', private.client_hint())
    );
  end if;
  return false;
end
$$;

-- Anyone: is this the book's family code? (book_ref = short book_id or uuid.) Wrong codes count
-- toward the lockout; during a lockout it raises PT429 'יותר מדי ניסיונות, נסו שוב בעוד מספר דקות'.
create or replace function public.verify_family_code(book_ref text, code text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  book uuid := private.resolve_book(book_ref);
begin
  if book is null then
    return false;
  end if;
  return private.check_family_code(book, code);
end
$$;

-- Owner or platform admin (or the service role): a new 6-character family code for the book.
create or replace function public.generate_family_code(book uuid) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  new_code constant text := private.random_code(private.code_alphabet(), 6);
begin
  if not (public.is_book_owner(book) or public.is_platform_admin() or private.is_service_request()) then
    perform private.deny('רק בעל הספר יכול ליצור קוד חדש', 'not_book_owner');
  end if;
  update public.memory_books set family_access_code = new_code where id = book;
  if not found then
    perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
  end if;
  if public.is_platform_admin() and not public.is_book_owner(book) then
    insert into public.admin_logs (admin_email, action, book_id, details)
    values (public.current_user_email(), 'ADMIN_RESET_FAMILY_CODE', book, '{}'::jsonb);
  end if;
  return new_code;
end
$$;

-- ---------------------------------------------------------------- reading books
-- Anyone: the public card of a book (share page, QR page, social preview), by short id or uuid.
-- Exactly these fields; never the family code, owner e-mail or gift fields.
create or replace function public.get_book_card(book_ref text)
returns table (
  id uuid, book_id text, full_name text, birth_date date, death_date date, memory_quote text,
  profile_image_url text, background_image_url text, creator_name text, is_public boolean,
  plan_type text, is_paid boolean
)
language sql stable security definer set search_path = '' as $$
  select b.id, b.book_id, b.full_name, b.birth_date, b.death_date, b.memory_quote,
         b.profile_image_url, b.background_image_url, b.creator_name, b.is_public,
         b.plan_type, b.is_paid
    from public.memory_books b
   where b.id = private.resolve_book(book_ref)
$$;

-- A signed-in user's books: owned, family-admin, bought (gifts) and claimed, each with the secret
-- fields the caller may see (family code: owner and family admin; owner e-mail: owner; gift code:
-- purchaser and claimer) and null otherwise. Filter it like a table: .rpc('my_books').eq('id', …).
create or replace function public.my_books()
returns table (
  id uuid, book_id text, full_name text, birth_date date, death_date date, memory_quote text,
  profile_image_url text, background_image_url text, creator_name text, purchaser_name text,
  is_public boolean, plan_type text, payment_status text, is_paid boolean, completion_status text,
  created_at timestamptz, updated_at timestamptz,
  owner_email text, family_access_code text, gift_code text, gift_status text,
  gift_recipient_name text, gift_purchased_at timestamptz, gift_claimed_at timestamptz,
  gift_code_expires_at timestamptz, gift_activated boolean,
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
  select m.id, m.book_id, m.full_name, m.birth_date, m.death_date, m.memory_quote,
         m.profile_image_url, m.background_image_url, m.creator_name, m.purchaser_name,
         m.is_public, m.plan_type, m.payment_status, m.is_paid, m.completion_status,
         m.created_at, m.updated_at,
         case when m.owns then m.owner_email end,
         case when m.owns or m.administers then m.family_access_code end,
         case when m.bought or m.claimed then m.gift_code end,
         m.gift_status, m.gift_recipient_name, m.gift_purchased_at, m.gift_claimed_at,
         m.gift_code_expires_at, m.gift_activated,
         m.owns, m.administers, m.bought, m.claimed,
         (select count(*) from public.memory_entries e where e.book_id = m.id)
    from mine m
   order by m.created_at desc
$$;

-- Memories of a book, oldest first: to its owner, confirmed family admins and platform admins
-- all of them (hidden ones included, flagged by is_hidden); to anyone else only the visible
-- memories of a paid book that is public or whose family code is given. A wrong code counts
-- toward the lockout and returns no rows; no code on a private book is refused (42501).
create or replace function public.get_book_memories(book_ref text, code text default null)
returns setof public.memory_entries
language plpgsql volatile security definer set search_path = '' as $$
declare
  book uuid := private.resolve_book(book_ref);
  book_is_public boolean;
  book_is_paid boolean;
begin
  if book is null then
    perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
  end if;
  if public.can_read_book(book) or private.is_service_request() then
    return query select e.* from public.memory_entries e where e.book_id = book order by e.created_at, e.id;
    return;
  end if;
  select b.is_public, b.is_paid into book_is_public, book_is_paid from public.memory_books b where b.id = book;
  if not book_is_paid then
    return;
  end if;
  if not book_is_public then
    if nullif(btrim(code), '') is null then
      perform private.deny('הספר פתוח למשפחה בלבד, יש להזין קוד משפחתי', 'family_code_required');
    end if;
    if not private.check_family_code(book, code) then
      return;
    end if;
  end if;
  return query
    select e.* from public.memory_entries e
     where e.book_id = book and not e.is_hidden
     order by e.created_at, e.id;
end
$$;

-- ---------------------------------------------------------------- adding memories
create type public.add_memory_result as (
  ok boolean,
  reason text,
  message text,
  memory_id uuid,
  source text
);

-- Anyone: adds a memory to a paid book. With a family code (verified here, in the same call) or
-- when the caller is the owner, a confirmed family admin or a platform admin, the memory is a
-- family memory (relation 'בן משפחה', up to 10 images); otherwise a guest memory (up to 5).
-- A wrong code returns ok=false, reason family_code_invalid (the attempt is counted); every
-- other refusal raises P0001 from the validation trigger.
create or replace function public.add_memory(
  book_ref text,
  family_code text default null,
  full_name text default null,
  relation text default null,
  text1 text default null,
  text2 text default null,
  text3 text default null,
  image_urls text[] default '{}',
  image_captions text[] default '{}',
  video_url text default null
) returns public.add_memory_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  book uuid := private.resolve_book(book_ref);
  entry_source text := 'guest';
  entry_relation text := relation;
  new_id uuid;
begin
  if book is null then
    perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
  end if;
  if nullif(btrim(family_code), '') is not null then
    if not private.check_family_code(book, family_code) then
      return row(false, 'family_code_invalid', 'הקוד המשפחתי שהזנת אינו נכון', null, null)::public.add_memory_result;
    end if;
    entry_source := 'family';
  elsif public.can_read_book(book) then
    entry_source := 'family';
  end if;
  if entry_source = 'family' then
    entry_relation := 'בן משפחה';
  end if;
  insert into public.memory_entries (
    book_id, full_name, relation_to_deceased, memory_text_1, memory_text_2, memory_text_3,
    image_urls, image_captions, video_url, source, author_user_id
  ) values (
    book, add_memory.full_name, entry_relation, text1, text2, text3,
    coalesce(add_memory.image_urls, '{}'), coalesce(add_memory.image_captions, '{}'),
    nullif(btrim(add_memory.video_url), ''), entry_source, auth.uid()
  )
  returning id into new_id;
  return row(true, 'created', 'הזיכרון נשמר', new_id, entry_source)::public.add_memory_result;
end
$$;
