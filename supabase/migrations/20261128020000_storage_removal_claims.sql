-- Queued file removals are claimed by the run that removes them, so two runs never remove the same
-- files and a deletion answers only once its own files are gone.
--
-- Before: every run (delete-book, delete-account, the scheduled jobs) took the oldest queued names.
-- Two runs at once took the same names; the Storage API gave the rows to the first and nothing to
-- the second, which answered "deleted" while the first was still removing the bytes.
--
-- Now a run claims names for ten minutes (claimed_until) and other runs skip them; a claim whose run
-- died runs out and the names are taken by the next run. delete_book_as() claims the names its
-- deletion queued (a transaction-local claim token read by private.delete_storage_objects) and
-- answers them, so delete-book removes exactly its book's files before it answers.

alter table private.storage_removals
  add column claimed_until timestamptz,
  add column claim uuid;
comment on column private.storage_removals.claimed_until is
  'Until when the run that claimed the name is removing it; other runs skip it until then.';
comment on column private.storage_removals.claim is
  'The token of the deletion that queued and claimed the name (delete_book_as), if any.';
create index storage_removals_claim_idx on private.storage_removals (claim) where claim is not null;

-- How long a run may take to remove the names it claimed before another run may take them.
create or replace function private.storage_removal_lease() returns interval
language sql immutable set search_path = '' as $$
  select interval '10 minutes'
$$;

-- The claim token of the deletion running in this transaction (set by delete_book_as), or null.
create or replace function private.current_removal_claim() returns uuid
language sql stable set search_path = '' as $$
  select nullif(current_setting('zochrim.storage_removal_claim', true), '')::uuid
$$;

-- The triggers of deleted books and memories queue the names of the files only they used. Inside a
-- deletion that claims its files, the names are queued already claimed by it (a name queued
-- earlier whose claim ran out is taken over too).
create or replace function private.delete_storage_objects(object_names text[]) returns void
language sql volatile security definer set search_path = '' as $$
  insert into private.storage_removals as r (object_name, claim, claimed_until)
  select distinct n.name, private.current_removal_claim(),
         case when private.current_removal_claim() is not null then now() + private.storage_removal_lease() end
    from unnest(object_names) as n(name)
   where n.name is not null
  on conflict (object_name) do update
     set claim = excluded.claim, claimed_until = excluded.claimed_until
   where excluded.claim is not null and (r.claimed_until is null or r.claimed_until < now())
$$;

-- Service role only: claims the oldest queued names nobody is removing (at most max_rows, 1 to
-- 1000) for this run and answers them.
create or replace function public.queued_storage_removals(max_rows integer default 1000) returns text[]
language sql volatile security definer set search_path = '' as $$
  with claimed as (
    update private.storage_removals r
       set claimed_until = now() + private.storage_removal_lease(), claim = null
     where r.object_name in (
       select q.object_name from private.storage_removals q
        where q.claimed_until is null or q.claimed_until < now()
        order by q.queued_at, q.object_name
        limit least(greatest(coalesce(max_rows, 1000), 1), 1000)
          for update skip locked)
    returning r.object_name
  )
  select coalesce(array_agg(c.object_name order by c.object_name), '{}') from claimed c
$$;

-- Service role only (delete-book, delete-account): deletes the book as before and answers, with the
-- owner's e-mail and the book's name, the names of the files its deletion queued (claimed by it,
-- so the caller removes them before it answers).
create or replace function public.delete_book_as(actor uuid, book uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  deleted public.memory_books;
  actor_email text;
  token constant uuid := gen_random_uuid();
  files text[];
begin
  select * into deleted from public.memory_books b where b.id = book for update;
  if not found or not private.may_delete_book(actor, deleted) then
    perform private.refuse('ספר הזיכרון לא נמצא', 'book_not_found');
  end if;
  if private.is_pending_paid_gift(deleted) then
    perform private.refuse('יש לבטל את המתנה לפני מחיקת הספר', 'gift_not_cancelled');
  end if;
  perform set_config('zochrim.storage_removal_claim', token::text, true);
  delete from public.memory_books b where b.id = book;
  perform set_config('zochrim.storage_removal_claim', '', true);
  select coalesce(array_agg(r.object_name order by r.object_name), '{}') into files
    from private.storage_removals r where r.claim = token;
  select lower(a.email) into actor_email from auth.users a where a.id = actor;
  insert into public.admin_logs (admin_email, action, book_id, target_user, details)
  values (actor_email, 'BOOK_DELETED', deleted.id, deleted.owner_email,
          jsonb_build_object('full_name', deleted.full_name, 'book_id', deleted.book_id, 'deleted_by', actor));
  return jsonb_build_object('owner_email', deleted.owner_email, 'full_name', deleted.full_name, 'files', to_jsonb(files));
end
$$;

revoke execute on function private.storage_removal_lease() from public, anon, authenticated;
revoke execute on function private.current_removal_claim() from public, anon, authenticated;
revoke execute on function private.delete_storage_objects(text[]) from public, anon, authenticated;
revoke execute on function public.queued_storage_removals(integer), public.delete_book_as(uuid, uuid)
  from public, anon, authenticated;
grant execute on function public.queued_storage_removals(integer), public.delete_book_as(uuid, uuid)
  to service_role;
