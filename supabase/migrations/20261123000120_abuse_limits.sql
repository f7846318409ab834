-- Abuse limits: one memory per request, anonymous uploads per book per hour, coupon checks per
-- client (recorded by the service role, outside the caller's transaction), chat messages only
-- into one's own session, and security events a user may report about themselves only.

-- ---------------------------------------------------------------- one memory per request
-- An API caller (anon, authenticated) inserts at most one memory per statement; bulk inserts
-- come only from trusted callers (service role, migrations, platform admins).
create or replace function private.memory_entries_one_per_request() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not private.is_trusted_caller() and (select count(*) from inserted_rows) > 1 then
    perform private.refuse('ניתן להוסיף זיכרון אחד בכל פעם', 'memory_bulk_insert');
  end if;
  return null;
end
$$;

create trigger memory_entries_one_per_request
  after insert on public.memory_entries
  referencing new table as inserted_rows
  for each statement execute function private.memory_entries_one_per_request();

-- ---------------------------------------------------------------- anonymous uploads per hour
-- Files uploaded without a session into the book's memories/ and videos/ folders in the last hour.
create or replace function private.anonymous_uploads_last_hour(book uuid) returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer from storage.objects o
   where o.bucket_id = 'memory-images'
     and o.owner_id is null
     and (o.name like 'memories/' || book::text || '/%' or o.name like 'videos/' || book::text || '/%')
     and o.created_at > now() - interval '1 hour'
$$;

-- May the caller upload this memory photo or video? The book must be paid and its plan allow it;
-- without a session, at most 100 files per book per hour.
create or replace function public.can_upload_memory_media(object_name text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  book constant uuid := private.storage_book_of(object_name);
  plan text;
  paid boolean;
begin
  if book is null then
    return false;
  end if;
  select b.plan_type, b.is_paid into plan, paid from public.memory_books b where b.id = book;
  if not coalesce(paid, false) then
    return false;
  end if;
  if auth.uid() is null and private.anonymous_uploads_last_hour(book) >= 100 then
    return false;
  end if;
  if object_name like 'memories/%' then
    return plan in ('pro', 'full') and private.has_image_extension(object_name);
  end if;
  return plan = 'full' and private.has_video_extension(object_name);
end
$$;

-- ---------------------------------------------------------------- rate limits
-- One row per counted request of a limited action (scope) by a client (user id or address).
create table public.rate_limit_hits (
  id bigint generated always as identity primary key,
  scope text not null check (scope ~ '^[a-z_]{1,40}$'),
  client_key text not null check (char_length(client_key) between 1 and 120),
  hit_at timestamptz not null default now()
);

create index rate_limit_hits_scope_client_idx on public.rate_limit_hits (scope, client_key, hit_at desc);

alter table public.rate_limit_hits enable row level security;
revoke all on public.rate_limit_hits from public, anon, authenticated;
grant select on public.rate_limit_hits to authenticated;
grant select, insert, delete on public.rate_limit_hits to service_role;

-- Platform admins see the counted requests.
create policy "platform admins read rate limit hits" on public.rate_limit_hits
  for select to authenticated
  using ((select public.is_platform_admin()));

-- Service role only: counts one request of `scope` by each of `clients` and answers whether all
-- of them are still within `max_hits` per `window_seconds`. A refused request is not counted.
-- Serialised per scope and client, so concurrent requests cannot all slip under the limit.
create or replace function public.rate_limit_hit(scope text, clients text[], max_hits integer, window_seconds integer)
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
      return false;
    end if;
  end loop;
  insert into public.rate_limit_hits (scope, client_key) select rate_limit_hit.scope, k from unnest(keys) as k;
  delete from public.rate_limit_hits h where h.scope = rate_limit_hit.scope and h.hit_at < now() - interval '1 day';
  return true;
end
$$;

revoke execute on function public.rate_limit_hit(text, text[], integer, integer) from public, anon, authenticated;
grant execute on function public.rate_limit_hit(text, text[], integer, integer) to service_role;

-- Coupons are checked only through the validate-coupon function, which requires a signed-in
-- user and limits the checks per client.
revoke execute on function public.validate_coupon(text, text) from public, anon, authenticated;
grant execute on function public.validate_coupon(text, text) to service_role;

-- ---------------------------------------------------------------- support chat
-- The session's owner: a session started by a signed-in user takes messages and ratings only from
-- that user (or the service role); one started anonymously only from whoever holds its random id,
-- up to 200 messages.
create or replace function private.require_chat_session_writer(session_id text) returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  owner_id uuid;
begin
  select s.user_id into owner_id from public.chat_sessions s where s.session_id = require_chat_session_writer.session_id;
  if owner_id is not null and owner_id is distinct from auth.uid() and not private.is_service_request() then
    perform private.deny('שיחה לא נמצאה', 'chat_session_not_found');
  end if;
end
$$;

-- Anyone: records one chat message (the visitor's or the bot's answer) of their own chat session,
-- creating the session on its first message. The session id is a random id the widget generated.
create or replace function public.chat_record_message(
  session_id text, message_text text, is_bot boolean default false, intent text default null
) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  message_id uuid;
begin
  insert into public.chat_sessions (session_id, user_id)
  values (chat_record_message.session_id, auth.uid())
  on conflict on constraint chat_sessions_session_id_key do nothing;
  perform private.require_chat_session_writer(chat_record_message.session_id);
  if (select s.message_count from public.chat_sessions s where s.session_id = chat_record_message.session_id) >= 200 then
    perform private.refuse('השיחה ארוכה מדי, אפשר לפתוח שיחה חדשה', 'chat_session_full');
  end if;
  insert into public.chat_messages (session_id, message_text, is_bot, intent)
  values (chat_record_message.session_id, left(btrim(message_text), 2000), coalesce(is_bot, false), intent)
  returning id into message_id;
  update public.chat_sessions s set message_count = s.message_count + 1
   where s.session_id = chat_record_message.session_id;
  return message_id;
end
$$;

-- Anyone: rates their own chat session 1-5 and says whether it solved the question.
create or replace function public.chat_rate_session(session_id text, rating integer, resolved boolean default null)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_chat_session_writer(chat_rate_session.session_id);
  update public.chat_sessions s
     set user_satisfaction = rating,
         resolved = coalesce(chat_rate_session.resolved, s.resolved)
   where s.session_id = chat_rate_session.session_id;
  if not found then
    perform private.refuse('שיחה לא נמצאה', 'chat_session_not_found');
  end if;
end
$$;

-- ---------------------------------------------------------------- security events
-- Signed-in user: records a security event about their own session. Only the events a client can
-- observe (SECURITY_SUSPICIOUS_*), never a book, marked as reported by the user, at most 20 per
-- user per hour; the server's own SECURITY_* rows (lockouts, payment mismatches) cannot be forged.
create or replace function public.log_security_event(action text, details jsonb default '{}'::jsonb) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller_email constant text := coalesce(public.current_user_email(), auth.uid()::text);
begin
  if auth.uid() is null then
    perform private.deny('נדרשת התחברות', 'login_required');
  end if;
  if action !~ '^SECURITY_SUSPICIOUS_[A-Z0-9_]{1,50}$' or jsonb_typeof(coalesce(details, '{}'::jsonb)) <> 'object'
     or octet_length(coalesce(details, '{}'::jsonb)::text) > 2000 then
    perform private.refuse('סוג אירוע לא מוכר', 'security_event_invalid');
  end if;
  if (select count(*) from public.admin_logs l
       where l.target_user = caller_email and l.details ->> 'reported_by' = 'user'
         and l."timestamp" > now() - interval '1 hour') >= 20 then
    return;
  end if;
  insert into public.admin_logs (admin_email, action, target_user, book_id, details)
  values (null, action, caller_email, null,
          coalesce(details, '{}'::jsonb) || jsonb_build_object('reported_by', 'user', 'user_id', auth.uid()));
end
$$;

-- Reached only through triggers and the security-definer functions above.
revoke all on function
  private.memory_entries_one_per_request(),
  private.anonymous_uploads_last_hour(uuid),
  private.require_chat_session_writer(text)
  from public, anon, authenticated, service_role;
