-- The read cache's changes (migration 1300) without a row every write waits on. Until now read_changes_add moved
-- read_versions.version, one row that every donation, to any emergency, then held locked from its insert to its
-- commit: concurrent donations to different emergencies were recorded one after the other. A change is now only
-- appended, with the id of the transaction that wrote it (xid).
-- Versions taken from a sequence are NOT in commit order: a transaction may take 10, another 11 and commit first,
-- so a reader that asked for "the changes above the highest version I saw" would skip 10 for ever. A reader asks
-- by visibility instead (server/lib/read-cache.ts): it keeps the snapshot it read with (pg_current_snapshot(), the
-- one its statement saw the rows by) and next reads the changes whose transaction that snapshot did not see
-- (pg_visible_in_snapshot), i.e. each change committed since, exactly once, whatever order they committed in.
-- Every transaction older than a snapshot's xmin had ended when it was taken, so `xid >= xmin` bounds the search
-- on the index.
alter table read_changes add column xid xid8 not null default pg_current_xact_id();
--> statement-breakpoint
create sequence read_changes_version owned by read_changes.version;
--> statement-breakpoint
select setval('read_changes_version', coalesce((select max(version) from read_changes), 0) + 1, false);
--> statement-breakpoint
alter table read_changes alter column version set default nextval('read_changes_version');
--> statement-breakpoint
create index read_changes_by_xid on read_changes (xid);
--> statement-breakpoint
-- The newest transaction whose changes were pruned: a reader whose last snapshot's xmin is not above it may not
-- have read them all, and drops everything (as for a gap before). One row, written once per 1,000 changes.
create table read_changes_pruned (
  one boolean primary key default true check (one),
  through xid8 not null
);
--> statement-breakpoint
insert into read_changes_pruned (through) values ('0');
--> statement-breakpoint
create or replace function read_changes_add(scopes text[]) returns void language plpgsql as $$
declare
  added bigint;
  pruned xid8;
begin
  insert into read_changes (scopes) values (scopes) returning version into added;
  -- Instances look every second: 10,000 changes back is far more than any of them can be behind.
  if added % 1000 = 0 then
    with gone as (delete from read_changes where version <= added - 10000 returning xid)
    select xid into pruned from gone order by xid desc limit 1;
    if pruned is not null then
      update read_changes_pruned set through = greatest(through, pruned);
    end if;
  end if;
end $$;
--> statement-breakpoint
drop table read_versions;
