-- The feed's position counts (migration 0900) without a row every donation waits on. Each donation added 1 to
-- the count of its id's block, ('feed', id >> 10): the newest block's row, the same for every donation, which it
-- then held locked from its insert to its commit, so concurrent donations to different emergencies were recorded
-- one after the other (as with read_versions before migration 1400). A donation now adds to one of 8 stripes of
-- the block, 1 to 8, chosen by its emergency (donations to one emergency wait for each other on its row anyway).
-- Readers sum a block's stripes (server/db/list-positions.ts). Every 64th donation folds the stripes of the blocks
-- before its own into stripe 0, skipping the rows a donation still holds, so a read sums about one row per block.
-- Stripe 0 is never a donation's own: a scam verdict or a delete writes its counts there oldest block first, and a
-- donation that held its newest block's stripe 0 while folding an older one into it would deadlock with them.
alter table list_positions add column stripe smallint not null default 0;
--> statement-breakpoint
alter table list_positions drop constraint list_positions_pkey;
--> statement-breakpoint
alter table list_positions add primary key (list, bucket, stripe);
--> statement-breakpoint
create index list_positions_striped on list_positions (list, bucket) where stripe <> 0;
--> statement-breakpoint
-- Every other count (the emergencies list, deletes, scam verdicts) goes to stripe 0.
create or replace function list_positions_add(list_name text, buckets bigint[], deltas bigint[]) returns void
language sql as $$
  insert into list_positions (list, bucket, n)
  select list_name, b.bucket, b.delta from unnest(buckets, deltas) as b(bucket, delta) order by b.bucket
  on conflict (list, bucket, stripe) do update set n = list_positions.n + excluded.n
$$;
--> statement-breakpoint
create function feed_positions_fold(below bigint) returns void language sql as $$
  with folded as (
    delete from list_positions where ctid in (
      select ctid from list_positions where list = 'feed' and stripe <> 0 and bucket < below
      for update skip locked)
    returning bucket, n)
  insert into list_positions (list, bucket, n)
  select 'feed', bucket, sum(n) from folded group by bucket order by bucket
  on conflict (list, bucket, stripe) do update set n = list_positions.n + excluded.n
$$;
--> statement-breakpoint
-- As in migration 1300 (the emergencies locked first, in id order; then the counts, in (block, stripe) order),
-- with the feed's counts striped.
create or replace function donations_positions_insert() returns trigger language plpgsql as $$
declare
  newest bigint;
begin
  perform 1 from emergencies where id in (select emergency_id from inserted) order by id for no key update;
  insert into list_positions (list, bucket, stripe, n)
  select 'feed', d.id >> 10, (1 + d.emergency_id % 8)::smallint, count(*)
  from inserted d join emergencies e on e.id = d.emergency_id
  where e.review_status <> 'confirmed_scam'
  group by d.id >> 10, 1 + d.emergency_id % 8
  order by d.id >> 10, 1 + d.emergency_id % 8
  on conflict (list, bucket, stripe) do update set n = list_positions.n + excluded.n;
  if exists (select 1 from inserted where id % 64 = 0) then
    select max(id) >> 10 into newest from inserted;
    perform feed_positions_fold(newest);
  end if;
  perform read_changes_add(array['donations'] ||
    read_scopes_of_emergencies(array(select distinct emergency_id from inserted limit 65)));
  return null;
end $$;
