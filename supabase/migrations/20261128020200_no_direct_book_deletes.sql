-- A book is deleted only through the delete-book function, by its owner or a platform admin: it
-- refunds a pending gift first, writes who and when to the security log, removes the files through
-- the Storage API and e-mails the owner. A direct delete through the Data API skipped all of that,
-- and platform admins still had one; now nobody has.
drop policy if exists "platform admins delete books" on public.memory_books;
revoke delete on public.memory_books from anon, authenticated;

-- Service role only (delete-memory): the owner of the memory's book or a platform admin deletes a
-- memory (moderation) and its files are removed at once: its deletion queues them claimed by it, and
-- this answers their names for the function to remove through the Storage API before it answers.
-- Refuses anyone else, and an unknown memory, with "not found".
create or replace function public.delete_memory_as(actor uuid, memory uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  found_book public.memory_books;
  token constant uuid := gen_random_uuid();
  files text[];
begin
  select b.* into found_book
    from public.memory_entries e join public.memory_books b on b.id = e.book_id
   where e.id = memory;
  if not found or not private.may_delete_book(actor, found_book) then
    perform private.refuse('הזיכרון לא נמצא', 'memory_not_found');
  end if;
  perform set_config('zochrim.storage_removal_claim', token::text, true);
  delete from public.memory_entries e where e.id = memory;
  perform set_config('zochrim.storage_removal_claim', '', true);
  select coalesce(array_agg(r.object_name order by r.object_name), '{}') into files
    from private.storage_removals r where r.claim = token;
  return jsonb_build_object('files', to_jsonb(files));
end
$$;

revoke execute on function public.delete_memory_as(uuid, uuid) from public, anon, authenticated;
grant execute on function public.delete_memory_as(uuid, uuid) to service_role;
