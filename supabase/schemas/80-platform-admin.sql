-- Platform admin: the admin log and security log, the admin panel's reads and actions (they run as
-- the admin: row-level security's "platform admins ..." policies give them every row), and the
-- limits on repeated requests (`rate_limit_hit`).
--
-- The database as it stands (supabase/schemas): a change is written here and in a new migration;
-- tests/schema keeps the two equal.

-- Functions may read tables of later files: see 00-extensions-and-roles.sql.
set check_function_bodies = off;

-- ================================================================ tables

create table public.admin_logs (
  id uuid primary key default gen_random_uuid(),
  admin_email text,
  action text not null check (char_length(action) <= 100),
  "timestamp" timestamptz not null default now(),
  target_user text,
  book_id uuid,
  details jsonb not null default '{}'::jsonb
);
alter table public.admin_logs enable row level security;
grant select, update, delete on table public.admin_logs to authenticated;
grant insert (admin_email, action, target_user, book_id, details) on table public.admin_logs to authenticated;
grant select, insert on table public.admin_logs to service_role;

create index admin_logs_timestamp_idx on public.admin_logs ("timestamp" desc);
create index admin_logs_admin_email_idx on public.admin_logs (admin_email, "timestamp" desc);
create index admin_logs_rate_limited_idx on public.admin_logs (target_user, "timestamp" desc)
  where action = 'SECURITY_RATE_LIMITED';

-- One row per counted request of a limited action (scope) by a client (user id or address).
create table public.rate_limit_hits (
  id bigint generated always as identity primary key,
  scope text not null check (scope ~ '^[a-z_]{1,40}$'),
  client_key text not null check (char_length(client_key) between 1 and 120),
  hit_at timestamptz not null default now()
);
alter table public.rate_limit_hits enable row level security;
grant select on table public.rate_limit_hits to authenticated;
grant select, insert, delete on table public.rate_limit_hits to service_role;

create index rate_limit_hits_scope_client_idx on public.rate_limit_hits (scope, client_key, hit_at desc);

-- ================================================================ functions

-- Writes one admin-log row for the caller (their e-mail), with the book, the target user and details.
create function private.log_admin_action(action text, book uuid, target text, details jsonb) returns void
language sql volatile security definer set search_path = '' as $$
  insert into public.admin_logs (admin_email, action, book_id, target_user, details)
  values (public.current_user_email(), action, book, target, coalesce(details, '{}'::jsonb))
$$;
revoke execute on function private.log_admin_action(action text, book uuid, target text, details jsonb) from public;
grant execute on function private.log_admin_action(action text, book uuid, target text, details jsonb) to authenticated;

-- Platform admin: paid becomes test, any other status becomes paid. Returns the new status.
create function public.admin_toggle_payment_status(book uuid) returns text
language plpgsql volatile security invoker set search_path = '' as $$
declare
  old_status text;
  new_status text;
begin
  perform private.require_platform_admin();
  select b.payment_status into old_status from public.memory_books b where b.id = book for update;
  if not found then
    perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
  end if;
  new_status := case when old_status = 'paid' then 'test' else 'paid' end;
  update public.memory_books b set payment_status = new_status where b.id = book;
  perform private.log_admin_action('ADMIN_TOGGLE_PAYMENT_STATUS', book, null,
    jsonb_build_object('from', old_status, 'to', new_status));
  return new_status;
end
$$;
revoke execute on function public.admin_toggle_payment_status(book uuid) from public;
grant execute on function public.admin_toggle_payment_status(book uuid) to authenticated, service_role;

-- Platform admin: every user profile, newest first.
create function public.admin_list_users() returns setof public.users
language plpgsql volatile security invoker set search_path = '' as $$
begin
  perform private.require_platform_admin();
  perform private.log_admin_action('ADMIN_LIST_USERS', null, null, '{}'::jsonb);
  return query select u.* from public.users u order by u.created_at desc;
end
$$;
revoke execute on function public.admin_list_users() from public;
grant execute on function public.admin_list_users() to authenticated, service_role;

-- Platform admin: deletes log rows and code attempts older than 7 days; returns the log rows deleted.
create function public.admin_cleanup_security_logs() returns integer
language plpgsql volatile security invoker set search_path = '' as $$
declare
  removed integer;
begin
  perform private.require_platform_admin();
  delete from public.admin_logs l where l."timestamp" < now() - interval '7 days';
  get diagnostics removed = row_count;
  delete from public.family_code_attempts a where a.attempted_at < now() - interval '7 days';
  delete from public.gift_claim_attempts a where a.attempted_at < now() - interval '7 days';
  perform private.log_admin_action('ADMIN_CLEANUP_SECURITY_LOGS', null, null, jsonb_build_object('deleted', removed));
  return removed;
end
$$;
revoke execute on function public.admin_cleanup_security_logs() from public;
grant execute on function public.admin_cleanup_security_logs() to authenticated, service_role;

-- Platform admin: one page of books, newest first, optionally filtered by the deceased's name,
-- the owner's e-mail (both substrings, any case) or the book's short code or uuid. Every row carries
-- the number of rows the filter matches (total_count) and its memory count.
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

-- Platform admin: one page of user profiles, newest first, optionally filtered by e-mail or name.
create function public.admin_search_users(search text default null, page_size integer default 20, page_offset integer default 0)
returns table (
  id uuid, email text, full_name text, role text, created_at timestamptz, must_change_password boolean,
  total_count bigint
)
language plpgsql stable security invoker set search_path = '' as $$
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
revoke execute on function public.admin_search_users(search text, page_size integer, page_offset integer) from public;
grant execute on function public.admin_search_users(search text, page_size integer, page_offset integer) to authenticated, service_role;

-- Platform admin: the panel's counts (books, memories, users, platform admins).
create function public.admin_overview_counts()
returns table (books bigint, memories bigint, users bigint, admins bigint)
language plpgsql stable security invoker set search_path = '' as $$
begin
  perform private.require_platform_admin();
  return query select
    (select count(*) from public.memory_books),
    (select count(*) from public.memory_entries),
    (select count(*) from public.users),
    (select count(*) from public.users u where u.role = 'admin');
end
$$;
revoke execute on function public.admin_overview_counts() from public;
grant execute on function public.admin_overview_counts() to authenticated, service_role;

-- Service role only (the reset-user-password edge function, after it set the temporary password):
-- the user must choose a new password at the next sign-in, and the reset is logged under the
-- admin's e-mail. Refuses when `admin_user` is not a platform admin or the target does not exist.
create function public.record_admin_password_reset(admin_user uuid, target_user uuid) returns void
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
revoke execute on function public.record_admin_password_reset(admin_user uuid, target_user uuid) from public;
grant execute on function public.record_admin_password_reset(admin_user uuid, target_user uuid) to service_role;

-- The security tab refreshes every 30 seconds: logging every refresh as ADMIN_VIEW_SECURITY_LOG
-- would push the rows worth reading out of the 50 shown. A view is logged at most once per admin
-- in 10 minutes; everything else is as before.
create function public.admin_security_logs(max_rows integer default 50) returns setof public.admin_logs
language plpgsql volatile security invoker set search_path = '' as $$
begin
  perform private.require_platform_admin();
  if not exists (
    select 1 from public.admin_logs l
     where l.admin_email = public.current_user_email() and l.action = 'ADMIN_VIEW_SECURITY_LOG'
       and l."timestamp" > now() - interval '10 minutes'
  ) then
    perform private.log_admin_action('ADMIN_VIEW_SECURITY_LOG', null, null, '{}'::jsonb);
  end if;
  return query
    select l.* from public.admin_logs l
     order by l."timestamp" desc
     limit least(greatest(coalesce(max_rows, 50), 1), 500);
end
$$;
revoke execute on function public.admin_security_logs(max_rows integer) from public;
grant execute on function public.admin_security_logs(max_rows integer) to authenticated, service_role;

-- Service role only (the edge functions' limits): counts one request of each of `clients` (an
-- address, a user, a session …) in `scope` and answers false, recording nothing, when any of them
-- already made `max_hits` in the last `window_seconds`. A refusal writes one SECURITY_RATE_LIMITED
-- row to admin_logs per scope, client and window (the abuse is seen without flooding the log).
-- Concurrent calls for one client wait for each other; hits older than a day are deleted.
create function public.rate_limit_hit(scope text, clients text[], max_hits integer, window_seconds integer)
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  client text;
  keys text[];
begin
  select coalesce(array_agg(distinct left(btrim(c), 120) order by left(btrim(c), 120)), '{}') into keys
    from unnest(clients) as c where nullif(btrim(c), '') is not null;
  foreach client in array keys loop
    perform pg_advisory_xact_lock(hashtextextended('rate_limit:' || scope || ':' || client, 0));
  end loop;
  foreach client in array keys loop
    if (select count(*) from public.rate_limit_hits h
         where h.scope = rate_limit_hit.scope and h.client_key = client
           and h.hit_at > now() - make_interval(secs => window_seconds)) >= max_hits then
      if not exists (
        select 1 from public.admin_logs l
         where l.action = 'SECURITY_RATE_LIMITED' and l.target_user = left(client, 200)
           and l.details ->> 'scope' = rate_limit_hit.scope
           and l."timestamp" > now() - make_interval(secs => window_seconds)
      ) then
        insert into public.admin_logs (admin_email, action, target_user, book_id, details)
        values (null, 'SECURITY_RATE_LIMITED', left(client, 200), null,
                jsonb_build_object('scope', rate_limit_hit.scope, 'max_hits', max_hits,
                                   'window_seconds', window_seconds));
      end if;
      return false;
    end if;
  end loop;
  insert into public.rate_limit_hits (scope, client_key) select rate_limit_hit.scope, k from unnest(keys) as k;
  delete from public.rate_limit_hits h where h.scope = rate_limit_hit.scope and h.hit_at < now() - interval '1 day';
  return true;
end
$$;
revoke execute on function public.rate_limit_hit(scope text, clients text[], max_hits integer, window_seconds integer) from public;
grant execute on function public.rate_limit_hit(scope text, clients text[], max_hits integer, window_seconds integer) to service_role;

-- How many security reports the caller sent in the last hour. SECURITY DEFINER because a policy on
-- admin_logs cannot read admin_logs itself (PostgreSQL refuses the recursion); it counts only the
-- caller's own reports.
create function private.security_reports_last_hour()
returns bigint
language sql stable security definer set search_path = ''
as $$
  select count(*) from public.admin_logs l
   where l.admin_email is null and l.details ->> 'reported_by' = 'user'
     and l.details ->> 'user_id' = (select auth.uid())::text
     and l."timestamp" > now() - interval '1 hour'
$$;
revoke execute on function private.security_reports_last_hour() from public;
grant execute on function private.security_reports_last_hour() to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker): a signed-in user reports a suspicious event about
-- themselves (SECURITY_SUSPICIOUS_*, details at most 2,000 bytes); past 20 an hour the report is
-- dropped quietly.
create function public.log_security_event(action text, details jsonb default '{}'::jsonb)
returns void
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  caller constant uuid := (select auth.uid());
  report constant jsonb := coalesce(log_security_event.details, '{}'::jsonb);
begin
  if caller is null then
    perform private.deny('נדרשת התחברות', 'login_required');
  end if;
  if log_security_event.action !~ '^SECURITY_SUSPICIOUS_[A-Z0-9_]{1,50}$' or jsonb_typeof(report) <> 'object'
     or octet_length(report::text) > 2000 then
    perform private.refuse('סוג אירוע לא מוכר', 'security_event_invalid');
  end if;
  -- Over the hourly limit the report is dropped quietly (the policy would refuse it).
  if private.security_reports_last_hour() >= 20 then
    return;
  end if;
  insert into public.admin_logs (action, target_user, details)
  values (log_security_event.action, coalesce(private.current_user_email(), caller::text),
          report || jsonb_build_object('reported_by', 'user', 'user_id', caller));
end
$$;
revoke execute on function public.log_security_event(action text, details jsonb) from public;
grant execute on function public.log_security_event(action text, details jsonb) to authenticated, service_role;

-- ================================================================ policies

-- Only a platform admin reads the log.
create policy "platform admins read admin logs" on public.admin_logs
  for select to authenticated
  using ((select private.is_platform_admin()));

-- A platform admin writes any entry; a signed-in user only a report of a suspicious event about
-- themselves, named SECURITY_SUSPICIOUS_*, at most 20 an hour.
create policy "platform admins and reporters add admin logs" on public.admin_logs
  for insert to authenticated
  with check (
    (select private.is_platform_admin())
    or (admin_email is null and book_id is null
        and action ~ '^SECURITY_SUSPICIOUS_[A-Z0-9_]{1,50}$'
        and jsonb_typeof(details) = 'object' and octet_length(details::text) <= 2100
        and details ->> 'reported_by' = 'user' and details ->> 'user_id' = (select auth.uid())::text
        and target_user = coalesce((select private.current_user_email()), (select auth.uid())::text)
        and (select private.security_reports_last_hour()) < 20)
  );

-- Only a platform admin changes entries.
create policy "platform admins change admin logs" on public.admin_logs
  for update to authenticated
  using ((select private.is_platform_admin()))
  with check ((select private.is_platform_admin()));

-- Only a platform admin removes entries (the log's clean-up).
create policy "platform admins delete admin logs" on public.admin_logs
  for delete to authenticated
  using ((select private.is_platform_admin()));

-- Platform admins see the counted requests.
create policy "platform admins read rate limit hits" on public.rate_limit_hits
  for select to authenticated
  using ((select private.is_platform_admin()));
