-- Read paths that do not grow with the tables (issue 10, docs/performance.md, 'Feed and explore reads'). Public
-- lists are newest first by id (ids are assigned in recording order), so a keyset cursor is one id and the primary
-- key serves the feed. Title search uses trigrams (pg_trgm ships with PostgreSQL's contrib and with PGlite).
create extension if not exists pg_trgm;
--> statement-breakpoint
create index emergencies_title_trgm on emergencies using gin (title gin_trgm_ops);
--> statement-breakpoint
drop index emergencies_public_newest;
--> statement-breakpoint
create index emergencies_public_by_id on emergencies (id desc)
  where deleted_at is null and review_status <> 'confirmed_scam';
--> statement-breakpoint
-- The feed hides donations to confirmed scams: few rows, found through this index.
create index emergencies_confirmed_scams on emergencies (id) where review_status = 'confirmed_scam';
--> statement-breakpoint
drop index donations_newest;
--> statement-breakpoint
drop index donations_emergency;
--> statement-breakpoint
create index donations_emergency_by_id on donations (emergency_id, id desc);
--> statement-breakpoint
drop index donations_donor;
--> statement-breakpoint
create index donations_donor_by_id on donations (donor_id, id desc);
--> statement-breakpoint
-- The feed search by exact amount reads the newest matches first.
drop index donations_amount;
--> statement-breakpoint
create index donations_amount_by_id on donations (amount, id desc);
--> statement-breakpoint
-- Positions: how many rows of a public list ('feed': donations not to confirmed scams; 'emergencies': not
-- deleted, not confirmed scams) have ids in each block of 1024 (bucket = id >> 10). `?page=N` finds the block
-- holding its first row by summing these small rows, then skips less than one block: deep pages cost what the
-- first costs. The list's exact count is the sum. Kept by the triggers below, so rows written by any path
-- (the API, a seed, an operator's SQL) are counted.
create table list_positions (
  list text not null check (list in ('feed', 'emergencies')),
  bucket bigint not null,
  n bigint not null,
  primary key (list, bucket)
);
--> statement-breakpoint
insert into list_positions (list, bucket, n)
select 'feed', d.id >> 10, count(*) from donations d join emergencies e on e.id = d.emergency_id
where e.review_status <> 'confirmed_scam' group by d.id >> 10;
--> statement-breakpoint
insert into list_positions (list, bucket, n)
select 'emergencies', id >> 10, count(*) from emergencies
where deleted_at is null and review_status <> 'confirmed_scam' group by id >> 10;
--> statement-breakpoint
-- Adds `delta` rows per bucket; callers pass buckets in ascending order, so concurrent writers lock them in
-- one order and never deadlock.
create function list_positions_add(list_name text, buckets bigint[], deltas bigint[]) returns void
language sql as $$
  insert into list_positions (list, bucket, n)
  select list_name, b.bucket, b.delta from unnest(buckets, deltas) as b(bucket, delta) order by b.bucket
  on conflict (list, bucket) do update set n = list_positions.n + excluded.n
$$;
--> statement-breakpoint
-- Donations: statement level, so a bulk insert updates each bucket once. The donated-to emergencies are locked
-- first, in the order an emergency review locks them (its row, then the buckets).
create function donations_positions_insert() returns trigger language plpgsql as $$
declare
  buckets bigint[];
  deltas bigint[];
begin
  perform 1 from emergencies where id in (select emergency_id from inserted) order by id for update;
  select array_agg(bucket order by bucket), array_agg(n order by bucket) into buckets, deltas
  from (select d.id >> 10 as bucket, count(*) as n from inserted d join emergencies e on e.id = d.emergency_id
        where e.review_status <> 'confirmed_scam' group by 1) counted;
  if buckets is not null then perform list_positions_add('feed', buckets, deltas); end if;
  update read_versions set version = version + 1 where scope = 'public';
  return null;
end $$;
--> statement-breakpoint
create function donations_positions_delete() returns trigger language plpgsql as $$
declare
  buckets bigint[];
  deltas bigint[];
begin
  select array_agg(bucket order by bucket), array_agg(-n order by bucket) into buckets, deltas
  from (select d.id >> 10 as bucket, count(*) as n from removed d join emergencies e on e.id = d.emergency_id
        where e.review_status <> 'confirmed_scam' group by 1) counted;
  if buckets is not null then perform list_positions_add('feed', buckets, deltas); end if;
  update read_versions set version = version + 1 where scope = 'public';
  return null;
end $$;
--> statement-breakpoint
create function emergencies_positions_insert() returns trigger language plpgsql as $$
declare
  buckets bigint[];
  deltas bigint[];
begin
  select array_agg(bucket order by bucket), array_agg(n order by bucket) into buckets, deltas
  from (select id >> 10 as bucket, count(*) as n from inserted
        where deleted_at is null and review_status <> 'confirmed_scam' group by 1) counted;
  if buckets is not null then perform list_positions_add('emergencies', buckets, deltas); end if;
  update read_versions set version = version + 1 where scope = 'public';
  return null;
end $$;
--> statement-breakpoint
-- One emergency's visibility changed (deleted, confirmed as a scam, or cleared): move it in the emergencies
-- list, and its donations in the feed when the scam verdict changed.
create function emergencies_positions_update() returns trigger language plpgsql as $$
declare
  was_listed boolean := old.deleted_at is null and old.review_status <> 'confirmed_scam';
  is_listed boolean := new.deleted_at is null and new.review_status <> 'confirmed_scam';
  was_in_feed boolean := old.review_status <> 'confirmed_scam';
  is_in_feed boolean := new.review_status <> 'confirmed_scam';
  sign bigint;
  buckets bigint[];
  deltas bigint[];
begin
  if was_listed <> is_listed then
    perform list_positions_add('emergencies', array[new.id >> 10], array[case when is_listed then 1 else -1 end::bigint]);
  end if;
  if was_in_feed <> is_in_feed then
    sign := case when is_in_feed then 1 else -1 end;
    select array_agg(bucket order by bucket), array_agg(sign * n order by bucket) into buckets, deltas
    from (select id >> 10 as bucket, count(*) as n from donations where emergency_id = new.id group by 1) counted;
    if buckets is not null then perform list_positions_add('feed', buckets, deltas); end if;
  end if;
  return null;
end $$;
--> statement-breakpoint
create function emergencies_positions_delete() returns trigger language plpgsql as $$
begin
  if old.deleted_at is null and old.review_status <> 'confirmed_scam' then
    perform list_positions_add('emergencies', array[old.id >> 10], array[-1::bigint]);
  end if;
  return null;
end $$;
--> statement-breakpoint
-- What public answers the read cache holds may have changed (server/lib/read-cache.ts). Every instance polls
-- this row and drops its cached answers when the version moved; the row is updated in the writing transaction,
-- so a new version is only seen together with the data that caused it.
create table read_versions (
  scope text primary key,
  version bigint not null
);
--> statement-breakpoint
insert into read_versions (scope, version) values ('public', 1);
--> statement-breakpoint
create function read_versions_bump() returns trigger language plpgsql as $$
begin
  update read_versions set version = version + 1 where scope = 'public';
  return null;
end $$;
--> statement-breakpoint
create trigger donations_positions_insert after insert on donations
  referencing new table as inserted for each statement execute function donations_positions_insert();
--> statement-breakpoint
create trigger donations_positions_delete after delete on donations
  referencing old table as removed for each statement execute function donations_positions_delete();
--> statement-breakpoint
create trigger emergencies_positions_insert after insert on emergencies
  referencing new table as inserted for each statement execute function emergencies_positions_insert();
--> statement-breakpoint
create trigger emergencies_positions_update after update of deleted_at, review_status on emergencies
  for each row when (old.deleted_at is distinct from new.deleted_at or old.review_status is distinct from new.review_status)
  execute function emergencies_positions_update();
--> statement-breakpoint
create trigger emergencies_positions_delete after delete on emergencies
  for each row execute function emergencies_positions_delete();
--> statement-breakpoint
-- Any other change to what the public reads: emergencies (edits, totals, boosts, flags), their images, campaigns.
create trigger emergencies_read_version after update or delete on emergencies
  for each statement execute function read_versions_bump();
--> statement-breakpoint
create trigger emergency_images_read_version after insert or update or delete on emergency_images
  for each statement execute function read_versions_bump();
--> statement-breakpoint
create trigger campaigns_read_version after insert or update or delete on campaigns
  for each statement execute function read_versions_bump();
