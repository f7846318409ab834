/**
 * The schema the REST tests run against, created through `/pg/query` as the database owner.
 * The REST service learns about it by itself: a request naming a table, column, relationship or
 * function its schema cache does not know reloads the cache once.
 */
import { sql, testEnv } from './clients.ts'

const DROP_STATEMENTS = [
  `drop view if exists rest_test_post_cards, rest_test_numbers`,
  `drop table if exists rest_test_post_tags, rest_test_tags, rest_test_posts, rest_test_profiles, rest_test_authors, rest_test_notes, rest_test_log, rest_test_dropbox cascade`,
  `do $$
   declare fn regprocedure;
   begin
     for fn in select p.oid::regprocedure from pg_proc p join pg_namespace n on n.oid = p.pronamespace
               where n.nspname = 'public' and p.proname like 'rest\\_test\\_%' loop
       execute 'drop function ' || fn || ' cascade';
     end loop;
   end $$`,
]

const STATEMENTS = [
  ...DROP_STATEMENTS,
  `create table rest_test_authors (
     id bigint primary key,
     name text not null,
     bio text,
     born date,
     rating numeric(4, 2),
     active boolean not null default true,
     tags text[] not null default '{}',
     meta jsonb,
     uid uuid not null default gen_random_uuid(),
     created_at timestamptz not null default '2026-01-02 03:04:05.123456+00',
     span int4range,
     small smallint,
     mentor_id bigint references rest_test_authors (id)
   )`,
  `create table rest_test_posts (
     id serial primary key,
     author_id bigint not null references rest_test_authors (id) on delete cascade,
     editor_id bigint references rest_test_authors (id),
     title text not null unique,
     body text,
     views int not null default 0,
     published_at timestamptz
   )`,
  `create table rest_test_profiles (author_id bigint primary key references rest_test_authors (id) on delete cascade, nickname text)`,
  `create table rest_test_tags (id serial primary key, label text not null unique)`,
  `create table rest_test_post_tags (
     post_id int not null references rest_test_posts (id) on delete cascade,
     tag_id int not null references rest_test_tags (id) on delete cascade,
     primary key (post_id, tag_id)
   )`,
  `create table rest_test_notes (
     id serial primary key,
     owner uuid not null default auth.uid(),
     body text not null
   )`,
  `alter table rest_test_notes enable row level security`,
  `create policy rest_test_notes_own on rest_test_notes for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid())`,
  `create table rest_test_log (id serial primary key, message text)`,
  `create view rest_test_post_cards as select p.id, p.title, p.author_id as writer, upper(p.title) as shout from rest_test_posts p`,
  `create view rest_test_numbers as select generate_series(1, 1500) as n`,
  `grant all on rest_test_authors, rest_test_posts, rest_test_profiles, rest_test_tags, rest_test_post_tags, rest_test_notes, rest_test_log, rest_test_post_cards, rest_test_numbers to anon, authenticated, service_role`,
  `grant usage on all sequences in schema public to anon, authenticated, service_role`,
  `insert into rest_test_authors (id, name, bio, born, rating, active, tags, meta, uid, span, small) values
     (1, 'Ada Lovelace', 'first programmer', '1815-12-10', 4.5, true, '{math,poetry}', '{"city": "London", "langs": ["en", "fr"], "age": 36}', '00000000-0000-4000-8000-000000000001', '[1,5)', 1),
     (2, 'Alan Turing', null, '1912-06-23', 4.75, true, '{math,crypto}', '{"city": "Wilmslow", "langs": ["en"], "age": 41}', '00000000-0000-4000-8000-000000000002', '[5,10)', 2),
     (3, 'Grace Hopper', 'a, b (and) "c"', '1906-12-09', null, false, '{navy}', '{"city": "Arlington"}', '00000000-0000-4000-8000-000000000003', '[20,30)', null),
     (4, 'Edsger Dijkstra', 'goto considered harmful', null, 3.25, true, '{}', null, '00000000-0000-4000-8000-000000000004', null, 4)`,
  `update rest_test_authors set mentor_id = 1 where id in (2, 4)`,
  `insert into rest_test_posts (id, author_id, editor_id, title, body, views, published_at) values
     (1, 1, 2, 'Notes on the Analytical Engine', 'the engine weaves algebraic patterns', 100, '2026-01-01 10:00:00+00'),
     (2, 1, null, 'Poetical Science', 'imagination is the discovering faculty', 50, null),
     (3, 2, 1, 'Computing Machinery', 'can machines think', 300, '2026-02-01 10:00:00+00'),
     (4, 3, 3, 'Compilers', 'the first compiler', 10, '2026-03-01 10:00:00+00')`,
  `select setval('rest_test_posts_id_seq', 100)`,
  `insert into rest_test_profiles values (1, 'Enchantress of Numbers'), (3, 'Amazing Grace')`,
  `insert into rest_test_tags (id, label) values (1, 'history'), (2, 'math'), (3, 'ai')`,
  `insert into rest_test_post_tags values (1, 1), (1, 2), (3, 2), (3, 3)`,
  `select setval('rest_test_tags_id_seq', 100)`,
  `create or replace function rest_test_add(a int, b int default 10) returns int language sql immutable as $$ select a + b $$`,
  `create or replace function rest_test_posts_by(author bigint) returns setof rest_test_posts language sql stable as
     $$ select * from rest_test_posts where author_id = author order by id $$`,
  `create or replace function rest_test_author_card(author bigint) returns table (name text, post_count bigint) language sql stable as
     $$ select a.name, (select count(*) from rest_test_posts p where p.author_id = a.id) from rest_test_authors a where a.id = author $$`,
  `create or replace function rest_test_count_to(upto int) returns table (n int, square int) language sql immutable as
     $$ select i, i * i from generate_series(1, upto) i $$`,
  `create or replace function rest_test_series(upto int) returns setof int language sql immutable as
     $$ select generate_series(1, upto) $$`,
  `create or replace function rest_test_sum(vals int[]) returns int language sql immutable as $$ select sum(v)::int from unnest(vals) v $$`,
  `create or replace function rest_test_log_message(message text) returns void language sql as
     $$ insert into rest_test_log (message) values (message) $$`,
  `create or replace function rest_test_sneaky_write() returns int language plpgsql stable as
     $$ begin perform rest_test_log_message('sneaky'); return 1; end $$`,
  `create or replace function rest_test_fail(reason text) returns int language plpgsql as
     $$ begin raise exception 'refused: %', reason using detail = 'the detail', hint = 'the hint'; end $$`,
  `create or replace function rest_test_payment_required() returns int language plpgsql as
     $$ begin raise sqlstate 'PT402' using message = 'pay first'; end $$`,
  `create or replace function rest_test_echo(jsonb) returns jsonb language sql immutable as $$ select $1 $$`,
  `create or replace function rest_test_whoami() returns text language sql stable as $$ select coalesce(auth.uid()::text, current_user) $$`,
]

export async function createRestTestSchema(): Promise<void> {
  for (const statement of STATEMENTS) await sql(statement)
}

/** The app's schema checks (RLS on every public table, the typed function list) must not see these. */
export async function dropRestTestSchema(): Promise<void> {
  for (const statement of DROP_STATEMENTS) await sql(statement)
}

/** Raw HTTP to /rest/v1 for what supabase-js hides (headers, empty bodies, malformed input). */
export function rest(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  if (!headers.has('apikey')) headers.set('apikey', init.token ? testEnv.anonKey : testEnv.serviceRoleKey)
  if (!headers.has('authorization') && init.token) headers.set('authorization', `Bearer ${init.token}`)
  return fetch(`${testEnv.apiUrl}/rest/v1${path}`, { ...init, headers })
}
