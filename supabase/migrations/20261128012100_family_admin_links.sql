-- A family-admin invitation is identified by its token alone (joining no longer asks for the
-- family code, so a new family code leaves every open invitation valid). Anyone holding a link
-- may ask (through join-as-admin) what state its invitation is in before signing up, and the
-- owner may issue a fresh
-- link for an open or expired invitation at any time (tokens are kept only as hashes, so the
-- old link cannot be shown again: it stops working).

-- Service role only (join-as-admin, for anyone holding a link): what a link's invitation is: {status, message}, status open | invitation_not_found |
-- invitation_cancelled | invitation_used | invitation_expired. Nothing else about the book or
-- the invitee; the token (43 random characters) cannot be guessed.
create or replace function public.admin_invitation_status(token text, book_ref text) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  book constant uuid := private.resolve_book(book_ref);
  invitation public.book_admins;
  problem text;
begin
  if book is not null then
    select * into invitation from public.book_admins a
     where a.token_hash = private.grant_hash(btrim(coalesce(token, ''))) and a.book_id = book;
  end if;
  problem := private.admin_invitation_problem(invitation, book, null);
  if problem is not null then
    return jsonb_build_object('status', problem, 'message', private.admin_invitation_message(problem));
  end if;
  return jsonb_build_object('status', 'open', 'message', 'ההזמנה בתוקף');
end
$$;

-- The owner (or a platform admin) gets a new link for an invitation not used or cancelled yet,
-- valid 7 days from now; the previous link stops working. Answers {id, token, expires_at,
-- book_id, admin_name}; the token is not kept.
create or replace function private.renew_admin_invitation_link(invitation_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  token constant text := private.random_token();
  invitation public.book_admins;
begin
  select * into invitation from public.book_admins a where a.id = invitation_id for update;
  if not found or not private.can_manage_book(invitation.book_id) then
    perform private.deny('רק בעל הספר יכול לשלוח הזמנות', 'not_book_owner');
  end if;
  if invitation.status <> 'invited' then
    perform private.refuse('ההזמנה כבר אינה פתוחה', 'invitation_not_open');
  end if;
  update public.book_admins a
     set token_hash = private.grant_hash(token), expires_at = now() + interval '7 days'
   where a.id = invitation.id
  returning * into invitation;
  return jsonb_build_object('id', invitation.id, 'token', token, 'expires_at', invitation.expires_at,
                            'book_id', (select b.book_id from public.memory_books b where b.id = invitation.book_id),
                            'admin_name', invitation.admin_name);
end
$$;

revoke execute on function public.admin_invitation_status(text, text) from public, anon, authenticated;
grant execute on function public.admin_invitation_status(text, text) to service_role;
revoke execute on function private.renew_admin_invitation_link(uuid) from public, anon;
grant execute on function private.renew_admin_invitation_link(uuid) to authenticated, service_role;

-- The app's entry point, as the signed-in caller; the body above checks who they are.
create function public.renew_admin_invitation_link(invitation_id uuid)
returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select private.renew_admin_invitation_link($1) $$;
revoke all on function public.renew_admin_invitation_link(invitation_id uuid) from public, anon, authenticated;
grant execute on function public.renew_admin_invitation_link(invitation_id uuid) to authenticated, service_role;
