-- Mourning: the shiva details of a book, the mourning calendar (shiva, shloshim, yahrzeit) and the
-- yahrzeit reminders relatives subscribe to by e-mail.
--
-- The database as it stands (supabase/schemas): a change is written here and in a new migration;
-- tests/schema keeps the two equal.

-- Functions may read tables of later files: see 00-extensions-and-roles.sql.
set check_function_bodies = off;

-- ================================================================ tables

create table public.book_shiva (
  book_id uuid primary key references public.memory_books (id) on delete cascade,
  address text not null check (char_length(btrim(address)) between 1 and 300),
  starts_on date not null,
  -- A shiva is seven days; a few more are allowed for a burial delayed or a festival in between.
  ends_on date not null check (ends_on >= starts_on and ends_on <= starts_on + 9),
  visiting_hours text check (char_length(visiting_hours) <= 200),
  note text check (char_length(note) <= 500),
  map_url text check (char_length(map_url) <= 1000 and map_url ~ '^https://[^\s]+$'),
  updated_at timestamptz not null default now()
);
alter table public.book_shiva enable row level security;
comment on table public.book_shiva is 'Where and when the family sits shiva. Visitors see it through get_book_calendar, during the shiva days only.';
grant select, insert, update, delete on table public.book_shiva to authenticated;
grant select on table public.book_shiva to service_role;

create table public.reminder_subscriptions (
  id uuid primary key default gen_random_uuid(),
  book_id uuid not null references public.memory_books (id) on delete cascade,
  email text not null check (email = lower(btrim(email)) and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'
                             and char_length(email) <= 254), -- EMAIL_MAX in contracts/limits.ts
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'unsubscribed')),
  consent_text text not null check (char_length(consent_text) between 1 and 1000),
  consented_at timestamptz not null default now(),
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now(),
  unique (book_id, email)
);
alter table public.reminder_subscriptions enable row level security;
grant select, insert, update, delete on table public.reminder_subscriptions to service_role;

create table public.reminder_tokens (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  subscription_id uuid not null references public.reminder_subscriptions (id) on delete cascade,
  purpose text not null check (purpose in ('confirm', 'unsubscribe')),
  created_at timestamptz not null default now(),
  expires_at timestamptz
);
alter table public.reminder_tokens enable row level security;
grant select, insert, update, delete on table public.reminder_tokens to service_role;

create index reminder_tokens_subscription_idx on public.reminder_tokens (subscription_id);

create table public.reminder_sends (
  id bigint generated always as identity primary key,
  subscription_id uuid not null references public.reminder_subscriptions (id) on delete cascade,
  occasion text not null check (occasion in ('yahrzeit', 'shloshim')),
  occasion_date date not null,
  lead text not null check (lead in ('week', 'eve')),
  sent_at timestamptz not null default now(),
  unique (subscription_id, occasion, occasion_date, lead)
);
alter table public.reminder_sends enable row level security;
grant select, insert, update, delete on table public.reminder_sends to service_role;

-- ================================================================ functions

-- Trigger: trims the shiva details (empty optional fields become null) and sets updated_at.
create function private.book_shiva_touch() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.address := btrim(new.address);
  new.visiting_hours := nullif(btrim(new.visiting_hours), '');
  new.note := nullif(btrim(new.note), '');
  new.map_url := nullif(btrim(new.map_url), '');
  new.updated_at := now();
  return new;
end
$$;
revoke execute on function private.book_shiva_touch() from public;

-- The SHA-256 (hex) of a reminder link's token or a visitor's id: only this is stored.
create function private.reminder_token_hash(token text) returns text
language sql immutable set search_path = '' as $$
  select encode(pg_catalog.sha256(convert_to(btrim(coalesce(token, '')), 'UTF8')), 'hex')
$$;
revoke execute on function private.reminder_token_hash(token text) from public;

-- A new random token of `purpose` for the subscription; returns the token (only its hash is kept).
create function private.reminder_new_token(subscription uuid, purpose text, valid_for interval)
returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  token constant text := private.random_token();
begin
  insert into public.reminder_tokens (token_hash, subscription_id, purpose, expires_at)
  values (private.reminder_token_hash(token), subscription, purpose, now() + valid_for);
  return token;
end
$$;
revoke execute on function private.reminder_new_token(subscription uuid, purpose text, valid_for interval) from public;

-- Service role only (reminder-subscribe): records the consent of `address` to the book's
-- reminders. `address_proven`: the caller is signed in with this confirmed address, so no
-- confirmation e-mail is needed. Answers {outcome, book_id, short_code, full_name, confirm_token?,
-- unsubscribe_token?}; outcome 'confirm' (send the confirmation e-mail with both tokens),
-- 'subscribed' (confirmed now; send a welcome with the unsubscribe token) or 'already' (nothing
-- to send). The caller answers all three alike.
create function public.reminder_subscribe(book_ref text, address text, consent text, address_proven boolean)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
  normalized_email constant text := lower(btrim(coalesce(address, '')));
  card public.memory_books;
  subscription public.reminder_subscriptions;
begin
  if book is null then
    return jsonb_build_object('outcome', 'book_not_found');
  end if;
  select * into card from public.memory_books b where b.id = book;
  insert into public.reminder_subscriptions as s (book_id, email, consent_text)
  values (book, normalized_email, consent)
  on conflict (book_id, email) do update set consented_at = s.consented_at
  returning * into subscription;

  if subscription.status = 'confirmed' then
    return jsonb_build_object('outcome', 'already', 'book_id', book, 'short_code', card.short_code,
                              'full_name', card.full_name);
  end if;
  update public.reminder_subscriptions s
     set consent_text = consent, consented_at = now(), unsubscribed_at = null,
         status = case when address_proven then 'confirmed' else 'pending' end,
         confirmed_at = case when address_proven then now() end
   where s.id = subscription.id;
  delete from public.reminder_tokens t where t.subscription_id = subscription.id and t.purpose = 'confirm';
  return jsonb_build_object(
    'outcome', case when address_proven then 'subscribed' else 'confirm' end,
    'book_id', book, 'short_code', card.short_code, 'full_name', card.full_name,
    'confirm_token', case when not address_proven
                          then private.reminder_new_token(subscription.id, 'confirm', interval '7 days') end,
    'unsubscribe_token', private.reminder_new_token(subscription.id, 'unsubscribe', null));
end
$$;
revoke execute on function public.reminder_subscribe(book_ref text, address text, consent text, address_proven boolean) from public;
grant execute on function public.reminder_subscribe(book_ref text, address text, consent text, address_proven boolean) to service_role;

-- Anyone holding a confirmation link: confirms the subscription (single use, 7 days). Answers
-- {ok, reason, short_code, full_name}, reason 'confirmed'; an unknown, used or expired link is refused
-- (email_link_invalid).
create function public.reminder_confirm(token text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  found_token public.reminder_tokens;
  subscription public.reminder_subscriptions;
  card public.memory_books;
begin
  select * into found_token from public.reminder_tokens t
   where t.token_hash = private.reminder_token_hash(token) and t.purpose = 'confirm'
     and t.expires_at > now()
   for update;
  if not found then
    perform private.refuse('הקישור אינו תקין או שפג תוקפו', 'email_link_invalid');
  end if;
  delete from public.reminder_tokens t where t.token_hash = found_token.token_hash;
  update public.reminder_subscriptions s
     set status = 'confirmed', confirmed_at = now(), unsubscribed_at = null
   where s.id = found_token.subscription_id
  returning * into subscription;
  select * into card from public.memory_books b where b.id = subscription.book_id;
  return jsonb_build_object('ok', true, 'reason', 'confirmed', 'short_code', card.short_code, 'full_name', card.full_name);
end
$$;
revoke execute on function public.reminder_confirm(token text) from public;
grant execute on function public.reminder_confirm(token text) to anon, service_role;

-- Anyone holding an unsubscribe link (from any e-mail of the subscription): no more reminders.
-- The link stays valid, so using it twice answers the same. Answers {ok, reason, full_name}; an
-- unknown link is refused (email_link_invalid).
create function public.reminder_unsubscribe(token text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  subscription public.reminder_subscriptions;
  card public.memory_books;
begin
  update public.reminder_subscriptions s
     set status = 'unsubscribed', unsubscribed_at = coalesce(s.unsubscribed_at, now())
   where s.id = (select t.subscription_id from public.reminder_tokens t
                  where t.token_hash = private.reminder_token_hash(token) and t.purpose = 'unsubscribe')
  returning * into subscription;
  if not found then
    perform private.refuse('הקישור אינו תקין או שפג תוקפו', 'email_link_invalid');
  end if;
  delete from public.reminder_tokens t where t.subscription_id = subscription.id and t.purpose = 'confirm';
  select * into card from public.memory_books b where b.id = subscription.book_id;
  return jsonb_build_object('ok', true, 'reason', 'unsubscribed', 'short_code', card.short_code, 'full_name', card.full_name);
end
$$;
revoke execute on function public.reminder_unsubscribe(token text) from public;
grant execute on function public.reminder_unsubscribe(token text) to anon, service_role;

-- Service role only (send-reminders): every confirmed subscription of a book with a death date.
-- died_after_sunset is read through to_jsonb so this works before and after that column exists.
create function public.reminder_recipients()
returns table (
  subscription_id uuid, email text, book_id uuid, short_code text, full_name text, death_date date,
  died_after_sunset boolean
)
language sql stable security definer set search_path = '' as $$
  select s.id, s.email, b.id, b.short_code, b.full_name, b.death_date,
         coalesce((to_jsonb(b) ->> 'died_after_sunset')::boolean, false)
    from public.reminder_subscriptions s
    join public.memory_books b on b.id = s.book_id
   where s.status = 'confirmed' and b.death_date is not null
   order by b.id, s.id
$$;
revoke execute on function public.reminder_recipients() from public;
grant execute on function public.reminder_recipients() to service_role;

-- Service role only (send-reminders): claims one reminder for a confirmed subscription before its
-- e-mail is sent. Answers {send_id, unsubscribe_token} the first time, null when it was already
-- claimed (sent) or the subscription is no longer confirmed.
create function public.reminder_claim_send(subscription uuid, occasion text, occasion_date date, lead text)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  send_id bigint;
begin
  if not exists (select 1 from public.reminder_subscriptions s where s.id = subscription and s.status = 'confirmed') then
    return null;
  end if;
  insert into public.reminder_sends (subscription_id, occasion, occasion_date, lead)
  values (subscription, reminder_claim_send.occasion, reminder_claim_send.occasion_date, reminder_claim_send.lead)
  on conflict do nothing
  returning id into send_id;
  if send_id is null then
    return null;
  end if;
  return jsonb_build_object('send_id', send_id,
                            'unsubscribe_token', private.reminder_new_token(subscription, 'unsubscribe', null));
end
$$;
revoke execute on function public.reminder_claim_send(subscription uuid, occasion text, occasion_date date, lead text) from public;
grant execute on function public.reminder_claim_send(subscription uuid, occasion text, occasion_date date, lead text) to service_role;

-- Service role only (send-reminders): gives a claimed reminder back when its e-mail failed, so the
-- next run sends it.
create function public.reminder_release_send(send_id bigint) returns void
language sql volatile security definer set search_path = '' as $$
  delete from public.reminder_sends s where s.id = send_id
$$;
revoke execute on function public.reminder_release_send(send_id bigint) from public;
grant execute on function public.reminder_release_send(send_id bigint) to service_role;

-- The shiva details reach everyone who has the book's link during the shiva days, private books
-- included: the family publishes them so that people know where and when to come, and a relative
-- who got the link without the family code must find them too. Outside those days, and of an
-- unpaid book, only the book's managers and family admins see them. Nothing else of a private
-- book is given: the death date and the after-sunset flag are on its public card already.
create function public.get_book_calendar(book_ref text, access_grant text default null)
returns table (
  death_date date, died_after_sunset boolean,
  shiva_address text, shiva_starts_on date, shiva_ends_on date,
  shiva_visiting_hours text, shiva_note text, shiva_map_url text
)
language plpgsql stable security definer set search_path = '' as $$
declare
  book uuid := private.resolve_book(book_ref);
  today date := (now() at time zone 'Asia/Jerusalem')::date;
  may_see_shiva boolean;
begin
  if book is null then
    return;
  end if;
  select public.can_read_book(book)
         or (b.is_paid
             and exists (select 1 from public.book_shiva s
                          where s.book_id = book and today between s.starts_on and s.ends_on))
    into may_see_shiva
    from public.memory_books b where b.id = book;
  return query
    select b.death_date, b.died_after_sunset,
           s.address, s.starts_on, s.ends_on, s.visiting_hours, s.note, s.map_url
      from public.memory_books b
      left join public.book_shiva s on s.book_id = b.id and may_see_shiva
     where b.id = book;
end
$$;
comment on function public.get_book_calendar(book_ref text, access_grant text) is 'The death date, the after-sunset flag and, to anyone during the shiva days of a paid book (to its managers and family admins always), the shiva details. access_grant is accepted and no longer needed.';
revoke execute on function public.get_book_calendar(book_ref text, access_grant text) from public;
grant execute on function public.get_book_calendar(book_ref text, access_grant text) to anon, authenticated, service_role;

-- ================================================================ triggers

create trigger book_shiva_10_touch
  before insert or update on public.book_shiva
  for each row execute function private.book_shiva_touch();

-- ================================================================ policies

-- The shiva details: read by the book's managers and its family admins.
create policy "managers and family admins read shiva details" on public.book_shiva
  for select to authenticated
  using ((select private.can_manage_book(book_shiva.book_id)) or (select private.is_book_family_admin(book_shiva.book_id)));

-- Written by the book's managers (owner or platform admin) only.
create policy "managers add shiva details" on public.book_shiva
  for insert to authenticated
  with check ((select private.can_manage_book(book_shiva.book_id)));

-- Changed by the book's managers only.
create policy "managers change shiva details" on public.book_shiva
  for update to authenticated
  using ((select private.can_manage_book(book_shiva.book_id)))
  with check ((select private.can_manage_book(book_shiva.book_id)));

-- Removed by the book's managers only.
create policy "managers remove shiva details" on public.book_shiva
  for delete to authenticated
  using ((select private.can_manage_book(book_shiva.book_id)));

-- ================================================================ schedule

-- Supabase Cron: where pg_cron and pg_net can be enabled, call send-reminders every day at 05:00
-- UTC (07:00/08:00 in Israel). The project URL and the shared secret come from Vault
-- (README: "Scheduled jobs"), so none is written here. Elsewhere (the local stack, a plain
-- PostgreSQL) this step is skipped and the rest still applies.
do $schedule$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_net') then
    begin
      create extension if not exists pg_cron with schema pg_catalog;
      create extension if not exists pg_net with schema extensions;
      perform cron.schedule(
        'send-reminders-daily',
        '0 5 * * *',
        $job$
          select net.http_post(
            url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
                   || '/functions/v1/send-reminders',
            headers := jsonb_build_object(
              'Content-Type', 'application/json',
              'x-reminders-secret',
              (select decrypted_secret from vault.decrypted_secrets where name = 'reminders_cron_secret')),
            body := '{}'::jsonb,
            timeout_milliseconds := 60000)
        $job$);
    exception when others then
      raise notice 'send-reminders not scheduled (%): schedule it as the README says', sqlerrm;
    end;
  end if;
end
$schedule$;
