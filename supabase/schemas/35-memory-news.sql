-- Memory news: the owner's e-mail about new memories in their book (on by default, at most one a
-- day), who receives it, what was sent, and the unsubscribe link.
--
-- The database as it stands (supabase/schemas): a change is written here and in a new migration;
-- tests/schema keeps the two equal.

-- Functions may read tables of later files: see 00-extensions-and-roles.sql.
set check_function_bodies = off;

-- ================================================================ tables

create table public.memory_news_recipients (
  id uuid primary key default gen_random_uuid(),
  book_id uuid not null references public.memory_books (id) on delete cascade,
  -- null: the book's owner, whoever it is at the time of sending; else a confirmed family admin.
  user_id uuid references auth.users (id) on delete cascade,
  frequency text not null default 'batch' check (frequency in ('batch', 'daily', 'off')),
  -- Only memories written after this are announced (no flood of old memories when news starts).
  since timestamptz not null default now(),
  last_sent_at timestamptz,
  unsubscribe_token text not null unique default private.random_token(),
  created_at timestamptz not null default now()
);
alter table public.memory_news_recipients enable row level security;
grant select, insert, update, delete on table public.memory_news_recipients to service_role;
grant select (id, book_id, user_id, frequency, since), insert (book_id, user_id, frequency), update (frequency, since)
  on table public.memory_news_recipients to authenticated;

create unique index memory_news_recipients_owner_key on public.memory_news_recipients (book_id) where user_id is null;
create unique index memory_news_recipients_admin_key on public.memory_news_recipients (book_id, user_id)
  where user_id is not null;
create index memory_news_recipients_user_idx on public.memory_news_recipients (user_id) where user_id is not null;

create table public.memory_news_sends (
  id uuid primary key default gen_random_uuid(),
  recipient_id uuid not null references public.memory_news_recipients (id) on delete cascade,
  claimed_at timestamptz not null default now(),
  sent_at timestamptz
);
alter table public.memory_news_sends enable row level security;
grant select, insert, update, delete on table public.memory_news_sends to service_role;

create index memory_news_sends_recipient_idx on public.memory_news_sends (recipient_id);

create table public.memory_news_items (
  recipient_id uuid not null references public.memory_news_recipients (id) on delete cascade,
  memory_id uuid not null references public.memory_entries (id) on delete cascade,
  send_id uuid not null references public.memory_news_sends (id) on delete cascade,
  primary key (recipient_id, memory_id)
);
alter table public.memory_news_items enable row level security;
grant select, insert, update, delete on table public.memory_news_items to service_role;

create index memory_news_items_memory_idx on public.memory_news_items (memory_id);
create index memory_news_items_send_idx on public.memory_news_items (send_id);

-- ================================================================ functions

-- Trigger: every new book gets its memory-news recipient row (news on by default).
create function private.on_memory_book_created_news() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.memory_news_recipients (book_id) values (new.id);
  return new;
end
$$;
revoke execute on function private.on_memory_book_created_news() from public;

-- The recipient's address now: the owner's e-mail for the owner's row, the family admin's
-- confirmed e-mail while they are still a confirmed admin of the book; else null (not sent).
create function private.memory_news_address(recipient public.memory_news_recipients) returns text
language sql stable security definer set search_path = '' as $$
  select case
    when recipient.user_id is null then (select b.owner_email from public.memory_books b where b.id = recipient.book_id)
    else (select lower(au.email) from public.book_admins a
            join auth.users au on au.id = a.user_id and au.email_confirmed_at is not null
           where a.book_id = recipient.book_id and a.user_id = recipient.user_id and a.status = 'confirmed')
  end
$$;
revoke execute on function private.memory_news_address(recipient public.memory_news_recipients) from public;

-- The memories to announce to this recipient: visible, written after `since`, not by the
-- recipient themselves, not yet claimed for them.
create function private.memory_news_pending(recipient public.memory_news_recipients) returns setof uuid
language sql stable security definer set search_path = '' as $$
  select e.id from public.memory_entries e
   where e.book_id = recipient.book_id
     and not e.is_hidden
     and e.created_at > recipient.since
     and (e.author_user_id is null or e.author_user_id is distinct from coalesce(
           recipient.user_id,
           (select au.id from auth.users au join public.memory_books b on b.owner_email = lower(au.email)
             where b.id = recipient.book_id limit 1)))
     and not exists (select 1 from public.memory_news_items i where i.recipient_id = recipient.id and i.memory_id = e.id)
   order by e.created_at
$$;
revoke execute on function private.memory_news_pending(recipient public.memory_news_recipients) from public;

-- Is an e-mail due: batch at most every 15 minutes, daily at most once a day (a few minutes of
-- slack so a scheduler running a little early still sends).
create function private.memory_news_due(recipient public.memory_news_recipients) returns boolean
language sql stable set search_path = '' as $$
  select case recipient.frequency
    when 'batch' then recipient.last_sent_at is null or recipient.last_sent_at <= now() - interval '14 minutes'
    when 'daily' then recipient.last_sent_at is null or recipient.last_sent_at <= now() - interval '23 hours 50 minutes'
    else false
  end
$$;
revoke execute on function private.memory_news_due(recipient public.memory_news_recipients) from public;

-- Service role only (send-memory-news): the recipients to write to now.
create function public.memory_news_recipients_due() returns setof uuid
language plpgsql volatile security definer set search_path = '' as $$
begin
  -- A claim whose run died (never marked sent nor given back) is given back after 10 minutes.
  delete from public.memory_news_sends s where s.sent_at is null and s.claimed_at < now() - interval '10 minutes';
  return query
    select r.id from public.memory_news_recipients r
     where private.memory_news_due(r)
       and exists (select 1 from private.memory_news_pending(r))
     order by r.created_at;
end
$$;
revoke execute on function public.memory_news_recipients_due() from public;
grant execute on function public.memory_news_recipients_due() to service_role;

-- Service role only (send-memory-news): claims the recipient's pending memories under a new send
-- and answers what the e-mail needs, or null when nothing is due (checked again under the lock).
create function public.memory_news_claim(recipient uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  row_ public.memory_news_recipients;
  address text;
  send uuid;
  book public.memory_books;
begin
  select * into row_ from public.memory_news_recipients r where r.id = recipient for update;
  if not found or not private.memory_news_due(row_) then
    return null;
  end if;
  address := private.memory_news_address(row_);
  if address is null or not exists (select 1 from private.memory_news_pending(row_)) then
    return null;
  end if;
  insert into public.memory_news_sends (recipient_id) values (row_.id) returning id into send;
  insert into public.memory_news_items (recipient_id, memory_id, send_id)
  select row_.id, p.id, send from private.memory_news_pending(row_) as p(id);
  select * into book from public.memory_books b where b.id = row_.book_id;
  return jsonb_build_object(
    'send_id', send,
    'email', address,
    'frequency', row_.frequency,
    'is_owner', row_.user_id is null,
    'unsubscribe_token', row_.unsubscribe_token,
    'book', jsonb_build_object('id', book.id, 'short_code', book.short_code, 'full_name', book.full_name),
    'memories', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', e.id, 'full_name', e.full_name, 'relation', e.relation_to_deceased,
               'text', left(coalesce(e.memory_text_1, e.memory_text_2, e.memory_text_3, ''), 300))
             order by e.created_at), '[]'::jsonb)
        from public.memory_news_items i join public.memory_entries e on e.id = i.memory_id
       where i.send_id = send)
  );
end
$$;
revoke execute on function public.memory_news_claim(recipient uuid) from public;
grant execute on function public.memory_news_claim(recipient uuid) to service_role;

-- Service role only: the send's e-mail went.
create function public.memory_news_sent(send uuid) returns void
language sql volatile security definer set search_path = '' as $$
  with sent as (
    update public.memory_news_sends s set sent_at = now() where s.id = send and s.sent_at is null returning s.recipient_id
  )
  update public.memory_news_recipients r set last_sent_at = now() where r.id in (select sent.recipient_id from sent)
$$;
revoke execute on function public.memory_news_sent(send uuid) from public;
grant execute on function public.memory_news_sent(send uuid) to service_role;

-- Service role only: the send's e-mail failed; its memories wait for the next run.
create function public.memory_news_release(send uuid) returns void
language sql volatile security definer set search_path = '' as $$
  delete from public.memory_news_sends s where s.id = send and s.sent_at is null
$$;
revoke execute on function public.memory_news_release(send uuid) from public;
grant execute on function public.memory_news_release(send uuid) to service_role;

-- Anyone with the link of a news e-mail: no more news for that recipient; an unknown link is
-- refused (email_link_invalid).
create function public.memory_news_unsubscribe(token text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  row_ public.memory_news_recipients;
  card public.memory_books;
begin
  update public.memory_news_recipients r set frequency = 'off'
   where r.unsubscribe_token = btrim(coalesce(token, '')) and char_length(btrim(coalesce(token, ''))) >= 32
  returning * into row_;
  if not found then
    perform private.refuse('הקישור אינו תקין או שפג תוקפו', 'email_link_invalid');
  end if;
  select * into card from public.memory_books b where b.id = row_.book_id;
  return jsonb_build_object('ok', true, 'reason', 'unsubscribed', 'short_code', card.short_code, 'full_name', card.full_name);
end
$$;
revoke execute on function public.memory_news_unsubscribe(token text) from public;
grant execute on function public.memory_news_unsubscribe(token text) to anon, service_role;

-- The Data API's entry point, run as the caller (security invoker): the owner's choice of news for the book, or a confirmed
-- family admin's own ('off' until they choose); anyone else is refused.
create function public.memory_news_setting(book uuid)
returns text
language plpgsql stable security invoker set search_path = ''
as $$
begin
  if private.is_book_owner(book) then
    return (select r.frequency from public.memory_news_recipients r where r.book_id = book and r.user_id is null);
  end if;
  if private.is_book_family_admin(book) then
    return coalesce((select r.frequency from public.memory_news_recipients r
                      where r.book_id = book and r.user_id = (select auth.uid())), 'off');
  end if;
  perform private.deny('רק בעל הספר ומנהלי המשפחה מקבלים עדכונים על זיכרונות חדשים', 'not_book_manager');
end
$$;
revoke execute on function public.memory_news_setting(book uuid) from public;
grant execute on function public.memory_news_setting(book uuid) to authenticated, service_role;

-- The Data API's entry point, run as the caller (security invoker): the owner or a confirmed family admin chooses batch,
-- daily or off for themselves; turning news back on starts it from now.
create function public.set_memory_news(book uuid, frequency text)
returns text
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  owner_row constant boolean := private.is_book_owner(book);
  member uuid := case when owner_row then null else (select auth.uid()) end;
begin
  if frequency is null or frequency not in ('batch', 'daily', 'off') then
    perform private.refuse('בחירה לא תקינה', 'invalid_frequency');
  end if;
  if not owner_row and not private.is_book_family_admin(book) then
    perform private.deny('רק בעל הספר ומנהלי המשפחה מקבלים עדכונים על זיכרונות חדשים', 'not_book_manager');
  end if;
  update public.memory_news_recipients r
     set since = case when r.frequency = 'off' and set_memory_news.frequency <> 'off' then now() else r.since end,
         frequency = set_memory_news.frequency
   where r.book_id = book and r.user_id is not distinct from member;
  if not found then
    insert into public.memory_news_recipients (book_id, user_id, frequency) values (book, member, set_memory_news.frequency);
  end if;
  return set_memory_news.frequency;
end
$$;
revoke execute on function public.set_memory_news(book uuid, frequency text) from public;
grant execute on function public.set_memory_news(book uuid, frequency text) to authenticated, service_role;

-- ================================================================ triggers

create trigger memory_books_news_recipient
  after insert on public.memory_books
  for each row execute function private.on_memory_book_created_news();

-- ================================================================ schedule

-- Supabase Cron: send-memory-news every 15 minutes, with the same secret as send-reminders.
do $schedule$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_net') then
    begin
      create extension if not exists pg_cron with schema pg_catalog;
      create extension if not exists pg_net with schema extensions;
      perform cron.schedule(
        'send-memory-news',
        '*/15 * * * *',
        $job$
          select net.http_post(
            url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
                   || '/functions/v1/send-memory-news',
            headers := jsonb_build_object(
              'Content-Type', 'application/json',
              'x-reminders-secret',
              (select decrypted_secret from vault.decrypted_secrets where name = 'reminders_cron_secret')),
            body := '{}'::jsonb,
            timeout_milliseconds := 60000)
        $job$);
    exception when others then
      raise notice 'send-memory-news not scheduled (%): schedule it as the README says', sqlerrm;
    end;
  end if;
end
$schedule$;

-- ================================================================ policies

-- The owner's choice is the book's row without a user; each family admin's is their own row.
-- Nobody reads another's choice or any row's unsubscribe token (not granted).
create policy "managers read their memory news choice" on public.memory_news_recipients
  for select to authenticated
  using ((user_id is null and private.is_book_owner(book_id))
         or (user_id = (select auth.uid()) and private.is_book_family_admin(book_id)));

-- The owner adds the book's row, a family admin their own.
create policy "managers add their memory news choice" on public.memory_news_recipients
  for insert to authenticated
  with check ((user_id is null and private.is_book_owner(book_id))
              or (user_id = (select auth.uid()) and private.is_book_family_admin(book_id)));

-- ... and change it; its start can move to now, never into the future.
create policy "managers change their memory news choice" on public.memory_news_recipients
  for update to authenticated
  using ((user_id is null and private.is_book_owner(book_id))
         or (user_id = (select auth.uid()) and private.is_book_family_admin(book_id)))
  with check (since <= now()
              and ((user_id is null and private.is_book_owner(book_id))
                   or (user_id = (select auth.uid()) and private.is_book_family_admin(book_id))));
