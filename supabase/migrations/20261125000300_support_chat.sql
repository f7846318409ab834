-- Support chat: sessions are opened and written only by the support-chat edge function (service
-- role), which classifies the visitor's question and derives the answer itself. A session is
-- written with its secret token (only its hash is stored), so a visitor cannot write into another
-- visitor's session, nor record a bot message, an intent or an answer of their own choosing.

-- The older functions let any caller record a bot message with any intent: service role only now.
revoke execute on function public.chat_record_message(text, text, boolean, text) from public, anon, authenticated;
revoke execute on function public.chat_rate_session(text, integer, boolean) from public, anon, authenticated;
grant execute on function public.chat_record_message(text, text, boolean, text) to service_role;
grant execute on function public.chat_rate_session(text, integer, boolean) to service_role;

create table if not exists private.chat_session_tokens (
  session_id text primary key references public.chat_sessions (session_id) on delete cascade,
  token_hash text not null check (token_hash ~ '^[0-9a-f]{64}$')
);

alter table private.chat_session_tokens enable row level security;
revoke all on private.chat_session_tokens from public, anon, authenticated, service_role;

-- The session, locked for this transaction, when `session_token` is its token; otherwise refused
-- as "not found" (the caller learns nothing about sessions it does not hold).
create or replace function private.chat_session_for_token(session_id text, session_token text)
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

revoke all on function private.chat_session_for_token(text, text) from public, anon, authenticated, service_role;

-- Service role only: opens a chat session (of `visitor`, a signed-in user, or anonymous) and
-- answers {session_id, session_token}; the token is shown once and only its hash is kept.
create or replace function public.chat_open_session(visitor uuid default null) returns jsonb
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

-- Service role only: records one question (with the intent the function classified) and the
-- answer the function derived, in this order, in the session whose token is given. At most 20
-- questions of at most 500 characters per session.
create or replace function public.chat_record_exchange(
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

-- Service role only: the visitor's 1-5 rating of the session and whether it helped.
create or replace function public.chat_record_rating(
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

revoke execute on function
  public.chat_open_session(uuid),
  public.chat_record_exchange(text, text, text, text, text),
  public.chat_record_rating(text, text, integer, boolean)
  from public, anon, authenticated;
grant execute on function
  public.chat_open_session(uuid),
  public.chat_record_exchange(text, text, text, text, text),
  public.chat_record_rating(text, text, integer, boolean)
  to service_role;
