-- What a user is told in their dashboard (server/modules/notifications): for now, that an emergency they donated
-- to was confirmed as a scam. Written in the transaction of the admin's decision, one per donor and emergency.
create table notifications (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  kind text not null check (kind in ('emergency_confirmed_scam')),
  emergency_id bigint references emergencies (id),
  created_at timestamptz not null default now(),
  read_at timestamptz
);
--> statement-breakpoint
create unique index notifications_once on notifications (user_id, kind, emergency_id);
--> statement-breakpoint
create index notifications_user on notifications (user_id, id desc);
--> statement-breakpoint
create index notifications_unread on notifications (user_id) where read_at is null;
