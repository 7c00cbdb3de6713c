-- Scoped invalidation of the read cache (server/lib/read-cache.ts). Until now every write to what the public
-- reads moved one version and every instance dropped ALL its cached answers, so under a steady stream of
-- donations nothing stayed cached. Each move of the version now also records what it changed, as scopes:
--   'emergency:<id>'  that emergency's row, images or donations (its detail and its donation pages),
--   'emergencies'     any emergency (the emergency lists, the featured list, the feed's titles and scam verdicts),
--   'donations'       any donation (the feed),
--   'campaigns'       any campaign,
--   '*'               anything (a bulk change of more than 64 emergencies at once).
-- Versions stay consecutive in commit order (the version row is locked until its transaction ends), so an
-- instance that saw version N reads the changes above N in one statement and drops only the answers they name;
-- a gap (changes pruned before it looked) makes it drop everything.
create table read_changes (
  version bigint primary key,
  scopes text[] not null
);
--> statement-breakpoint
create function read_changes_add(scopes text[]) returns void language plpgsql as $$
declare
  moved bigint;
begin
  update read_versions set version = version + 1 where scope = 'public' returning version into moved;
  insert into read_changes (version, scopes) values (moved, scopes);
  -- Instances look every second: 10,000 versions back is far more than any of them can be behind.
  if moved % 1000 = 0 then delete from read_changes where version <= moved - 10000; end if;
end $$;
--> statement-breakpoint
create function read_scopes_of_emergencies(ids bigint[]) returns text[] language sql immutable as $$
  select case when cardinality(ids) > 64 then array['*']
              else array(select 'emergency:' || id from unnest(ids) as id) end
$$;
--> statement-breakpoint
create or replace function donations_positions_insert() returns trigger language plpgsql as $$
declare
  buckets bigint[];
  deltas bigint[];
begin
  perform 1 from emergencies where id in (select emergency_id from inserted) order by id for no key update;
  select array_agg(bucket order by bucket), array_agg(n order by bucket) into buckets, deltas
  from (select d.id >> 10 as bucket, count(*) as n from inserted d join emergencies e on e.id = d.emergency_id
        where e.review_status <> 'confirmed_scam' group by 1) counted;
  if buckets is not null then perform list_positions_add('feed', buckets, deltas); end if;
  perform read_changes_add(array['donations'] ||
    read_scopes_of_emergencies(array(select distinct emergency_id from inserted limit 65)));
  return null;
end $$;
--> statement-breakpoint
create or replace function donations_positions_delete() returns trigger language plpgsql as $$
declare
  buckets bigint[];
  deltas bigint[];
begin
  select array_agg(bucket order by bucket), array_agg(-n order by bucket) into buckets, deltas
  from (select d.id >> 10 as bucket, count(*) as n from removed d join emergencies e on e.id = d.emergency_id
        where e.review_status <> 'confirmed_scam' group by 1) counted;
  if buckets is not null then perform list_positions_add('feed', buckets, deltas); end if;
  perform read_changes_add(array['donations'] ||
    read_scopes_of_emergencies(array(select distinct emergency_id from removed limit 65)));
  return null;
end $$;
--> statement-breakpoint
create or replace function emergencies_positions_insert() returns trigger language plpgsql as $$
declare
  buckets bigint[];
  deltas bigint[];
begin
  select array_agg(bucket order by bucket), array_agg(n order by bucket) into buckets, deltas
  from (select id >> 10 as bucket, count(*) as n from inserted
        where deleted_at is null and review_status <> 'confirmed_scam' group by 1) counted;
  if buckets is not null then perform list_positions_add('emergencies', buckets, deltas); end if;
  perform read_changes_add(array['emergencies'] ||
    read_scopes_of_emergencies(array(select id from inserted limit 65)));
  return null;
end $$;
--> statement-breakpoint
-- Statement level with the changed rows (each trigger below names its rows `changed`); a statement that changed
-- no row changes no answer.
create function emergencies_read_changes() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from changed) then return null; end if;
  perform read_changes_add(array['emergencies'] ||
    read_scopes_of_emergencies(array(select id from changed limit 65)));
  return null;
end $$;
--> statement-breakpoint
create function emergency_images_read_changes() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from changed) then return null; end if;
  perform read_changes_add(array['emergencies'] ||
    read_scopes_of_emergencies(array(select distinct emergency_id from changed limit 65)));
  return null;
end $$;
--> statement-breakpoint
-- A trigger with no scope argument changes anything; campaigns name theirs.
create or replace function read_versions_bump() returns trigger language plpgsql as $$
begin
  perform read_changes_add(case when tg_nargs = 0 then array['*'] else tg_argv end);
  return null;
end $$;
--> statement-breakpoint
drop trigger emergencies_read_version on emergencies;
--> statement-breakpoint
drop trigger emergency_images_read_version on emergency_images;
--> statement-breakpoint
drop trigger campaigns_read_version on campaigns;
--> statement-breakpoint
create trigger emergencies_read_changes_update after update on emergencies
  referencing new table as changed for each statement execute function emergencies_read_changes();
--> statement-breakpoint
create trigger emergencies_read_changes_delete after delete on emergencies
  referencing old table as changed for each statement execute function emergencies_read_changes();
--> statement-breakpoint
create trigger emergency_images_read_changes_insert after insert on emergency_images
  referencing new table as changed for each statement execute function emergency_images_read_changes();
--> statement-breakpoint
create trigger emergency_images_read_changes_update after update on emergency_images
  referencing new table as changed for each statement execute function emergency_images_read_changes();
--> statement-breakpoint
create trigger emergency_images_read_changes_delete after delete on emergency_images
  referencing old table as changed for each statement execute function emergency_images_read_changes();
--> statement-breakpoint
create trigger campaigns_read_version after insert or update or delete on campaigns
  for each statement execute function read_versions_bump('campaigns');
