-- A feed page skips up to a block of donations (server/db/list-positions.ts) and tests each skipped one's emergency
-- against the confirmed scams. With the emergency in the primary key's index (include emergency_id), that skip is
-- an index-only scan: no heap row is read for a donation that is not shown (PostgreSQL CPU for a feed page at 1M
-- donations 0.53 -> 0.47 ms, docs/performance.md, 'Feed and explore reads'). The key is unchanged, and no other
-- index is added: a donation still writes the same number of index entries.
alter table donations drop constraint donations_pkey;
--> statement-breakpoint
alter table donations add primary key (id) include (emergency_id);
