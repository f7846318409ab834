-- One address is a household, not a person: sixty relatives behind a shiva house's one Wi-Fi
-- open the book, write memories with photos, light candles and subscribe to reminders within half
-- an hour. Limits key on what identifies an abuser (the book, the account, the browser's token,
-- the e-mail's mailbox) as well as the address; a refused request is logged.

-- ---------------------------------------------------------------- refusals are logged
-- As 20261123000120's rate_limit_hit, and a refusal writes one SECURITY_RATE_LIMITED row to
-- admin_logs per scope and client and window (the abuse is seen without flooding the log).
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

revoke execute on function public.rate_limit_hit(text, text[], integer, integer) from public, anon, authenticated;
grant execute on function public.rate_limit_hit(text, text[], integer, integer) to service_role;

create index if not exists admin_logs_rate_limited_idx on public.admin_logs (target_user, "timestamp" desc)
  where action = 'SECURITY_RATE_LIMITED';

-- ---------------------------------------------------------------- anonymous photos per book
-- Files uploaded without a session into one book: 400 an hour (was 100): sixty relatives with two
-- photos each are 120, and a guest may add five.
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
  if auth.uid() is null and private.anonymous_uploads_last_hour(book) >= 400 then
    return false;
  end if;
  if object_name like 'memories/%' then
    return plan in ('pro', 'full') and private.has_image_extension(object_name);
  end if;
  return plan = 'full' and private.has_video_extension(object_name);
end
$$;

-- ---------------------------------------------------------------- one memory per request, before writing
-- The statement-level check of 20261123000120 refused a bulk insert only after every row was
-- written (2,000 rows held the database for seconds). This row-level check refuses the second row
-- of an API caller's statement before it is written: rows of one statement share its
-- statement_timestamp(), which the first row records for the transaction.
create or replace function private.memory_entries_first_of_request() returns trigger
language plpgsql set search_path = '' as $$
declare
  this_statement constant text := txid_current()::text || ':' || statement_timestamp()::text;
begin
  if private.is_trusted_caller() then
    return new;
  end if;
  if current_setting('zochrim.memory_insert_statement', true) = this_statement then
    perform private.refuse('ניתן להוסיף זיכרון אחד בכל פעם', 'memory_bulk_insert');
  end if;
  perform set_config('zochrim.memory_insert_statement', this_statement, true);
  return new;
end
$$;

-- Named to run before memory_entries_validate: the second row is refused before it is checked.
create trigger memory_entries_a_first_of_request
  before insert on public.memory_entries
  for each row execute function private.memory_entries_first_of_request();

revoke all on function private.memory_entries_first_of_request() from public, anon, authenticated, service_role;
