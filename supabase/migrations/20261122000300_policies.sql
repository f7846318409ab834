-- Row-level security: DECISIONS.md "Who may do what". RLS is on for every table; what no policy
-- allows is refused. The service role bypasses RLS (edge functions). Anonymous visitors never
-- update or delete anything: every update/delete policy is `to authenticated`.
-- Policies call `(select auth.uid())` and the helpers through `(select …)` where the value does not
-- depend on the row, so PostgreSQL evaluates them once per statement.

alter table public.users enable row level security;
alter table public.platform_admin_emails enable row level security;
alter table public.memory_books enable row level security;
alter table public.memory_entries enable row level security;
alter table public.book_admins enable row level security;
alter table public.onboarding_data enable row level security;
alter table public.admin_logs enable row level security;
alter table public.admin_coupons enable row level security;
alter table public.chat_sessions enable row level security;
alter table public.chat_messages enable row level security;
alter table public.ownership_transfer_requests enable row level security;
alter table public.family_code_attempts enable row level security;
alter table public.gift_claim_attempts enable row level security;
alter table public.payment_sessions enable row level security;

-- ---------------------------------------------------------------- users
-- A signed-in user reads their own profile row.
create policy "users read own profile" on public.users
  for select to authenticated
  using (id = (select auth.uid()));

-- A signed-in user updates their own profile row (the guard trigger keeps role and e-mail fixed).
create policy "users update own profile" on public.users
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

-- Platform admins read and manage every profile.
create policy "platform admins manage users" on public.users
  for all to authenticated
  using ((select public.is_platform_admin()))
  with check ((select public.is_platform_admin()));

-- ---------------------------------------------------------------- platform_admin_emails
-- Platform admins read the list; only the service role (or the project owner in SQL) writes it.
create policy "platform admins read admin e-mails" on public.platform_admin_emails
  for select to authenticated
  using ((select public.is_platform_admin()));

-- ---------------------------------------------------------------- memory_books
-- The whole row (family code, owner e-mail, gift code) is readable only by those who may see all of
-- it. Everyone else reads the public card (get_book_card) or their own view (my_books).

-- Owners read their books, unless the book carries a gift code they neither bought nor claimed.
create policy "owners read own books" on public.memory_books
  for select to authenticated
  using (
    owner_email = (select public.current_user_email())
    and (gift_code is null
         or purchaser_user_id = (select auth.uid())
         or claimed_by_user_id = (select auth.uid()))
  );

-- Owners update their books; the guard trigger limits them to the content fields.
create policy "owners update own books" on public.memory_books
  for update to authenticated
  using (owner_email = (select public.current_user_email()))
  with check (owner_email = (select public.current_user_email()));

-- Owners delete their books (memories, invitations and files go with them).
create policy "owners delete own books" on public.memory_books
  for delete to authenticated
  using (owner_email = (select public.current_user_email()));

-- Platform admins read, create, change and delete every book (payment status included).
create policy "platform admins manage books" on public.memory_books
  for all to authenticated
  using ((select public.is_platform_admin()))
  with check ((select public.is_platform_admin()));

-- ---------------------------------------------------------------- memory_entries
-- Anyone reads the visible memories of a public, paid book.
create policy "anyone reads memories of public paid books" on public.memory_entries
  for select to anon, authenticated
  using (not is_hidden and public.is_book_public_and_paid(book_id));

-- The owner and confirmed family admins read every memory of their book, hidden ones included.
create policy "family managers read memories" on public.memory_entries
  for select to authenticated
  using (public.is_book_owner(book_id) or public.is_book_family_admin(book_id));

-- Anyone adds a guest memory; the validation trigger requires a paid book and enforces the plan's
-- limits. Family-source memories come only through add_memory(), which verifies the code.
create policy "anyone adds guest memories" on public.memory_entries
  for insert to anon, authenticated
  with check (source = 'guest' and not is_hidden and author_user_id is not distinct from (select auth.uid()));

-- The owner moderates (hide/show) memories of their book; the guard trigger allows only is_hidden.
create policy "owners moderate memories" on public.memory_entries
  for update to authenticated
  using (public.is_book_owner(book_id))
  with check (public.is_book_owner(book_id));

-- The owner removes memories from their book.
create policy "owners delete memories" on public.memory_entries
  for delete to authenticated
  using (public.is_book_owner(book_id));

-- Platform admins read and moderate every memory.
create policy "platform admins manage memories" on public.memory_entries
  for all to authenticated
  using ((select public.is_platform_admin()))
  with check ((select public.is_platform_admin()));

-- ---------------------------------------------------------------- book_admins
-- The owner reads the invitations and admins of their book; a user reads their own admin rows.
create policy "owners and members read book admins" on public.book_admins
  for select to authenticated
  using (user_id = (select auth.uid()) or public.is_book_owner(book_id));

-- The owner of a paid book invites family admins (as themselves, unconfirmed).
create policy "owners invite family admins" on public.book_admins
  for insert to authenticated
  with check (
    public.is_book_owner(book_id) and public.is_book_paid(book_id)
    and status = 'invited' and user_id is null and invited_by = (select auth.uid())
  );

-- The owner removes invitations and family admins of their book.
create policy "owners remove family admins" on public.book_admins
  for delete to authenticated
  using (public.is_book_owner(book_id));

-- Platform admins manage every invitation and family admin.
create policy "platform admins manage book admins" on public.book_admins
  for all to authenticated
  using ((select public.is_platform_admin()))
  with check ((select public.is_platform_admin()));

-- ---------------------------------------------------------------- onboarding_data
-- A signed-in user reads and writes their own onboarding answers.
create policy "users manage own onboarding data" on public.onboarding_data
  for all to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- Platform admins read and manage all onboarding answers.
create policy "platform admins manage onboarding data" on public.onboarding_data
  for all to authenticated
  using ((select public.is_platform_admin()))
  with check ((select public.is_platform_admin()));

-- ---------------------------------------------------------------- admin-only tables
-- Platform admins read, write and clean the admin log (everyone else writes through functions).
create policy "platform admins manage admin logs" on public.admin_logs
  for all to authenticated
  using ((select public.is_platform_admin()))
  with check ((select public.is_platform_admin()));

-- Platform admins manage coupons (checkout validates and redeems through functions).
create policy "platform admins manage coupons" on public.admin_coupons
  for all to authenticated
  using ((select public.is_platform_admin()))
  with check ((select public.is_platform_admin()));

-- Platform admins read chat analytics (visitors write through chat_record_message()).
create policy "platform admins manage chat sessions" on public.chat_sessions
  for all to authenticated
  using ((select public.is_platform_admin()))
  with check ((select public.is_platform_admin()));

-- Platform admins read chat messages.
create policy "platform admins manage chat messages" on public.chat_messages
  for all to authenticated
  using ((select public.is_platform_admin()))
  with check ((select public.is_platform_admin()));

-- Platform admins read and clean family-code attempts (written by verify functions only).
create policy "platform admins read family code attempts" on public.family_code_attempts
  for select to authenticated
  using ((select public.is_platform_admin()));

-- Platform admins delete old family-code attempts.
create policy "platform admins delete family code attempts" on public.family_code_attempts
  for delete to authenticated
  using ((select public.is_platform_admin()));

-- Platform admins read gift-claim attempts (written by claim_gift() only).
create policy "platform admins read gift claim attempts" on public.gift_claim_attempts
  for select to authenticated
  using ((select public.is_platform_admin()));

-- Platform admins delete old gift-claim attempts.
create policy "platform admins delete gift claim attempts" on public.gift_claim_attempts
  for delete to authenticated
  using ((select public.is_platform_admin()));

-- ---------------------------------------------------------------- payment_sessions
-- A signed-in user reads their own checkout sessions (written by payment functions only).
create policy "users read own payment sessions" on public.payment_sessions
  for select to authenticated
  using (user_id = (select auth.uid()));

-- Platform admins read every checkout session.
create policy "platform admins read payment sessions" on public.payment_sessions
  for select to authenticated
  using ((select public.is_platform_admin()));

-- ---------------------------------------------------------------- ownership_transfer_requests
-- The book's owner and the invitee read a transfer request.
create policy "owner and invitee read transfer requests" on public.ownership_transfer_requests
  for select to authenticated
  using (
    public.is_book_owner(book_id)
    or invitee_user_id = (select auth.uid())
    or invitee_email = (select public.current_user_email())
  );

-- The owner asks to transfer their book (approval goes through decide_ownership_transfer()).
create policy "owners request transfers" on public.ownership_transfer_requests
  for insert to authenticated
  with check (
    public.is_book_owner(book_id) and status = 'pending_registration'
    and invitee_user_id is null and requested_by = (select auth.uid())
  );

-- The owner withdraws a transfer request.
create policy "owners withdraw transfer requests" on public.ownership_transfer_requests
  for delete to authenticated
  using (public.is_book_owner(book_id));

-- Platform admins manage every transfer request.
create policy "platform admins manage transfer requests" on public.ownership_transfer_requests
  for all to authenticated
  using ((select public.is_platform_admin()))
  with check ((select public.is_platform_admin()));
