-- An address that looks like a platform admin's but is not it (Cyrillic or Greek letters in
-- place of Latin ones, full-width letters, zero-width characters) is refused at sign-up: such an
-- account could write to families and to support as if it were the admin.

-- The address as a reader sees it: NFKC (full-width letters become ASCII), no zero-width or
-- other invisible characters, common Cyrillic and Greek look-alikes as the Latin letters they
-- resemble, lower case.
create or replace function private.email_skeleton(address text) returns text
language sql immutable set search_path = '' as $$
  select translate(
    lower(regexp_replace(normalize(coalesce(address, ''), NFKC),
                         '[\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0\s]', '', 'g')),
    'аеорсухіјѕԁԛԝһӏкмтвпαεορτυχνιкʟ',
    'aeopcyxijsdqwhlkmtbnaeoptuxvikl')
$$;

-- Does `address` look like a listed platform admin's address without being it?
create or replace function private.is_admin_lookalike(address text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.platform_admin_emails p
     where private.email_skeleton(p.email) = private.email_skeleton(address)
       and p.email <> lower(btrim(address)))
$$;

-- Before an auth user is written: a look-alike of an admin's address is refused.
create or replace function private.refuse_admin_lookalike() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if private.is_admin_lookalike(new.email) then
    raise exception using message = 'כתובת הדוא״ל אינה זמינה להרשמה', errcode = '23514',
                          hint = 'email_lookalike';
  end if;
  return new;
end
$$;

create trigger zochrim_refuse_admin_lookalike
  before insert or update of email on auth.users
  for each row execute function private.refuse_admin_lookalike();

revoke all on function
  private.email_skeleton(text),
  private.is_admin_lookalike(text),
  private.refuse_admin_lookalike()
  from public, anon, authenticated, service_role;
