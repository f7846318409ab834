-- Platform admin panel: server-side book and user search (paged, trigram indexes so a substring
-- search stays fast with tens of thousands of rows), overview counts, chat analytics, coupon
-- creation with Hebrew validation, coupon deletion, and the record of a password reset done by the
-- reset-user-password edge function. Every function refuses callers who are not platform admins.

create extension if not exists pg_trgm with schema extensions;

create index if not exists memory_books_full_name_trgm_idx
  on public.memory_books using gin (full_name extensions.gin_trgm_ops);
create index if not exists memory_books_owner_email_trgm_idx
  on public.memory_books using gin (owner_email extensions.gin_trgm_ops);
create index if not exists users_email_trgm_idx
  on public.users using gin (email extensions.gin_trgm_ops);
create index if not exists users_full_name_trgm_idx
  on public.users using gin (full_name extensions.gin_trgm_ops);
-- The lists' order (newest first, id breaking ties), so a page is read from the index, not sorted.
create index if not exists memory_books_created_at_id_idx on public.memory_books (created_at desc, id);
create index if not exists users_created_at_id_idx on public.users (created_at desc, id);

-- The search text as an ILIKE pattern that matches it anywhere, with %, _ and \ taken literally.
create or replace function private.contains_pattern(search text) returns text
language sql immutable set search_path = '' as $$
  select '%' || replace(replace(replace(btrim(search), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;

-- ---------------------------------------------------------------- books
-- Platform admin: one page of books, newest first, optionally filtered by the deceased's name,
-- the owner's e-mail (both substrings, any case) or the book's short id or uuid. Every row carries
-- the number of rows the filter matches (total_count) and its memory count.
create or replace function public.admin_list_books(search text default null, page_size integer default 20, page_offset integer default 0)
returns table (
  id uuid, book_id text, full_name text, owner_email text, plan_type text, payment_status text,
  is_paid boolean, created_at timestamptz, memory_count bigint, total_count bigint
)
language plpgsql stable security definer set search_path = '' as $$
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
      or b.book_id = upper(needle)
      or b.id = as_uuid;

  -- The page is chosen first, so memories are counted for its rows only (not for those OFFSET skips).
  return query
    with page as (
      select b.id, b.book_id, b.full_name, b.owner_email, b.plan_type, b.payment_status, b.is_paid, b.created_at
        from public.memory_books b
       where needle is null
          or b.full_name ilike pattern
          or b.owner_email ilike pattern
          or b.book_id = upper(needle)
          or b.id = as_uuid
       order by b.created_at desc, b.id
       limit limit_rows offset skip_rows
    )
    select p.id, p.book_id, p.full_name, p.owner_email, p.plan_type, p.payment_status, p.is_paid, p.created_at,
           (select count(*) from public.memory_entries m where m.book_id = p.id) as memory_count,
           matched as total_count
      from page p
     order by p.created_at desc, p.id;
end
$$;

-- ---------------------------------------------------------------- users
-- Platform admin: one page of user profiles, newest first, optionally filtered by e-mail or name.
create or replace function public.admin_search_users(search text default null, page_size integer default 20, page_offset integer default 0)
returns table (
  id uuid, email text, full_name text, role text, created_at timestamptz, must_change_password boolean,
  total_count bigint
)
language plpgsql stable security definer set search_path = '' as $$
declare
  needle constant text := nullif(btrim(coalesce(search, '')), '');
  pattern constant text := private.contains_pattern(coalesce(needle, ''));
  matched bigint;
  limit_rows constant integer := least(greatest(coalesce(page_size, 20), 1), 100);
  skip_rows constant integer := greatest(coalesce(page_offset, 0), 0);
begin
  perform private.require_platform_admin();
  if char_length(coalesce(needle, '')) > 200 then
    perform private.refuse('החיפוש ארוך מדי', 'search_too_long');
  end if;
  select count(*) into matched from public.users u
   where needle is null or u.email ilike pattern or u.full_name ilike pattern;
  return query
    select u.id, u.email, u.full_name, u.role, u.created_at, u.must_change_password, matched
      from public.users u
     where needle is null or u.email ilike pattern or u.full_name ilike pattern
     order by u.created_at desc, u.id
     limit limit_rows offset skip_rows;
end
$$;

-- Platform admin: the panel's counts (books, memories, users, platform admins).
create or replace function public.admin_overview_counts()
returns table (books bigint, memories bigint, users bigint, admins bigint)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_platform_admin();
  return query select
    (select count(*) from public.memory_books),
    (select count(*) from public.memory_entries),
    (select count(*) from public.users),
    (select count(*) from public.users u where u.role = 'admin');
end
$$;

-- ---------------------------------------------------------------- chat analytics
-- Platform admin: analytics of the 50 latest chat sessions: their count, the average rating (one
-- decimal, null when none rated), the resolved rate in percent, the 5 most frequent intents of
-- their messages, and the 10 latest sessions with their messages in order.
create or replace function public.admin_chat_analytics() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  result jsonb;
begin
  perform private.require_platform_admin();
  with latest as (
    select s.* from public.chat_sessions s order by s.started_at desc, s.id limit 50
  ),
  intents as (
    select m.intent, count(*) as uses
      from public.chat_messages m
     where m.intent is not null and m.session_id in (select l.session_id from latest l)
     group by m.intent
     order by uses desc, m.intent
     limit 5
  ),
  recent as (
    select l.* from latest l order by l.started_at desc, l.id limit 10
  )
  select jsonb_build_object(
    'session_count', (select count(*) from latest),
    'average_satisfaction',
      (select round(avg(l.user_satisfaction)::numeric, 1) from latest l where l.user_satisfaction is not null),
    'resolved_rate',
      (select case when count(*) = 0 then 0 else round(100.0 * count(*) filter (where l.resolved) / count(*)) end
         from latest l),
    'top_intents',
      coalesce((select jsonb_agg(jsonb_build_object('intent', i.intent, 'count', i.uses) order by i.uses desc, i.intent)
                  from intents i), '[]'::jsonb),
    'recent_sessions',
      coalesce((select jsonb_agg(jsonb_build_object(
                  'session_id', r.session_id,
                  'started_at', r.started_at,
                  'message_count', r.message_count,
                  'user_satisfaction', r.user_satisfaction,
                  'resolved', r.resolved,
                  'messages', coalesce((select jsonb_agg(jsonb_build_object(
                                           'message_text', m.message_text, 'is_bot', m.is_bot,
                                           'intent', m.intent, 'timestamp', m."timestamp")
                                         order by m."timestamp", m.id)
                                          from public.chat_messages m where m.session_id = r.session_id), '[]'::jsonb))
                  order by r.started_at desc, r.id)
                  from recent r), '[]'::jsonb)
  ) into result;
  return result;
end
$$;

-- ---------------------------------------------------------------- coupons
-- Platform admin: creates a coupon. The code is trimmed and upper-cased; percent 1-100, fixed
-- above 0, max uses empty (unlimited) or at least 1, expiry empty or in the future, code unique.
create or replace function public.admin_create_coupon(
  code text, discount_type text, value numeric, target_plan text default null,
  max_uses integer default 1, expires_at timestamptz default null
) returns public.admin_coupons
language plpgsql volatile security definer set search_path = '' as $$
declare
  normalized constant text := upper(btrim(coalesce(code, '')));
  created public.admin_coupons;
begin
  perform private.require_platform_admin();
  if normalized !~ '^[A-Z0-9_-]{3,40}$' then
    perform private.refuse('קוד הקופון חייב להכיל 3 עד 40 אותיות באנגלית, ספרות, מקף או קו תחתון', 'coupon_code_invalid');
  end if;
  if discount_type is null or discount_type not in ('percent', 'fixed') then
    perform private.refuse('סוג ההנחה אינו תקין', 'coupon_type_invalid');
  end if;
  if discount_type = 'percent' and (value is null or value < 1 or value > 100) then
    perform private.refuse('הנחה באחוזים חייבת להיות בין 1 ל-100', 'coupon_value_invalid');
  end if;
  if discount_type = 'fixed' and (value is null or value <= 0 or value > 100000) then
    perform private.refuse('סכום ההנחה חייב להיות גדול מאפס', 'coupon_value_invalid');
  end if;
  if target_plan is not null and target_plan not in ('basic', 'pro', 'full') then
    perform private.refuse('חבילה לא תקינה', 'coupon_plan_invalid');
  end if;
  if max_uses is not null and max_uses < 1 then
    perform private.refuse('מספר השימושים חייב להיות לפחות 1', 'coupon_max_uses_invalid');
  end if;
  if expires_at is not null and expires_at <= now() then
    perform private.refuse('תאריך התפוגה חייב להיות בעתיד', 'coupon_expiry_invalid');
  end if;
  if exists (select 1 from public.admin_coupons c where c.code = normalized) then
    perform private.refuse('קופון עם הקוד הזה כבר קיים', 'coupon_code_taken');
  end if;
  insert into public.admin_coupons (code, discount_type, value, target_plan, max_uses, expires_at)
  values (normalized, admin_create_coupon.discount_type, round(admin_create_coupon.value, 2),
          admin_create_coupon.target_plan, admin_create_coupon.max_uses, admin_create_coupon.expires_at)
  returning * into created;
  perform private.log_admin_action('ADMIN_CREATE_COUPON', null, null,
    jsonb_build_object('code', created.code, 'discount_type', created.discount_type, 'value', created.value));
  return created;
exception
  when unique_violation then
    perform private.refuse('קופון עם הקוד הזה כבר קיים', 'coupon_code_taken');
    return null;
end
$$;

-- Platform admin: deletes a coupon; false when there was none.
create or replace function public.admin_delete_coupon(coupon uuid) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  deleted public.admin_coupons;
begin
  perform private.require_platform_admin();
  delete from public.admin_coupons c where c.id = coupon returning * into deleted;
  if not found then
    return false;
  end if;
  perform private.log_admin_action('ADMIN_DELETE_COUPON', null, null, jsonb_build_object('code', deleted.code));
  return true;
end
$$;

-- ---------------------------------------------------------------- password reset by an admin
-- Service role only (the reset-user-password edge function, after it set the temporary password):
-- the user must choose a new password at the next sign-in, and the reset is logged under the
-- admin's e-mail. Refuses when `admin_user` is not a platform admin or the target does not exist.
create or replace function public.record_admin_password_reset(admin_user uuid, target_user uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  admin_address text;
  target_address text;
begin
  select u.email into admin_address from public.users u where u.id = admin_user and u.role = 'admin';
  if not found then
    perform private.deny('רק מנהלי מערכת יכולים לבצע פעולה זו', 'platform_admin_required');
  end if;
  update public.users u set must_change_password = true where u.id = target_user returning u.email into target_address;
  if not found then
    perform private.refuse('המשתמש לא נמצא', 'user_not_found');
  end if;
  insert into public.admin_logs (admin_email, action, target_user, details)
  values (admin_address, 'ADMIN_RESET_USER_PASSWORD', target_address, '{}'::jsonb);
end
$$;

revoke execute on function private.contains_pattern(text) from public, anon, authenticated;
grant execute on function private.contains_pattern(text) to service_role;

revoke execute on function
  public.admin_list_books(text, integer, integer),
  public.admin_search_users(text, integer, integer),
  public.admin_overview_counts(),
  public.admin_chat_analytics(),
  public.admin_create_coupon(text, text, numeric, text, integer, timestamptz),
  public.admin_delete_coupon(uuid)
  from public, anon;
grant execute on function
  public.admin_list_books(text, integer, integer),
  public.admin_search_users(text, integer, integer),
  public.admin_overview_counts(),
  public.admin_chat_analytics(),
  public.admin_create_coupon(text, text, numeric, text, integer, timestamptz),
  public.admin_delete_coupon(uuid)
  to authenticated, service_role;

revoke execute on function public.record_admin_password_reset(uuid, uuid) from public, anon, authenticated;
grant execute on function public.record_admin_password_reset(uuid, uuid) to service_role;
