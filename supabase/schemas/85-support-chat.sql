-- Support chat: chat sessions and messages on the public pages, written through functions with the
-- session's token, rated by the visitor, and read by platform admins.
--
-- The database as it stands (supabase/schemas): a change is written here and in a new migration;
-- tests/schema keeps the two equal.

-- Functions may read tables of later files: see 00-extensions-and-roles.sql.
set check_function_bodies = off;

-- ================================================================ tables

create table public.chat_sessions (
  id uuid primary key default gen_random_uuid(),
  session_id text not null unique check (session_id ~ '^[A-Za-z0-9_-]{16,100}$'),
  user_id uuid references auth.users (id) on delete set null,
  started_at timestamptz not null default now(),
  message_count integer not null default 0,
  user_satisfaction integer check (user_satisfaction between 1 and 5),
  resolved boolean not null default false
);
alter table public.chat_sessions enable row level security;
grant select, insert, update, delete on table public.chat_sessions to authenticated;

create index chat_sessions_started_at_idx on public.chat_sessions (started_at desc);
create index chat_sessions_user_id_idx on public.chat_sessions (user_id);

create table public.chat_messages (
  id uuid primary key default gen_random_uuid(),
  session_id text not null references public.chat_sessions (session_id) on delete cascade,
  message_text text not null check (char_length(message_text) between 1 and 2000),
  is_bot boolean not null default false,
  intent text check (intent in ('pricing', 'gift', 'technical', 'family_code', 'process', 'support', 'greeting', 'other')),
  "timestamp" timestamptz not null default now(),
  -- The order messages were written in (two of one exchange can share a timestamp).
  position bigint generated always as identity
);
alter table public.chat_messages enable row level security;
grant select, insert, update, delete on table public.chat_messages to authenticated;

create index chat_messages_session_idx on public.chat_messages (session_id, "timestamp");
create index chat_messages_intent_idx on public.chat_messages (intent) where intent is not null;
create index chat_messages_session_position_idx on public.chat_messages (session_id, position);

create table private.chat_session_tokens (
  session_id text primary key references public.chat_sessions (session_id) on delete cascade,
  token_hash text not null check (token_hash ~ '^[0-9a-f]{64}$')
);
alter table private.chat_session_tokens enable row level security;

-- ================================================================ functions

-- The session's owner: a session started by a signed-in user takes messages and ratings only from
-- that user (or the service role); one started anonymously only from whoever holds its random id,
-- up to 200 messages.
create function private.require_chat_session_writer(session_id text) returns void
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
revoke execute on function private.require_chat_session_writer(session_id text) from public;

-- Anyone: records one chat message (the visitor's or the bot's answer) of their own chat session,
-- creating the session on its first message. The session id is a random id the widget generated.
create function public.chat_record_message(
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
revoke execute on function public.chat_record_message(session_id text, message_text text, is_bot boolean, intent text) from public;
grant execute on function public.chat_record_message(session_id text, message_text text, is_bot boolean, intent text) to service_role;

-- Anyone: rates their own chat session 1-5 and says whether it solved the question.
create function public.chat_rate_session(session_id text, rating integer, resolved boolean default null)
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
revoke execute on function public.chat_rate_session(session_id text, rating integer, resolved boolean) from public;
grant execute on function public.chat_rate_session(session_id text, rating integer, resolved boolean) to service_role;

-- The session, locked for this transaction, when `session_token` is its token; otherwise refused
-- as "not found" (the caller learns nothing about sessions it does not hold).
create function private.chat_session_for_token(session_id text, session_token text)
returns public.chat_sessions
language plpgsql volatile security definer set search_path = '' as $$
declare
  found_session public.chat_sessions;
begin
  select s.* into found_session
    from public.chat_sessions s
    join private.chat_session_tokens t on t.session_id = s.session_id
   where s.session_id = chat_session_for_token.session_id
     and t.token_hash = encode(pg_catalog.sha256(convert_to(coalesce(session_token, ''), 'UTF8')), 'hex')
     for update of s;
  if found_session.id is null then
    perform private.deny('השיחה לא נמצאה, אפשר לפתוח שיחה חדשה', 'chat_session_not_found');
  end if;
  return found_session;
end
$$;
revoke execute on function private.chat_session_for_token(session_id text, session_token text) from public;

-- Service role only: opens a chat session (of `visitor`, a signed-in user, or anonymous) and
-- answers {session_id, session_token}; the token is shown once and only its hash is kept.
create function public.chat_open_session(visitor uuid default null) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  new_session_id constant text := 'chat_' || private.random_token();
  new_token constant text := private.random_token();
begin
  insert into public.chat_sessions (session_id, user_id) values (new_session_id, visitor);
  insert into private.chat_session_tokens (session_id, token_hash)
  values (new_session_id, encode(pg_catalog.sha256(convert_to(new_token, 'UTF8')), 'hex'));
  return jsonb_build_object('session_id', new_session_id, 'session_token', new_token);
end
$$;
revoke execute on function public.chat_open_session(visitor uuid) from public;
grant execute on function public.chat_open_session(visitor uuid) to service_role;

-- Service role only: records one question (with the intent the function classified) and the
-- answer the function derived, in this order, in the session whose token is given. At most 20
-- questions of at most 500 characters per session.
create function public.chat_record_exchange(
  session_id text, session_token text, question text, intent text, answer text
) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  chat public.chat_sessions := private.chat_session_for_token(session_id, session_token);
begin
  if char_length(btrim(coalesce(question, ''))) not between 1 and 500 then
    perform private.refuse('ההודעה ארוכה מדי, נסו לקצר אותה', 'chat_message_invalid');
  end if;
  if char_length(btrim(coalesce(answer, ''))) not between 1 and 2000 then
    perform private.refuse('התשובה אינה תקינה', 'chat_answer_invalid');
  end if;
  if chat.message_count >= 40 then
    perform private.refuse('השיחה ארוכה מדי, אפשר לפתוח שיחה חדשה', 'chat_session_full');
  end if;
  insert into public.chat_messages (session_id, message_text, is_bot, intent, "timestamp")
  values (chat.session_id, btrim(question), false, intent, clock_timestamp());
  insert into public.chat_messages (session_id, message_text, is_bot, intent, "timestamp")
  values (chat.session_id, btrim(answer), true, null, clock_timestamp());
  update public.chat_sessions s set message_count = s.message_count + 2 where s.id = chat.id;
end
$$;
revoke execute on function public.chat_record_exchange(session_id text, session_token text, question text, intent text, answer text) from public;
grant execute on function public.chat_record_exchange(session_id text, session_token text, question text, intent text, answer text) to service_role;

-- Service role only: the visitor's 1-5 rating of the session and whether it helped.
create function public.chat_record_rating(
  session_id text, session_token text, rating integer, resolved boolean
) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  chat public.chat_sessions := private.chat_session_for_token(session_id, session_token);
begin
  if rating is null or rating not between 1 and 5 then
    perform private.refuse('דירוג בין 1 ל־5', 'chat_rating_invalid');
  end if;
  update public.chat_sessions s
     set user_satisfaction = rating, resolved = coalesce(chat_record_rating.resolved, s.resolved)
   where s.id = chat.id;
end
$$;
revoke execute on function public.chat_record_rating(session_id text, session_token text, rating integer, resolved boolean) from public;
grant execute on function public.chat_record_rating(session_id text, session_token text, rating integer, resolved boolean) to service_role;

-- Platform admin: analytics of the 50 latest chat sessions: their count, the average rating (one
-- decimal, null when none rated), the resolved rate in percent, the 5 most frequent intents of
-- their messages, and the 10 latest sessions with their messages in the order they were written.
create function public.admin_chat_analytics() returns jsonb
language plpgsql stable security invoker set search_path = '' as $$
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
                                           'intent', m.intent, 'timestamp', m."timestamp",
                                           'position', m.position)
                                         order by m.position)
                                          from public.chat_messages m where m.session_id = r.session_id), '[]'::jsonb))
                  order by r.started_at desc, r.id)
                  from recent r), '[]'::jsonb)
  ) into result;
  return result;
end
$$;
revoke execute on function public.admin_chat_analytics() from public;
grant execute on function public.admin_chat_analytics() to authenticated, service_role;

-- ================================================================ policies

-- Platform admins read chat analytics (visitors write through chat_record_message()).
create policy "platform admins manage chat sessions" on public.chat_sessions
  for all to authenticated
  using ((select private.is_platform_admin()))
  with check ((select private.is_platform_admin()));

-- Platform admins read chat messages.
create policy "platform admins manage chat messages" on public.chat_messages
  for all to authenticated
  using ((select private.is_platform_admin()))
  with check ((select private.is_platform_admin()));
