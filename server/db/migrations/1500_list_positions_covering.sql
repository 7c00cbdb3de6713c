-- The position walk (server/db/list-positions.ts) reads a list's counts newest block first and stops at the block
-- holding the page's first row. With the count in the primary key's index (include n), that walk is an index-only
-- scan read backward, in the order it needs: no sort of every block, and on average half the blocks read instead of
-- all of them (docs/performance.md, 'Feed and explore reads'). The key is unchanged, so `on conflict (list, bucket,
-- stripe)` still finds it.
alter table list_positions drop constraint list_positions_pkey;
--> statement-breakpoint
alter table list_positions add primary key (list, bucket, stripe) include (n);
