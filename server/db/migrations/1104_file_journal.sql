-- Crash safety for uploaded files (server/storage/file-journal.ts). A file is journaled before it is written and
-- leaves the journal in the transaction that stores the rows pointing at it; a file whose rows were deleted is
-- journaled in that transaction and removed after it. Whatever a killed process left in the journal is removed
-- once due, so a crash leaves no orphan files.
create table file_journal (
  file_name text primary key,
  bucket text not null check (bucket in ('public', 'private')),
  remove_after timestamptz not null
);
--> statement-breakpoint
create index file_journal_due on file_journal (remove_after);
