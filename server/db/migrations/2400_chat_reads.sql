-- How far each participant has read each chat (issue 29: unread messages show a badge). One row per reader and
-- chat, holding the newest message id they have seen; it only moves forward. A message is unread for a participant
-- when the other party sent it after their marker (no row: every message of the other party is unread).
create table chat_reads (
  session_id uuid not null references chat_sessions (id),
  user_id bigint not null references users (id),
  last_read_id bigint not null check (last_read_id >= 0),
  primary key (user_id, session_id)
);
--> statement-breakpoint
-- The unread count starts from the chats a user is in, on either side.
create index chat_sessions_investor on chat_sessions (investor_id);
--> statement-breakpoint
create index chat_sessions_owner on chat_sessions (owner_id);
