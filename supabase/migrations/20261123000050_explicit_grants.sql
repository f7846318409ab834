-- Explicit, least-privilege grants for the Data API roles. Hosted Supabase gives new objects in
-- `public` no grants to anon, authenticated or service_role, and PostgreSQL gives EXECUTE on every
-- new function to PUBLIC; this file starts from nothing and grants each role what it needs.
-- A table's grants follow the commands its policies allow the role (RLS still picks the rows);
-- service_role (bypasses RLS) gets only what the edge functions do. Every later migration grants
-- what it creates in the same file.

-- ---------------------------------------------------------------- start from nothing
revoke all on all tables in schema public from public, anon, authenticated, service_role;
revoke all on all sequences in schema public from public, anon, authenticated, service_role;
revoke all on all functions in schema public from public, anon, authenticated, service_role;
revoke all on all tables in schema private from public, anon, authenticated, service_role;
revoke all on all sequences in schema private from public, anon, authenticated, service_role;
revoke all on all functions in schema private from public, anon, authenticated, service_role;

grant usage on schema public to anon, authenticated, service_role;

-- Hosted's "no Data API grants" setting revokes only SELECT/INSERT/UPDATE/DELETE from the default
-- privileges; later tables would still give the API roles TRUNCATE, REFERENCES and TRIGGER.
alter default privileges in schema public revoke truncate, references, trigger on tables from anon, authenticated, service_role;

-- ---------------------------------------------------------------- tables
-- Anyone: the plan price list.
grant select on public.plan_prices to anon, authenticated, service_role;

-- Memories: anyone reads those of public paid books and adds guest memories; owners moderate.
grant select, insert on public.memory_entries to anon;
grant select, insert, update, delete on public.memory_entries to authenticated;
grant select, insert on public.memory_entries to service_role;

-- Books: owners read, edit and delete theirs; the checkout and create-memory-book functions
-- create and update them.
grant select, insert, update, delete on public.memory_books to authenticated;
grant select, insert, update on public.memory_books to service_role;

-- Profiles: each user reads and edits their own, platform admins manage all; admin
-- notifications read the admins.
grant select, insert, update, delete on public.users to authenticated;
grant select on public.users to service_role;

grant select, insert, update, delete on public.onboarding_data to authenticated;
grant select, insert, update, delete on public.book_admins to authenticated;
grant select, insert, update, delete on public.ownership_transfer_requests to authenticated;

-- Payments: a user reads their own sessions; the checkout functions write them.
grant select on public.payment_sessions to authenticated;
grant select, insert, update on public.payment_sessions to service_role;

-- Platform admin only (RLS): coupons, logs, chat, lockout counters, the admin e-mail list.
grant select, insert, update, delete on public.admin_coupons to authenticated;
grant select, insert, update, delete on public.admin_logs to authenticated;
grant select, insert on public.admin_logs to service_role;
grant select, insert, update, delete on public.chat_sessions to authenticated;
grant select, insert, update, delete on public.chat_messages to authenticated;
grant select, delete on public.family_code_attempts to authenticated;
grant select, delete on public.gift_claim_attempts to authenticated;
grant select on public.platform_admin_emails to authenticated;

-- ---------------------------------------------------------------- functions the API calls
-- Anyone: the guest book, public book pages, coupon checks and the support chat.
grant execute on function
  public.add_memory(text, text, text, text, text, text, text, text[], text[], text),
  public.get_book_card(text),
  public.get_book_memories(text, text),
  public.verify_family_code(text, text),
  public.can_read_book(uuid),
  public.check_gift_code(text),
  public.validate_coupon(text, text),
  public.chat_record_message(text, text, boolean, text),
  public.chat_rate_session(text, integer, boolean),
  public.is_book_paid(uuid),
  -- used by the policies and triggers anonymous callers meet (memory_entries, storage.objects)
  public.is_book_public_and_paid(uuid),
  public.can_upload_memory_media(text),
  public.is_platform_admin()
  to anon, authenticated, service_role;

-- Signed-in users: their books and the policy helpers of their policies.
grant execute on function
  public.my_books(),
  public.can_manage_book(uuid),
  public.generate_family_code(uuid),
  public.claim_gift(text),
  public.join_book_as_admin(text, text, text),
  public.register_ownership_transfer(text),
  public.decide_ownership_transfer(uuid, boolean),
  public.log_security_event(text, jsonb),
  public.current_user_email(),
  public.is_book_owner(uuid),
  public.is_book_family_admin(uuid),
  public.is_own_storage_folder(text),
  -- platform admin only (each checks is_platform_admin() itself)
  public.admin_cleanup_security_logs(),
  public.admin_delete_book(uuid),
  public.admin_list_users(),
  public.admin_security_logs(integer),
  public.admin_toggle_payment_status(uuid)
  to authenticated, service_role;

-- Service role only (edge functions): payments, coupon redemption, gift codes.
revoke execute on function
  public.record_checkout_payment(text, integer, text),
  public.redeem_coupon(text, text),
  public.redeem_coupon_for_free_session(text, text, text, uuid, text, text, text, numeric),
  public.generate_gift_code()
  from public, anon, authenticated;
grant execute on function
  public.record_checkout_payment(text, integer, text),
  public.redeem_coupon(text, text),
  public.redeem_coupon_for_free_session(text, text, text, uuid, text, text, text, numeric),
  public.generate_gift_code()
  to service_role;

-- ---------------------------------------------------------------- private helpers
-- Trigger functions need no EXECUTE grant (PostgreSQL checks it only when the trigger is
-- created). These helpers run as the caller, from policies and from the triggers' bodies; none
-- bypasses RLS except book_plan() and new_book_id(), which reveal nothing beyond a book's plan
-- and a fresh id. Every other security definer function in private is reachable only through
-- the public functions above.
grant execute on function
  private.book_content_columns(),
  private.book_plan(uuid),
  private.client_hint(),
  private.code_alphabet(),
  private.deny(text, text),
  private.has_image_extension(text),
  private.has_video_extension(text),
  private.is_book_media_url(text, text, uuid),
  private.is_service_request(),
  private.is_trusted_caller(),
  private.memory_images_path(text),
  private.new_book_id(),
  private.random_code(text, integer),
  private.random_token(),
  private.refuse(text, text),
  private.storage_book_of(text)
  to anon, authenticated, service_role;
