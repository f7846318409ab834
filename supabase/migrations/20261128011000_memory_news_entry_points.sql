-- The news functions signed-in users and e-mail links call keep their privileged bodies in schema
-- private (which the Data API does not expose) and a SECURITY INVOKER entry point in public, as
-- the other signed-in functions do: each body still starts by checking its caller (or its token).
alter function public.memory_news_setting(uuid) set schema private;
create function public.memory_news_setting(book uuid)
returns text
language sql stable security invoker set search_path = ''
as $$ select private.memory_news_setting($1) $$;
revoke all on function public.memory_news_setting(uuid) from public, anon, authenticated;
grant execute on function public.memory_news_setting(uuid) to authenticated, service_role;

alter function public.set_memory_news(uuid, text) set schema private;
create function public.set_memory_news(book uuid, frequency text)
returns text
language sql volatile security invoker set search_path = ''
as $$ select private.set_memory_news($1, $2) $$;
revoke all on function public.set_memory_news(uuid, text) from public, anon, authenticated;
grant execute on function public.set_memory_news(uuid, text) to authenticated, service_role;

alter function public.memory_news_unsubscribe(text) set schema private;
create function public.memory_news_unsubscribe(token text)
returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select private.memory_news_unsubscribe($1) $$;
revoke all on function public.memory_news_unsubscribe(text) from public, anon, authenticated;
grant execute on function public.memory_news_unsubscribe(text) to anon, authenticated, service_role;
