-- A payment that has made (or paid for) a book stays spent after that book is deleted: used_by_book
-- is cleared by the delete (on delete set null), used_at is not. Without it a deleted book's session
-- read as unused again, and the dashboard offered to open another book 'paid' for nothing.
alter table public.payment_sessions add column used_at timestamptz;

update public.payment_sessions set used_at = coalesce(paid_at, created_at) where used_by_book is not null;

-- Onboarding answers are for the first book: once a book was made from them they are spent
-- (create-memory-book deletes them as the service role); answers left behind by earlier books go
-- the same way.
grant select, delete on public.onboarding_data to service_role;
delete from public.onboarding_data o
where exists (select 1 from public.memory_books b where b.purchaser_user_id = o.user_id and b.payment_status <> 'unpaid');

-- The book page greets its owner and its family admins each in their own words: a signed-in reader
-- asks whether they are this book's owner or family admin (about themselves only).
revoke execute on function public.is_book_owner(uuid), public.is_book_family_admin(uuid) from public, anon;
grant execute on function public.is_book_owner(uuid), public.is_book_family_admin(uuid) to authenticated, service_role;
