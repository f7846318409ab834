-- Helpers every domain uses: refusals with a Hebrew message and a reason (`private.refuse`,
-- `private.deny`), random tokens and codes, hashes, the caller's address, the updated_at trigger.
--
-- The database as it stands (supabase/schemas): a change is written here and in a new migration;
-- tests/schema keeps the two equal.

-- Functions may read tables of later files: see 00-extensions-and-roles.sql.
set check_function_bodies = off;

-- ================================================================ functions

-- The alphabet of every human-typed code (book ids, gift codes, family codes): no 0/O, 1/I.
create function private.code_alphabet() returns text
language sql immutable set search_path = '' as $$
  select 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
$$;
revoke execute on function private.code_alphabet() from public;
grant execute on function private.code_alphabet() to anon, authenticated, service_role;

-- `code_length` characters of `alphabet` from a cryptographic random source. Bytes beyond the last
-- whole multiple of the alphabet's size are rejected, so every character is equally likely.
create function private.random_code(alphabet text, code_length integer) returns text
language plpgsql volatile set search_path = '' as $$
declare
  alphabet_size constant integer := length(alphabet);
  usable_below constant integer := 256 - (256 % alphabet_size);
  random_bytes bytea;
  random_byte integer;
  result text := '';
begin
  while length(result) < code_length loop
    random_bytes := extensions.gen_random_bytes(code_length * 2);
    for position in 0 .. length(random_bytes) - 1 loop
      random_byte := get_byte(random_bytes, position);
      if random_byte < usable_below and length(result) < code_length then
        result := result || substr(alphabet, random_byte % alphabet_size + 1, 1);
      end if;
    end loop;
  end loop;
  return result;
end
$$;
revoke execute on function private.random_code(alphabet text, code_length integer) from public;
grant execute on function private.random_code(alphabet text, code_length integer) to anon, authenticated, service_role;

-- 32 random bytes as URL-safe base64 without padding: 43 characters (invitation tokens).
create function private.random_token() returns text
language sql volatile set search_path = '' as $$
  select rtrim(translate(encode(extensions.gen_random_bytes(32), 'base64'), E'+/\n', '-_'), '=')
$$;
revoke execute on function private.random_token() from public;
grant execute on function private.random_token() to anon, authenticated, service_role;

-- The request carries the service role key (edge functions).
create function private.is_service_request() returns boolean
language sql stable set search_path = '' as $$
  select coalesce(auth.role(), '') = 'service_role'
$$;
revoke execute on function private.is_service_request() from public;
grant execute on function private.is_service_request() to anon, authenticated, service_role;

-- Trusted callers may change any column: the service role, the database owner (migrations and the
-- security-definer functions, which run as their owner) and platform admins. Deliberately
-- NOT security definer: it must see the role the statement really runs as.
create function private.is_trusted_caller() returns boolean
language sql stable set search_path = '' as $$
  select current_user::text not in ('anon', 'authenticated') or public.is_platform_admin()
$$;
revoke execute on function private.is_trusted_caller() from public;
grant execute on function private.is_trusted_caller() to anon, authenticated, service_role;

-- Raises a refusal the app shows as is: Hebrew message, stable `hint` code, HTTP 400 (P0001).
create function private.refuse(message text, reason text) returns void
language plpgsql volatile set search_path = '' as $$
begin
  raise exception using message = message, hint = reason, errcode = 'P0001';
end
$$;
revoke execute on function private.refuse(message text, reason text) from public;
grant execute on function private.refuse(message text, reason text) to anon, authenticated, service_role;

-- Raises "permission denied" (42501: HTTP 401 for anonymous callers, 403 for signed-in ones).
create function private.deny(message text, reason text) returns void
language plpgsql volatile set search_path = '' as $$
begin
  raise exception using message = message, hint = reason, errcode = '42501';
end
$$;
revoke execute on function private.deny(message text, reason text) from public;
grant execute on function private.deny(message text, reason text) to anon, authenticated, service_role;

-- Trigger: sets updated_at to the time of the change.
create function private.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end
$$;
revoke execute on function private.touch_updated_at() from public;

-- Who tried (for the security log): user id, forwarded address, user agent.
create function private.client_hint() returns text
language plpgsql stable set search_path = '' as $$
declare
  headers jsonb;
begin
  begin
    headers := nullif(current_setting('request.headers', true), '')::jsonb;
  exception when others then
    headers := null;
  end;
  return left(concat_ws(' ',
    'user:' || coalesce(auth.uid()::text, 'anonymous'),
    'ip:' || coalesce(headers ->> 'x-forwarded-for', headers ->> 'x-real-ip'),
    'ua:' || left(headers ->> 'user-agent', 80)
  ), 200);
end
$$;
revoke execute on function private.client_hint() from public;
grant execute on function private.client_hint() to anon, authenticated, service_role;

-- The SHA-256 (hex) of a token: grants, invitation and transfer tokens are stored only as this.
create function private.grant_hash(access_grant text) returns text
language sql immutable set search_path = '' as $$
  select encode(pg_catalog.sha256(convert_to(coalesce(access_grant, ''), 'UTF8')), 'hex')
$$;
revoke execute on function private.grant_hash(access_grant text) from public;

-- The search text as an ILIKE pattern that matches it anywhere, with %, _ and \ taken literally.
create function private.contains_pattern(search text) returns text
language sql immutable set search_path = '' as $$
  select '%' || replace(replace(replace(btrim(search), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;
revoke execute on function private.contains_pattern(search text) from public;
grant execute on function private.contains_pattern(search text) to service_role, authenticated;
