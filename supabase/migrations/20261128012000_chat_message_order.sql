-- A chat's messages are shown in the order they were written: a question and its answer are
-- written in one transaction and may carry the same timestamp, so each message gets a position
-- from a sequence, and the analytics order by it (each question before its answer).
alter table public.chat_messages add column position bigint generated always as identity;
create index chat_messages_session_position_idx on public.chat_messages (session_id, position);

-- Platform admin: analytics of the 50 latest chat sessions: their count, the average rating (one
-- decimal, null when none rated), the resolved rate in percent, the 5 most frequent intents of
-- their messages, and the 10 latest sessions with their messages in the order they were written.
create or replace function public.admin_chat_analytics() returns jsonb
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
