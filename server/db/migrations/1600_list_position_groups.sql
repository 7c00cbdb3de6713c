-- A second level of position counts: per group of 32 blocks (group = bucket >> 5, 32,768 ids). The position walk
-- (server/db/list-positions.ts) read a list's blocks newest first up to the page's block, about 500 count rows for
-- a mid-depth feed page at 1M donations (about half of PostgreSQL's CPU for a feed miss); it now walks the groups
-- to the page's group, then that group's 32 blocks: at 1M, at most 31 groups and 32 blocks (docs/performance.md,
-- 'Feed and explore reads').
-- A group counts its blocks' stripe 0 only, the counts that are no donation's own (migration 1401): a donation adds
-- to its block's stripe as before and writes no other row, so it waits for no one it did not wait for before. The
-- walk adds the stripes not yet folded (a few rows, in the newest blocks) to their groups. The group follows its
-- blocks' stripe 0 in the transaction that changes them (a fold, a scam verdict, a delete, a new emergency), right
-- after the statement that changed them, in the order of their blocks: stripe 0 of the blocks, then of their
-- groups, so concurrent writers still lock in one order.
create table list_position_groups (
  list text not null check (list in ('feed', 'emergencies')),
  grp bigint not null,
  n bigint not null,
  primary key (list, grp) include (n)
);
--> statement-breakpoint
insert into list_position_groups (list, grp, n)
select list, bucket >> 5, sum(n) from list_positions where stripe = 0 group by list, bucket >> 5;
--> statement-breakpoint
create function list_position_groups_follow() returns trigger language plpgsql as $$
begin
  insert into list_position_groups (list, grp, n)
  values (new.list, new.bucket >> 5, new.n - case when tg_op = 'UPDATE' then old.n else 0 end)
  on conflict (list, grp) do update set n = list_position_groups.n + excluded.n;
  return null;
end $$;
--> statement-breakpoint
-- Stripe 0 rows are inserted and updated, never deleted, and never change block or stripe.
create trigger list_position_groups_follow after insert or update of n on list_positions
  for each row when (new.stripe = 0) execute function list_position_groups_follow();
