-- Deleting a book for real: its rows, and every file it used removed through the Storage API.
--
-- Deleting rows of storage.objects in SQL leaves the files' bytes in the storage backend, so the
-- triggers that follow a deleted book or memory no longer delete object rows: they queue the
-- object names in private.storage_removals (private.delete_storage_objects, redefined below).
-- The delete-book function (right after a deletion) and the daily job remove queued names
-- through the Storage API, which deletes the row and the bytes, and only then forget them; a
-- removal that fails stays queued for the next run.
--
-- A book is deleted only through the delete-book function (owner or platform admin): it first
-- cancels a pending gift with its refund, then calls delete_book_as(), which deletes the rows and
-- writes who and when into the security log (admin_logs, action BOOK_DELETED).

create table private.storage_removals (
  object_name text primary key check (char_length(object_name) between 1 and 1024),
  queued_at timestamptz not null default now()
);
comment on table private.storage_removals is
  'Names of memory-images objects whose book or memory was deleted, until the Storage API has removed them.';
alter table private.storage_removals enable row level security;
revoke all on private.storage_removals from public, anon, authenticated;
create index storage_removals_queued_idx on private.storage_removals (queued_at);

-- The triggers of deleted books and memories (on_memory_book_deleted, on_memory_entry_deleted)
-- call this with the names of the files only they used: the names are queued, and their rows
-- stay until the Storage API removes row and bytes together.
create or replace function private.delete_storage_objects(object_names text[]) returns void
language sql volatile security definer set search_path = '' as $$
  insert into private.storage_removals (object_name)
  select distinct n.name from unnest(object_names) as n(name) where n.name is not null
  on conflict (object_name) do nothing
$$;

-- Service role only: the oldest queued names (at most max_rows, 1 to 1000).
create or replace function public.queued_storage_removals(max_rows integer default 1000) returns text[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(q.object_name), '{}')
    from (select r.object_name from private.storage_removals r
           order by r.queued_at, r.object_name
           limit least(greatest(coalesce(max_rows, 1000), 1), 1000)) q
$$;

-- Service role only: these names are removed from storage; forget them.
create or replace function public.forget_storage_removals(object_names text[]) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  forgotten integer;
begin
  delete from private.storage_removals r where r.object_name = any (object_names);
  get diagnostics forgotten = row_count;
  return forgotten;
end
$$;

-- ---------------------------------------------------------------- deleting a book
-- The actor may delete the book: its owner (by confirmed e-mail) or a platform admin.
create or replace function private.may_delete_book(actor uuid, book public.memory_books) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.users u where u.id = actor and u.role = 'admin')
      or (book.owner_email is not null and book.owner_email = (
            select lower(a.email) from auth.users a where a.id = actor and a.email_confirmed_at is not null))
$$;

-- A paid gift nobody has claimed yet: it is cancelled (and refunded) before its book is deleted.
create or replace function private.is_pending_paid_gift(book public.memory_books) returns boolean
language sql immutable set search_path = '' as $$
  select book.gift_code is not null and book.gift_status = 'pending' and book.is_paid
$$;

-- Service role only (delete-book): what the function needs before deleting, or a refusal
-- (book_not_found for an unknown book and for anyone who may not delete it).
create or replace function public.book_for_deletion(actor uuid, book uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  found_book public.memory_books;
begin
  select * into found_book from public.memory_books b where b.id = book;
  if not found or not private.may_delete_book(actor, found_book) then
    perform private.refuse('ספר הזיכרון לא נמצא', 'book_not_found');
  end if;
  return jsonb_build_object(
    'pending_gift', private.is_pending_paid_gift(found_book),
    'purchaser_user_id', found_book.purchaser_user_id
  );
end
$$;

-- Service role only (delete-book): deletes the book (memories, invitations, attempts and the
-- rest go with it; its files are queued) and records who deleted it. Refuses a paid gift that is
-- still pending: it must be cancelled first. Answers the owner's e-mail and the book's name.
create or replace function public.delete_book_as(actor uuid, book uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  deleted public.memory_books;
  actor_email text;
begin
  select * into deleted from public.memory_books b where b.id = book for update;
  if not found or not private.may_delete_book(actor, deleted) then
    perform private.refuse('ספר הזיכרון לא נמצא', 'book_not_found');
  end if;
  if private.is_pending_paid_gift(deleted) then
    perform private.refuse('יש לבטל את המתנה לפני מחיקת הספר', 'gift_not_cancelled');
  end if;
  delete from public.memory_books b where b.id = book;
  select lower(a.email) into actor_email from auth.users a where a.id = actor;
  insert into public.admin_logs (admin_email, action, book_id, target_user, details)
  values (actor_email, 'BOOK_DELETED', deleted.id, deleted.owner_email,
          jsonb_build_object('full_name', deleted.full_name, 'book_id', deleted.book_id, 'deleted_by', actor));
  return jsonb_build_object('owner_email', deleted.owner_email, 'full_name', deleted.full_name);
end
$$;

-- Books are deleted only through delete-book (refund, security log, files, e-mail).
drop policy if exists "owners delete own books" on public.memory_books;
drop function if exists public.admin_delete_book(uuid);

revoke execute on function private.delete_storage_objects(text[]) from public, anon, authenticated;
revoke execute on function private.may_delete_book(uuid, public.memory_books) from public, anon, authenticated;
revoke execute on function private.is_pending_paid_gift(public.memory_books) from public, anon, authenticated;
revoke execute on function public.queued_storage_removals(integer), public.forget_storage_removals(text[]),
  public.book_for_deletion(uuid, uuid), public.delete_book_as(uuid, uuid)
  from public, anon, authenticated;
grant execute on function public.queued_storage_removals(integer), public.forget_storage_removals(text[]),
  public.book_for_deletion(uuid, uuid), public.delete_book_as(uuid, uuid)
  to service_role;
