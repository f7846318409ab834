-- Yahrzeit and shloshim reminders by e-mail, and candles lit in a book.
--
-- Reminders: anyone may subscribe an address to a book's reminders through the reminder-subscribe
-- function (rate limited there). The address gets a confirmation e-mail; only a confirmed
-- subscription receives reminders (double opt-in), and every e-mail carries an unsubscribe link.
-- Links carry 32 random bytes; only their SHA-256 is stored. The consent (its wording and time)
-- is kept on the subscription. Nobody but the service role reads these tables, so no one can
-- learn who is subscribed.
--
-- The send-reminders function (called daily) records each e-mail in reminder_sends before
-- sending it; the unique key there makes each reminder go out once per person and date.
--
-- Candles: a visitor who may read the book lights at most one candle per book and Israeli day
-- (keyed by a random token the browser keeps; the light-candle function also limits per address).

-- ---------------------------------------------------------------- reminders
create table public.reminder_subscriptions (
  id uuid primary key default gen_random_uuid(),
  book_id uuid not null references public.memory_books (id) on delete cascade,
  email text not null check (email = lower(btrim(email)) and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'
                             and char_length(email) <= 254),
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'unsubscribed')),
  consent_text text not null check (char_length(consent_text) between 1 and 1000),
  consented_at timestamptz not null default now(),
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now(),
  unique (book_id, email)
);

create table public.reminder_tokens (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  subscription_id uuid not null references public.reminder_subscriptions (id) on delete cascade,
  purpose text not null check (purpose in ('confirm', 'unsubscribe')),
  created_at timestamptz not null default now(),
  expires_at timestamptz
);

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

alter table public.reminder_subscriptions enable row level security;
alter table public.reminder_tokens enable row level security;
alter table public.reminder_sends enable row level security;
revoke all on public.reminder_subscriptions, public.reminder_tokens, public.reminder_sends
  from public, anon, authenticated;
grant select, insert, update, delete on public.reminder_subscriptions, public.reminder_tokens,
  public.reminder_sends to service_role;

create or replace function private.reminder_token_hash(token text) returns text
language sql immutable set search_path = '' as $$
  select encode(pg_catalog.sha256(convert_to(btrim(coalesce(token, '')), 'UTF8')), 'hex')
$$;

-- A new random token of `purpose` for the subscription; returns the token (only its hash is kept).
create or replace function private.reminder_new_token(subscription uuid, purpose text, valid_for interval)
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

-- Service role only (reminder-subscribe): records the consent of `address` to the book's
-- reminders. `address_proven`: the caller is signed in with this confirmed address, so no
-- confirmation e-mail is needed. Answers {outcome, book_uuid, book_id, full_name, confirm_token?,
-- unsubscribe_token?}; outcome 'confirm' (send the confirmation e-mail with both tokens),
-- 'subscribed' (confirmed now; send a welcome with the unsubscribe token) or 'already' (nothing
-- to send). The caller answers all three alike.
create or replace function public.reminder_subscribe(book_ref text, address text, consent text, address_proven boolean)
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
    return jsonb_build_object('outcome', 'already', 'book_uuid', book, 'book_id', card.book_id,
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
    'book_uuid', book, 'book_id', card.book_id, 'full_name', card.full_name,
    'confirm_token', case when not address_proven
                          then private.reminder_new_token(subscription.id, 'confirm', interval '7 days') end,
    'unsubscribe_token', private.reminder_new_token(subscription.id, 'unsubscribe', null));
end
$$;

-- Anyone holding a confirmation link: confirms the subscription (single use, 7 days). Answers
-- {ok, reason, book_id, full_name}; reason 'confirmed' or 'invalid' (unknown, used or expired).
create or replace function public.reminder_confirm(token text) returns jsonb
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
    return jsonb_build_object('ok', false, 'reason', 'invalid');
  end if;
  delete from public.reminder_tokens t where t.token_hash = found_token.token_hash;
  update public.reminder_subscriptions s
     set status = 'confirmed', confirmed_at = now(), unsubscribed_at = null
   where s.id = found_token.subscription_id
  returning * into subscription;
  select * into card from public.memory_books b where b.id = subscription.book_id;
  return jsonb_build_object('ok', true, 'reason', 'confirmed', 'book_id', card.book_id, 'full_name', card.full_name);
end
$$;

-- Anyone holding an unsubscribe link (from any e-mail of the subscription): no more reminders.
-- The link stays valid, so using it twice answers the same. Answers {ok, reason, full_name}.
create or replace function public.reminder_unsubscribe(token text) returns jsonb
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
    return jsonb_build_object('ok', false, 'reason', 'invalid');
  end if;
  delete from public.reminder_tokens t where t.subscription_id = subscription.id and t.purpose = 'confirm';
  select * into card from public.memory_books b where b.id = subscription.book_id;
  return jsonb_build_object('ok', true, 'reason', 'unsubscribed', 'book_id', card.book_id, 'full_name', card.full_name);
end
$$;

-- Service role only (send-reminders): every confirmed subscription of a book with a death date.
-- died_after_sunset is read through to_jsonb so this works before and after that column exists.
create or replace function public.reminder_recipients()
returns table (
  subscription_id uuid, email text, book_uuid uuid, book_id text, full_name text, death_date date,
  died_after_sunset boolean
)
language sql stable security definer set search_path = '' as $$
  select s.id, s.email, b.id, b.book_id, b.full_name, b.death_date,
         coalesce((to_jsonb(b) ->> 'died_after_sunset')::boolean, false)
    from public.reminder_subscriptions s
    join public.memory_books b on b.id = s.book_id
   where s.status = 'confirmed' and b.death_date is not null
   order by b.id, s.id
$$;

-- Service role only (send-reminders): claims one reminder for a confirmed subscription before its
-- e-mail is sent. Answers {send_id, unsubscribe_token} the first time, null when it was already
-- claimed (sent) or the subscription is no longer confirmed.
create or replace function public.reminder_claim_send(subscription uuid, occasion text, occasion_date date, lead text)
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

-- Service role only (send-reminders): gives a claimed reminder back when its e-mail failed, so the
-- next run sends it.
create or replace function public.reminder_release_send(send_id bigint) returns void
language sql volatile security definer set search_path = '' as $$
  delete from public.reminder_sends s where s.id = send_id
$$;

-- ---------------------------------------------------------------- candles
create table public.candles (
  id uuid primary key default gen_random_uuid(),
  book_id uuid not null references public.memory_books (id) on delete cascade,
  visitor_hash text not null check (visitor_hash ~ '^[0-9a-f]{64}$'),
  lit_on date not null default (now() at time zone 'Asia/Jerusalem')::date,
  lit_by text check (char_length(lit_by) between 1 and 60),
  created_at timestamptz not null default now(),
  unique (book_id, visitor_hash, lit_on)
);

create index candles_book_idx on public.candles (book_id);

alter table public.candles enable row level security;
revoke all on public.candles from public, anon, authenticated;
grant select, insert, delete on public.candles to service_role;

-- May `reader` (a user id, or null) see and light the book's candles with `access_grant`? A paid
-- book that is public, or whose grant is given, or that the reader owns, administers as confirmed
-- family admin, or reads as platform admin.
create or replace function private.may_see_candles(book uuid, access_grant text, reader uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select b.is_paid and (
           b.is_public
           or private.book_of_grant(access_grant) = b.id
           or exists (select 1 from auth.users a
                       where a.id = reader and a.email_confirmed_at is not null and lower(a.email) = b.owner_email)
           or exists (select 1 from public.book_admins m
                       where m.book_id = b.id and m.user_id = reader and m.status = 'confirmed')
           or exists (select 1 from public.users u where u.id = reader and u.role = 'admin'))
    from public.memory_books b where b.id = book
$$;

create or replace function private.candle_state(book uuid, visitor text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'count', (select count(*) from public.candles c where c.book_id = book),
    'lit_today', exists (
      select 1 from public.candles c
       where c.book_id = book and c.lit_on = (now() at time zone 'Asia/Jerusalem')::date
         and c.visitor_hash = private.reminder_token_hash(visitor)))
$$;

-- Anyone who may read the book: how many candles were lit, and whether `visitor` lit one today.
-- {count, lit_today}. Unknown book: P0001 book_not_found; a book the caller may not read: 42501.
create or replace function public.candle_count(book_ref text, access_grant text default null, visitor text default null)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
begin
  if book is null then
    perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
  end if;
  if not coalesce(private.may_see_candles(book, access_grant, auth.uid()), false) then
    perform private.deny('הנרות של הספר פתוחים למשפחה בלבד', 'candles_private');
  end if;
  return private.candle_state(book, visitor);
end
$$;

-- Service role only (light-candle, after its per-address limits): lights the visitor's candle of
-- today. {ok, reason, count, lit_today}; reason 'lit', 'already_lit', 'book_not_found' or 'denied'.
create or replace function public.candle_light(book_ref text, visitor text, lit_by text, access_grant text, reader uuid)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
  lit_id uuid;
begin
  if book is null then
    return jsonb_build_object('ok', false, 'reason', 'book_not_found');
  end if;
  if not coalesce(private.may_see_candles(book, access_grant, reader), false) then
    return jsonb_build_object('ok', false, 'reason', 'denied');
  end if;
  insert into public.candles (book_id, visitor_hash, lit_by)
  values (book, private.reminder_token_hash(visitor), nullif(btrim(coalesce(candle_light.lit_by, '')), ''))
  on conflict do nothing
  returning id into lit_id;
  return jsonb_build_object('ok', lit_id is not null, 'reason', case when lit_id is null then 'already_lit' else 'lit' end)
         || private.candle_state(book, visitor);
end
$$;

-- ---------------------------------------------------------------- grants on the functions
revoke execute on function
  public.reminder_subscribe(text, text, text, boolean),
  public.reminder_recipients(),
  public.reminder_claim_send(uuid, text, date, text),
  public.reminder_release_send(bigint),
  public.candle_light(text, text, text, text, uuid)
  from public, anon, authenticated;
grant execute on function
  public.reminder_subscribe(text, text, text, boolean),
  public.reminder_recipients(),
  public.reminder_claim_send(uuid, text, date, text),
  public.reminder_release_send(bigint),
  public.candle_light(text, text, text, text, uuid)
  to service_role;

revoke execute on function
  public.reminder_confirm(text),
  public.reminder_unsubscribe(text),
  public.candle_count(text, text, text)
  from public;
grant execute on function
  public.reminder_confirm(text),
  public.reminder_unsubscribe(text),
  public.candle_count(text, text, text)
  to anon, authenticated, service_role;

revoke all on function
  private.reminder_token_hash(text),
  private.reminder_new_token(uuid, text, interval),
  private.may_see_candles(uuid, text, uuid),
  private.candle_state(uuid, text)
  from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------- the daily call (hosted)
-- Supabase Cron: where pg_cron and pg_net can be enabled, call send-reminders every day at 05:00
-- UTC (07:00/08:00 in Israel). The project URL and the shared secret come from Vault
-- (README: "Scheduled jobs"), so none is written here. Elsewhere (the local stack, a plain
-- PostgreSQL) this step is skipped and the migration still applies.
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
