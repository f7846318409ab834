-- One refusal path: the database refuses by raising (private.refuse / private.deny: SQLSTATE P0001
-- or 42501, a Hebrew message, the reason as hint, every reason named in contracts/refusals.ts).
-- The functions that answered a refusal as a row or as JSON now raise it: a family-admin
-- invitation (join, check), an ownership-transfer link, an expired family grant when adding a
-- memory, a candle the visitor may not light, a used reminder, news or alert link. Those that keep
-- a counted attempt while refusing (family_code_check, claim_gift_as) still answer it, since
-- raising would undo the count.

set check_function_bodies = off;

-- Refuses a family-admin invitation for its reason (from private.admin_invitation_problem), with
-- its Hebrew message; nothing when there is none.
create function private.refuse_admin_invitation(problem text) returns void
language plpgsql volatile set search_path = '' as $$
begin
  case problem
    when 'invitation_not_found' then
      perform private.refuse(private.admin_invitation_message(problem), 'invitation_not_found');
    when 'invitation_cancelled' then
      perform private.refuse(private.admin_invitation_message(problem), 'invitation_cancelled');
    when 'invitation_used' then
      perform private.refuse(private.admin_invitation_message(problem), 'invitation_used');
    when 'invitation_expired' then
      perform private.refuse(private.admin_invitation_message(problem), 'invitation_expired');
    when 'owner_cannot_join' then
      perform private.refuse(private.admin_invitation_message(problem), 'owner_cannot_join');
    when 'already_admin' then
      perform private.refuse(private.admin_invitation_message(problem), 'already_admin');
    else
      null;
  end case;
end
$$;
revoke execute on function private.refuse_admin_invitation(problem text) from public;

-- Service role only (join-as-admin, before it checks the family code): may `member` take this
-- invitation? Refuses with the reason it may not; writes nothing.
create or replace function public.check_admin_invitation(token text, book_ref text, member uuid)
returns public.book_action_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
begin
  perform private.refuse_admin_invitation(
    private.admin_invitation_problem(private.find_admin_invitation(token, book, false), book, member));
  return row(true, 'invitation_open', 'ההזמנה בתוקף', book,
             (select b.short_code from public.memory_books b where b.id = book))::public.book_action_result;
end
$$;

-- Service role only (join-as-admin, after the family code was checked): `member`, a user with a
-- confirmed e-mail, becomes a confirmed admin through the open invitation. Every refusal raises and
-- writes nothing; the used invitation keeps its hash, so the link then answers 'already used'.
create or replace function public.join_book_as_admin(token text, book_ref text, member uuid)
returns public.book_action_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
  invitation public.book_admins;
begin
  if member is null or not exists (
    select 1 from auth.users u where u.id = member and u.email_confirmed_at is not null
  ) then
    perform private.deny('נדרשת התחברות', 'login_required');
  end if;
  invitation := private.find_admin_invitation(token, book, true);
  perform private.refuse_admin_invitation(private.admin_invitation_problem(invitation, book, member));
  update public.book_admins a
     set status = 'confirmed', user_id = member, confirmed_at = now()
   where a.id = invitation.id;
  return row(true, 'joined', 'הצטרפת בהצלחה, כעת את/ה מנהל/ת של ספר הזיכרון', book,
             (select b.short_code from public.memory_books b where b.id = book))::public.book_action_result;
end
$$;

-- The invitee answers a transfer invitation; the request then waits for the owner's approval.
-- The account fixed at invitation answers whatever its address is now; without one, the account
-- signed in with the invited address, confirmed, answers and is fixed. Answering again is harmless.
create or replace function private.register_ownership_transfer(invite_token text)
returns public.book_action_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  invitee constant uuid := auth.uid();
  invitee_address constant text := private.current_user_email();
  request public.ownership_transfer_requests;
  short_id text;
begin
  if invitee is null or invitee_address is null then
    perform private.deny('נדרשת התחברות', 'login_required');
  end if;
  select * into request from public.ownership_transfer_requests r
   where r.invite_token_hash = private.grant_hash(btrim(coalesce(invite_token, '')))
   for update;
  if not found then
    perform private.refuse('הקישור להעברת הבעלות אינו תקין או שבוטל', 'transfer_invalid');
  end if;
  select b.short_code into short_id from public.memory_books b where b.id = request.book_id;
  if request.status = 'registered_waiting_approval' and request.invitee_user_id = invitee then
    return row(true, 'registered_waiting_approval', 'הבקשה נשלחה לבעל הספר לאישור', request.book_id, short_id)::public.book_action_result;
  end if;
  if request.status <> 'pending_registration' then
    perform private.refuse('כבר השתמשו בקישור הזה להעברת הבעלות', 'transfer_used');
  end if;
  if request.expires_at <= now() then
    perform private.refuse('תוקף ההזמנה להעברת הבעלות פג (7 ימים)', 'transfer_expired');
  end if;
  if request.invitee_user_id is not null and request.invitee_user_id <> invitee then
    perform private.deny('ההזמנה נשלחה לחשבון אחר. התחברו לחשבון שאליו נשלחה ההזמנה', 'transfer_wrong_account');
  end if;
  if request.invitee_user_id is null and request.invitee_email <> invitee_address then
    perform private.deny('ההזמנה נשלחה לכתובת מייל אחרת. התחברו עם הכתובת שאליה נשלחה ההזמנה', 'transfer_wrong_account');
  end if;
  update public.ownership_transfer_requests r
     set status = 'registered_waiting_approval', invitee_user_id = invitee, registered_at = now()
   where r.id = request.id;
  return row(true, 'registered_waiting_approval', 'הבקשה נשלחה לבעל הספר לאישור', request.book_id, short_id)::public.book_action_result;
end
$$;

-- Anyone: adds a memory to a paid book. With an access grant for this book, or when the caller is
-- the owner, a confirmed family admin or a platform admin, the memory is a family memory
-- (relation 'בן משפחה', up to 10 images); otherwise a guest memory (up to 5). A wrong or expired
-- grant is refused (42501, family_access_expired); every other refusal raises P0001 from the
-- validation trigger. With `sender` (the browser's random token), the same memory (author,
-- relation, texts, photos, captions, video) sent again by that browser to that book within ten
-- minutes is not added again: the answer is ok=true, reason already_saved, with the memory
-- already saved.
create or replace function public.add_memory(
  book_ref text,
  access_grant text default null,
  full_name text default null,
  relation text default null,
  text1 text default null,
  text2 text default null,
  text3 text default null,
  image_urls text[] default '{}',
  image_captions text[] default '{}',
  video_url text default null,
  sender text default null
) returns public.add_memory_result
language plpgsql volatile security definer set search_path = '' as $$
declare
  book uuid := private.resolve_book(book_ref);
  entry_source text := 'guest';
  entry_relation text := relation;
  new_id uuid;
  sent_by text;
  sent_content text;
  earlier record;
begin
  if book is null then
    perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
  end if;
  if nullif(btrim(access_grant), '') is not null then
    if private.book_of_grant(access_grant) is distinct from book then
      perform private.deny('הגישה לספר פגה, יש להזין שוב את הקוד המשפחתי', 'family_access_expired');
    end if;
    entry_source := 'family';
  elsif public.can_read_book(book) then
    entry_source := 'family';
  end if;
  if entry_source = 'family' then
    entry_relation := 'בן משפחה';
  end if;

  if nullif(btrim(sender), '') is not null then
    sent_by := encode(pg_catalog.sha256(convert_to(btrim(sender), 'UTF8')), 'hex');
    sent_content := encode(pg_catalog.sha256(convert_to(jsonb_build_array(
      btrim(coalesce(add_memory.full_name, '')), btrim(coalesce(entry_relation, '')),
      btrim(coalesce(text1, '')), btrim(coalesce(text2, '')), btrim(coalesce(text3, '')),
      coalesce(add_memory.image_urls, '{}'), coalesce(add_memory.image_captions, '{}'),
      btrim(coalesce(add_memory.video_url, ''))
    )::text, 'UTF8')), 'hex');
    -- Two sends of the same memory at once wait for each other here.
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(book::text || sent_by, 0));
    delete from private.recent_memory_sends r where r.book_id = book and r.sent_at < now() - interval '10 minutes';
    select r.memory_id, e.source into earlier
      from private.recent_memory_sends r join public.memory_entries e on e.id = r.memory_id
     where r.book_id = book and r.sender_hash = sent_by and r.content_hash = sent_content
     limit 1;
    if found then
      return row(true, 'already_saved', 'הזיכרון כבר נשמר', earlier.memory_id, earlier.source)::public.add_memory_result;
    end if;
  end if;

  insert into public.memory_entries (
    book_id, full_name, relation_to_deceased, memory_text_1, memory_text_2, memory_text_3,
    image_urls, image_captions, video_url, source, author_user_id
  ) values (
    book, add_memory.full_name, entry_relation, text1, text2, text3,
    coalesce(add_memory.image_urls, '{}'), coalesce(add_memory.image_captions, '{}'),
    nullif(btrim(add_memory.video_url), ''), entry_source, auth.uid()
  )
  returning id into new_id;
  if sent_by is not null then
    insert into private.recent_memory_sends (memory_id, book_id, sender_hash, content_hash)
    values (new_id, book, sent_by, sent_content);
  end if;
  return row(true, 'created', 'הזיכרון נשמר', new_id, entry_source)::public.add_memory_result;
end
$$;

-- Service role only (light-candle, after its per-address limits): lights the visitor's candle of
-- today. {ok, reason, count, lit_today}; reason 'lit' or 'already_lit'. Refuses an unknown book
-- (book_not_found) and a visitor who may not see its candles (candles_private).
create or replace function public.candle_light(book_ref text, visitor text, lit_by text, access_grant text, reader uuid)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
  lit_id uuid;
begin
  if book is null then
    perform private.refuse('ספר זיכרון לא נמצא', 'book_not_found');
  end if;
  if not coalesce(private.may_see_candles(book, access_grant, reader), false) then
    perform private.deny('הנרות של הספר פתוחים למשפחה בלבד', 'candles_private');
  end if;
  insert into public.candles (book_id, visitor_hash, lit_by)
  values (book, private.reminder_token_hash(visitor), nullif(btrim(coalesce(candle_light.lit_by, '')), ''))
  on conflict do nothing
  returning id into lit_id;
  return jsonb_build_object('ok', lit_id is not null, 'reason', case when lit_id is null then 'already_lit' else 'lit' end)
         || private.candle_state(book, visitor);
end
$$;

-- Anyone holding a confirmation link: confirms the subscription (single use, 7 days). Answers
-- {ok, reason, book_id, full_name}, reason 'confirmed'; an unknown, used or expired link is refused
-- (email_link_invalid).
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

-- Anyone holding an unsubscribe link (from any e-mail of the subscription): no more reminders.
-- The link stays valid, so using it twice answers the same. Answers {ok, reason, full_name}; an
-- unknown link is refused (email_link_invalid).
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
    perform private.refuse('הקישור אינו תקין או שפג תוקפו', 'email_link_invalid');
  end if;
  delete from public.reminder_tokens t where t.subscription_id = subscription.id and t.purpose = 'confirm';
  select * into card from public.memory_books b where b.id = subscription.book_id;
  return jsonb_build_object('ok', true, 'reason', 'unsubscribed', 'short_code', card.short_code, 'full_name', card.full_name);
end
$$;

-- Anyone with the link of a news e-mail: no more news for that recipient; an unknown link is
-- refused (email_link_invalid).
create or replace function public.memory_news_unsubscribe(token text) returns jsonb
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

-- Service role only (family-access, the owner's one tap): renews the code of the book whose alert
-- token this is, once and within 7 days. The new code is 6 characters; the old code's grants are
-- revoked and its wrong codes forgotten (the trigger below). Answers {ok, book_id, full_name,
-- family_code, link_key}; a used or expired link is refused (alert_link_invalid).
create or replace function public.family_code_renew_by_alert(token text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  alert private.family_code_alerts;
  renewed record;
begin
  select * into alert from private.family_code_alerts x
   where x.token_hash = private.grant_hash(btrim(coalesce(token, ''))) and x.used_at is null
     and x.created_at > now() - interval '7 days'
   for update;
  if not found then
    perform private.refuse('הקישור כבר שימש או שפג תוקפו. אפשר ליצור קוד חדש מלוח הניהול של הספר.',
                           'alert_link_invalid');
  end if;
  update private.family_code_alerts x set used_at = now() where x.id = alert.id;
  update public.memory_books b set family_access_code = private.random_code(private.code_alphabet(), 6)
   where b.id = alert.book_id
  returning b.short_code, b.full_name, b.family_access_code, b.family_link_key into renewed;
  insert into public.admin_logs (admin_email, action, target_user, book_id, details)
  values (null, 'SECURITY_FAMILY_CODE_RENEWED', null, alert.book_id, jsonb_build_object('by', 'owner_alert_link'));
  return jsonb_build_object('ok', true, 'short_code', renewed.short_code, 'full_name', renewed.full_name,
                            'family_code', renewed.family_access_code, 'link_key', renewed.family_link_key);
end
$$;
