-- The security tab refreshes every 30 seconds: logging every refresh as ADMIN_VIEW_SECURITY_LOG
-- would push the rows worth reading out of the 50 shown. A view is logged at most once per admin
-- in 10 minutes; everything else is as before.
create or replace function public.admin_security_logs(max_rows integer default 50) returns setof public.admin_logs
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_platform_admin();
  if not exists (
    select 1 from public.admin_logs l
     where l.admin_email = public.current_user_email() and l.action = 'ADMIN_VIEW_SECURITY_LOG'
       and l."timestamp" > now() - interval '10 minutes'
  ) then
    perform private.log_admin_action('ADMIN_VIEW_SECURITY_LOG', null, null, '{}'::jsonb);
  end if;
  return query
    select l.* from public.admin_logs l
     order by l."timestamp" desc
     limit least(greatest(coalesce(max_rows, 50), 1), 500);
end
$$;

revoke execute on function public.admin_security_logs(integer) from public, anon;
grant execute on function public.admin_security_logs(integer) to authenticated, service_role;
