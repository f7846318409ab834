-- Extensions and roles: the schema `private` (helpers that policies and functions use; the Data API
-- does not expose it), the extensions we use, and what the API roles may do by default.
--
-- The database as it stands (supabase/schemas): a change is written here and in a new migration;
-- tests/schema keeps the two equal.

-- Functions are defined before the tables of later files that their bodies read; PostgreSQL checks
-- those bodies when they run, not here.
set check_function_bodies = off;

create schema if not exists private;

-- Trigram indexes for the platform admin's search of books and users.
create extension if not exists pg_trgm with schema extensions;

-- The API roles reach both schemas; what they may do there is granted object by object, and
-- row-level security picks the rows.
grant usage on schema private to anon, authenticated, service_role;
grant usage on schema public to anon, authenticated, service_role;

-- A new table in public gives the API roles nothing (as on hosted Supabase); neither TRUNCATE,
-- REFERENCES nor TRIGGER, which the platform's default privileges would still give them.
alter default privileges in schema public revoke truncate, references, trigger on tables from anon, authenticated, service_role;
