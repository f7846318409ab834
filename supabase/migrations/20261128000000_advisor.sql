-- Supabase's Security and Performance Advisor (its splinter lints) on our schema, cleared:
--  * Helper functions that policies use live in schema private, which the Data API does not expose.
--    ALTER ... SET SCHEMA keeps each function's oid, so every policy that calls one (on public tables
--    and on storage.objects) follows it. Those that other SQL or the app still call by their public
--    name keep a one-line SECURITY INVOKER entry point in public, which runs nothing as its owner.
--  * The privileged bodies of the functions only signed-in users call move to private the same way;
--    public keeps their SECURITY INVOKER entry points, with the same grants. Each body still starts
--    by checking its caller.
--  * The platform admin's functions run as the admin (SECURITY INVOKER): row-level security's
--    "platform admins ..." policies already give an admin every row they read or change.
--  * reminder_confirm / reminder_unsubscribe are for anonymous callers only: the link's token is the
--    credential, and the app calls them without a session.
--  * One permissive policy per table, role and action; an index for every foreign key.
-- Functions anyone may call on purpose stay SECURITY DEFINER in public and are named, with their
-- reasons, in supabase/advisor-allow.txt.

-- ---------------------------------------------------------------- helpers and signed-in functions
alter function public.can_upload_memory_media(object_name text) set schema private;

alter function public.is_book_paid(book uuid) set schema private;

alter function public.is_book_public_and_paid(book uuid) set schema private;

alter function public.can_manage_book(book uuid) set schema private;
create function public.can_manage_book(book uuid)
returns boolean
language sql stable security invoker set search_path = ''
as $$ select private.can_manage_book($1) $$;
revoke all on function public.can_manage_book(book uuid) from public, anon, authenticated;
grant execute on function public.can_manage_book(book uuid) to authenticated, service_role;

alter function public.can_read_book(book uuid) set schema private;
create function public.can_read_book(book uuid)
returns boolean
language sql stable security invoker set search_path = ''
as $$ select private.can_read_book($1) $$;
revoke all on function public.can_read_book(book uuid) from public, anon, authenticated;
grant execute on function public.can_read_book(book uuid) to anon, authenticated, service_role;

alter function public.cancel_admin_invitation(invitation_id uuid) set schema private;
create function public.cancel_admin_invitation(invitation_id uuid)
returns void
language sql volatile security invoker set search_path = ''
as $$ select private.cancel_admin_invitation($1) $$;
revoke all on function public.cancel_admin_invitation(invitation_id uuid) from public, anon, authenticated;
grant execute on function public.cancel_admin_invitation(invitation_id uuid) to authenticated, service_role;

alter function public.create_admin_invitation(book uuid, admin_name text, contact text) set schema private;
create function public.create_admin_invitation(book uuid, admin_name text, contact text)
returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select private.create_admin_invitation($1, $2, $3) $$;
revoke all on function public.create_admin_invitation(book uuid, admin_name text, contact text) from public, anon, authenticated;
grant execute on function public.create_admin_invitation(book uuid, admin_name text, contact text) to authenticated, service_role;

alter function public.create_ownership_transfer(book uuid, invitee_email text) set schema private;
create function public.create_ownership_transfer(book uuid, invitee_email text)
returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select private.create_ownership_transfer($1, $2) $$;
revoke all on function public.create_ownership_transfer(book uuid, invitee_email text) from public, anon, authenticated;
grant execute on function public.create_ownership_transfer(book uuid, invitee_email text) to authenticated, service_role;

alter function public.current_user_email() set schema private;
create function public.current_user_email()
returns text
language sql stable security invoker set search_path = ''
as $$ select private.current_user_email() $$;
revoke all on function public.current_user_email() from public, anon, authenticated;
grant execute on function public.current_user_email() to authenticated, service_role;

alter function public.decide_ownership_transfer(request_id uuid, approve boolean) set schema private;
create function public.decide_ownership_transfer(request_id uuid, approve boolean)
returns text
language sql volatile security invoker set search_path = ''
as $$ select private.decide_ownership_transfer($1, $2) $$;
revoke all on function public.decide_ownership_transfer(request_id uuid, approve boolean) from public, anon, authenticated;
grant execute on function public.decide_ownership_transfer(request_id uuid, approve boolean) to authenticated, service_role;

alter function public.generate_family_code(book uuid) set schema private;
create function public.generate_family_code(book uuid)
returns text
language sql volatile security invoker set search_path = ''
as $$ select private.generate_family_code($1) $$;
revoke all on function public.generate_family_code(book uuid) from public, anon, authenticated;
grant execute on function public.generate_family_code(book uuid) to authenticated, service_role;

alter function public.is_book_family_admin(book uuid) set schema private;
create function public.is_book_family_admin(book uuid)
returns boolean
language sql stable security invoker set search_path = ''
as $$ select private.is_book_family_admin($1) $$;
revoke all on function public.is_book_family_admin(book uuid) from public, anon, authenticated;
grant execute on function public.is_book_family_admin(book uuid) to authenticated, service_role;

alter function public.is_book_owner(book uuid) set schema private;
create function public.is_book_owner(book uuid)
returns boolean
language sql stable security invoker set search_path = ''
as $$ select private.is_book_owner($1) $$;
revoke all on function public.is_book_owner(book uuid) from public, anon, authenticated;
grant execute on function public.is_book_owner(book uuid) to authenticated, service_role;

alter function public.is_platform_admin() set schema private;
create function public.is_platform_admin()
returns boolean
language sql stable security invoker set search_path = ''
as $$ select private.is_platform_admin() $$;
revoke all on function public.is_platform_admin() from public, anon, authenticated;
grant execute on function public.is_platform_admin() to anon, authenticated, service_role;

alter function public.list_book_admins(book uuid) set schema private;
create function public.list_book_admins(book uuid)
returns TABLE(id uuid, admin_name text, contact text, email text, state text, created_at timestamp with time zone, confirmed_at timestamp with time zone, expires_at timestamp with time zone)
language sql stable security invoker set search_path = ''
as $$ select * from private.list_book_admins($1) $$;
revoke all on function public.list_book_admins(book uuid) from public, anon, authenticated;
grant execute on function public.list_book_admins(book uuid) to authenticated, service_role;

alter function public.log_security_event(action text, details jsonb) set schema private;
create function public.log_security_event(action text, details jsonb DEFAULT '{}'::jsonb)
returns void
language sql volatile security invoker set search_path = ''
as $$ select private.log_security_event($1, $2) $$;
revoke all on function public.log_security_event(action text, details jsonb) from public, anon, authenticated;
grant execute on function public.log_security_event(action text, details jsonb) to authenticated, service_role;

alter function public.my_books() set schema private;
create function public.my_books()
returns TABLE(id uuid, book_id text, full_name text, birth_date date, death_date date, memory_quote text, profile_image_url text, background_image_url text, creator_name text, purchaser_name text, is_public boolean, plan_type text, payment_status text, is_paid boolean, completion_status text, created_at timestamp with time zone, updated_at timestamp with time zone, owner_email text, family_access_code text, gift_code text, gift_status text, gift_recipient_name text, gift_purchased_at timestamp with time zone, gift_claimed_at timestamp with time zone, gift_code_expires_at timestamp with time zone, gift_activated boolean, is_owner boolean, is_family_admin boolean, is_purchaser boolean, is_claimer boolean, memory_count bigint)
language sql stable security invoker set search_path = ''
as $$ select * from private.my_books() $$;
revoke all on function public.my_books() from public, anon, authenticated;
grant execute on function public.my_books() to authenticated, service_role;

alter function public.my_gift(session_id text, book uuid) set schema private;
create function public.my_gift(session_id text DEFAULT NULL::text, book uuid DEFAULT NULL::uuid)
returns jsonb
language sql stable security invoker set search_path = ''
as $$ select private.my_gift($1, $2) $$;
revoke all on function public.my_gift(session_id text, book uuid) from public, anon, authenticated;
grant execute on function public.my_gift(session_id text, book uuid) to authenticated, service_role;

alter function public.register_ownership_transfer(invite_token text) set schema private;
create function public.register_ownership_transfer(invite_token text)
returns book_action_result
language sql volatile security invoker set search_path = ''
as $$ select * from private.register_ownership_transfer($1) $$;
revoke all on function public.register_ownership_transfer(invite_token text) from public, anon, authenticated;
grant execute on function public.register_ownership_transfer(invite_token text) to authenticated, service_role;

alter function public.candles_lit_by(book_ref text) set schema private;
create function public.candles_lit_by(book_ref text)
returns table(lit_by text, lit_on date)
language sql stable security invoker set search_path = ''
as $$ select * from private.candles_lit_by($1) $$;
revoke all on function public.candles_lit_by(book_ref text) from public, anon, authenticated;
grant execute on function public.candles_lit_by(book_ref text) to authenticated, service_role;

alter function public.family_link_key(book uuid) set schema private;
create function public.family_link_key(book uuid)
returns text
language sql stable security invoker set search_path = ''
as $$ select private.family_link_key($1) $$;
revoke all on function public.family_link_key(book uuid) from public, anon, authenticated;
grant execute on function public.family_link_key(book uuid) to authenticated, service_role;

-- ---------------------------------------------------------------- platform admin functions
alter function public.admin_chat_analytics() security invoker;
alter function public.admin_cleanup_security_logs() security invoker;
alter function public.admin_create_coupon(code text, discount_type text, value numeric, target_plan text, max_uses integer, expires_at timestamp with time zone) security invoker;
alter function public.admin_delete_coupon(coupon uuid) security invoker;
alter function public.admin_list_books(search text, page_size integer, page_offset integer) security invoker;
alter function public.admin_list_users() security invoker;
alter function public.admin_overview_counts() security invoker;
alter function public.admin_search_users(search text, page_size integer, page_offset integer) security invoker;
alter function public.admin_security_logs(max_rows integer) security invoker;
alter function public.admin_toggle_payment_status(book uuid) security invoker;

-- What those functions call, now as the signed-in caller: the admin check (which refuses anyone
-- else), the search pattern, and the admin log (still SECURITY DEFINER: it writes the caller's own
-- e-mail). Schema private is not exposed, so nobody calls these through the API.
grant execute on function private.require_platform_admin() to authenticated;
grant execute on function private.contains_pattern(search text) to authenticated;
grant execute on function private.log_admin_action(action text, book uuid, target text, details jsonb) to authenticated;

-- ---------------------------------------------------------------- reminder links: anonymous only
revoke execute on function public.reminder_confirm(token text) from authenticated;
revoke execute on function public.reminder_unsubscribe(token text) from authenticated;

-- ---------------------------------------------------------------- one permissive policy per role and action
drop policy "owners remove family admins" on public.book_admins;
drop policy "platform admins remove book admins" on public.book_admins;
-- A book's owner removes its family admins; a platform admin any.
create policy "owners and platform admins remove book admins" on public.book_admins
  for delete to authenticated
  using (private.is_book_owner(book_id) or (select private.is_platform_admin()));

drop policy "owners and members read book admins" on public.book_admins;
drop policy "platform admins read book admins" on public.book_admins;
-- A family admin reads their own row, the owner the book's rows, a platform admin all.
create policy "owners, members and platform admins read book admins" on public.book_admins
  for select to authenticated
  using (user_id = (select auth.uid()) or private.is_book_owner(book_id) or (select private.is_platform_admin()));

drop policy "managers manage shiva details" on public.book_shiva;
drop policy "family admins read shiva details" on public.book_shiva;
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

drop policy "platform admins manage books" on public.memory_books;
drop policy "owners read own books" on public.memory_books;
drop policy "owners update own books" on public.memory_books;
-- The owner reads their books (a gift only once it is theirs); a platform admin every book.
create policy "owners and platform admins read books" on public.memory_books
  for select to authenticated
  using (
    (owner_email = (select private.current_user_email())
      and (gift_code is null or purchaser_user_id = (select auth.uid()) or claimed_by_user_id = (select auth.uid())))
    or (select private.is_platform_admin())
  );
-- Books are created by the functions; a platform admin may add one directly.
create policy "platform admins add books" on public.memory_books
  for insert to authenticated
  with check ((select private.is_platform_admin()));
-- The owner edits their book (a trigger keeps them to its content columns); a platform admin any.
create policy "owners and platform admins update books" on public.memory_books
  for update to authenticated
  using (owner_email = (select private.current_user_email()) or (select private.is_platform_admin()))
  with check (owner_email = (select private.current_user_email()) or (select private.is_platform_admin()));
-- Owners delete through the delete-book function; only a platform admin deletes directly.
create policy "platform admins delete books" on public.memory_books
  for delete to authenticated
  using ((select private.is_platform_admin()));

drop policy "platform admins manage memories" on public.memory_entries;
drop policy "anyone reads memories of public paid books" on public.memory_entries;
drop policy "family managers read memories" on public.memory_entries;
drop policy "anyone adds guest memories" on public.memory_entries;
drop policy "owners moderate memories" on public.memory_entries;
drop policy "owners delete memories" on public.memory_entries;
-- An anonymous visitor reads the visible memories of a public paid book.
create policy "visitors read memories of public paid books" on public.memory_entries
  for select to anon
  using (not is_hidden and private.is_book_public_and_paid(book_id));
-- Signed in: the same, plus every memory of books they own or administer; a platform admin all.
create policy "readers, family managers and platform admins read memories" on public.memory_entries
  for select to authenticated
  using (
    (not is_hidden and private.is_book_public_and_paid(book_id))
    or private.is_book_owner(book_id)
    or private.is_book_family_admin(book_id)
    or (select private.is_platform_admin())
  );
-- An anonymous visitor adds a visible guest memory without an author.
create policy "visitors add guest memories" on public.memory_entries
  for insert to anon
  with check (source = 'guest' and not is_hidden and author_user_id is null);
-- A signed-in visitor adds a visible guest memory as its author; a platform admin any.
create policy "signed-in guests and platform admins add memories" on public.memory_entries
  for insert to authenticated
  with check (
    (source = 'guest' and not is_hidden and not (author_user_id is distinct from (select auth.uid())))
    or (select private.is_platform_admin())
  );
-- The owner hides or edits memories of their book; a platform admin any.
create policy "owners and platform admins moderate memories" on public.memory_entries
  for update to authenticated
  using (private.is_book_owner(book_id) or (select private.is_platform_admin()))
  with check (private.is_book_owner(book_id) or (select private.is_platform_admin()));
-- The owner deletes memories of their book; a platform admin any.
create policy "owners and platform admins delete memories" on public.memory_entries
  for delete to authenticated
  using (private.is_book_owner(book_id) or (select private.is_platform_admin()));

drop policy "platform admins manage onboarding data" on public.onboarding_data;
drop policy "users manage own onboarding data" on public.onboarding_data;
-- Each user their own onboarding answers; a platform admin all.
create policy "users and platform admins manage onboarding data" on public.onboarding_data
  for all to authenticated
  using (user_id = (select auth.uid()) or (select private.is_platform_admin()))
  with check (user_id = (select auth.uid()) or (select private.is_platform_admin()));

drop policy "owners withdraw transfer requests" on public.ownership_transfer_requests;
drop policy "platform admins withdraw transfer requests" on public.ownership_transfer_requests;
-- The owner withdraws their book's transfer requests; a platform admin any.
create policy "owners and platform admins withdraw transfer requests" on public.ownership_transfer_requests
  for delete to authenticated
  using (private.is_book_owner(book_id) or (select private.is_platform_admin()));

drop policy "owner and invitee read transfer requests" on public.ownership_transfer_requests;
drop policy "platform admins read transfer requests" on public.ownership_transfer_requests;
-- The owner and the invited address read a transfer request; a platform admin all.
create policy "owner, invitee and platform admins read transfer requests" on public.ownership_transfer_requests
  for select to authenticated
  using (
    private.is_book_owner(book_id)
    or invitee_user_id = (select auth.uid())
    or invitee_email = (select private.current_user_email())
    or (select private.is_platform_admin())
  );

drop policy "platform admins read payment sessions" on public.payment_sessions;
drop policy "users read own payment sessions" on public.payment_sessions;
-- Each user their own payment sessions; a platform admin all.
create policy "users and platform admins read payment sessions" on public.payment_sessions
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_platform_admin()));

drop policy "platform admins manage users" on public.users;
drop policy "users read own profile" on public.users;
drop policy "users update own profile" on public.users;
-- Each user their own profile; a platform admin all.
create policy "users and platform admins read profiles" on public.users
  for select to authenticated
  using (id = (select auth.uid()) or (select private.is_platform_admin()));
-- Each user updates their own profile (a trigger guards the role); a platform admin any.
create policy "users and platform admins update profiles" on public.users
  for update to authenticated
  using (id = (select auth.uid()) or (select private.is_platform_admin()))
  with check (id = (select auth.uid()) or (select private.is_platform_admin()));
-- Profiles are created by the sign-up trigger; a platform admin may add one.
create policy "platform admins add users" on public.users
  for insert to authenticated
  with check ((select private.is_platform_admin()));
-- Only a platform admin deletes a profile.
create policy "platform admins delete users" on public.users
  for delete to authenticated
  using ((select private.is_platform_admin()));

-- ---------------------------------------------------------------- an index for every foreign key
create index if not exists book_admins_invited_by_idx on public.book_admins (invited_by);
create index if not exists chat_sessions_user_id_idx on public.chat_sessions (user_id);
create index if not exists ownership_transfer_requests_requested_by_idx on public.ownership_transfer_requests (requested_by);
