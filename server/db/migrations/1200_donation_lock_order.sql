-- Concurrent donations to one emergency deadlocked on PostgreSQL (503 database_busy for most of them in the
-- donation bench): inserting a donation takes FOR KEY SHARE on its emergency (the foreign key), and the positions
-- trigger of 0900 then asked FOR UPDATE on the same row, which conflicts with the other donations' key-share
-- locks; two such transactions waited for each other. FOR NO KEY UPDATE does not conflict with FOR KEY SHARE,
-- still serialises the donations (and an emergency review, which updates the row) in the same order, and is the
-- lock the credit's own `update emergencies` takes anyway.
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
  update read_versions set version = version + 1 where scope = 'public';
  return null;
end $$;
