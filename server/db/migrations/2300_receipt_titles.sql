-- Receipts (GET /api/receipts/{tx_hash}/) are kept by the read cache until something they show changes: of a
-- donation, its payment and its emergency they show only one thing that ever changes, the emergency's title.
-- A change of title names the scope 'emergency-titles' (server/lib/read-cache.ts readScopes.titles), so receipts
-- stay cached through the totals updates that every donation makes to its emergency's row.
create trigger emergencies_titles_read_changes after update of title on emergencies
  for each row when (old.title is distinct from new.title)
  execute function read_versions_bump('emergency-titles');
