-- Platform-admin functions (each refuses non-admins with 42501 and writes an admin_logs row),
-- security events from signed-in sessions, and the support chat's recording functions.

create or replace function private.require_platform_admin() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not public.is_platform_admin() then
    perform private.deny('רק מנהלי מערכת יכולים לבצע פעולה זו', 'platform_admin_required');
  end if;
end
$$;

create or replace function private.log_admin_action(action text, book uuid, target text, details jsonb) returns void
language sql volatile security definer set search_path = '' as $$
  insert into public.admin_logs (admin_email, action, book_id, target_user, details)
  values (public.current_user_email(), action, book, target, coalesce(details, '{}'::jsonb))
$$;

-- Platform admin: paid becomes test, any other status becomes paid (spec 001 §4). Returns the new status.
create or replace function public.admin_toggle_payment_status(book uuid) returns text
language plpgsql volatile security definer set search_path = '' as $$
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

-- Platform admin: deletes a book with its memories, invitations, attempts and files.
create or replace function public.admin_delete_book(book uuid) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  deleted public.memory_books;
begin
  perform private.require_platform_admin();
  delete from public.memory_books b where b.id = book returning * into deleted;
  if not found then
    return false;
  end if;
  perform private.log_admin_action('ADMIN_DELETE_BOOK', book, deleted.owner_email,
    jsonb_build_object('full_name', deleted.full_name, 'book_id', deleted.book_id));
  return true;
end
$$;

-- Platform admin: every user profile, newest first.
create or replace function public.admin_list_users() returns setof public.users
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_platform_admin();
  perform private.log_admin_action('ADMIN_LIST_USERS', null, null, '{}'::jsonb);
  return query select u.* from public.users u order by u.created_at desc;
end
$$;

-- Platform admin: the newest admin_logs rows (default 50, at most 500). The screen marks actions
-- containing SECURITY_ or SUSPICIOUS.
create or replace function public.admin_security_logs(max_rows integer default 50) returns setof public.admin_logs
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_platform_admin();
  perform private.log_admin_action('ADMIN_VIEW_SECURITY_LOG', null, null, '{}'::jsonb);
  return query
    select l.* from public.admin_logs l
     order by l."timestamp" desc
     limit least(greatest(coalesce(max_rows, 50), 1), 500);
end
$$;

-- Platform admin: deletes log rows and code attempts older than 7 days; returns the log rows deleted.
create or replace function public.admin_cleanup_security_logs() returns integer
language plpgsql volatile security definer set search_path = '' as $$
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

revoke execute on function public.admin_toggle_payment_status(uuid), public.admin_delete_book(uuid),
  public.admin_list_users(), public.admin_security_logs(integer), public.admin_cleanup_security_logs()
  from public, anon;
grant execute on function public.admin_toggle_payment_status(uuid), public.admin_delete_book(uuid),
  public.admin_list_users(), public.admin_security_logs(integer), public.admin_cleanup_security_logs()
  to authenticated, service_role;

-- Signed-in user: records a security event of their own session (e.g. SECURITY_SUSPICIOUS_INACTIVITY).
-- Only SECURITY_* actions, at most 20 per user per hour.
create or replace function public.log_security_event(action text, details jsonb default '{}'::jsonb) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller_email constant text := coalesce(public.current_user_email(), auth.uid()::text);
begin
  if auth.uid() is null then
    perform private.deny('נדרשת התחברות', 'login_required');
  end if;
  if action !~ '^SECURITY_[A-Z0-9_]{1,60}$' or octet_length(coalesce(details, '{}'::jsonb)::text) > 2000 then
    perform private.refuse('סוג אירוע לא מוכר', 'security_event_invalid');
  end if;
  if (select count(*) from public.admin_logs l
       where l.target_user = caller_email and l."timestamp" > now() - interval '1 hour') >= 20 then
    return;
  end if;
  insert into public.admin_logs (admin_email, action, target_user, details)
  values (null, action, caller_email, coalesce(details, '{}'::jsonb));
end
$$;

revoke execute on function public.log_security_event(text, jsonb) from public, anon;
grant execute on function public.log_security_event(text, jsonb) to authenticated, service_role;

-- ---------------------------------------------------------------- support chat
-- Anyone: records one chat message (the visitor's or the bot's answer) of a chat session, creating
-- the session on its first message. The session id is a random id the widget generated.
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
  insert into public.chat_messages (session_id, message_text, is_bot, intent)
  values (chat_record_message.session_id, left(btrim(message_text), 2000), coalesce(is_bot, false), intent)
  returning id into message_id;
  update public.chat_sessions s set message_count = s.message_count + 1
   where s.session_id = chat_record_message.session_id;
  return message_id;
end
$$;

-- Anyone: rates a chat session 1-5 and says whether it solved the question.
create or replace function public.chat_rate_session(session_id text, rating integer, resolved boolean default null)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  update public.chat_sessions s
     set user_satisfaction = rating,
         resolved = coalesce(chat_rate_session.resolved, s.resolved)
   where s.session_id = chat_rate_session.session_id;
  if not found then
    perform private.refuse('שיחה לא נמצאה', 'chat_session_not_found');
  end if;
end
$$;
