-- Web push (server/modules/push): each browser's subscription, who follows which emergency, and the outbox.
-- One row per browser: an endpoint subscribed again (another account on the same device) moves to that user.
create table push_subscriptions (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create index push_subscriptions_user on push_subscriptions (user_id, id);
--> statement-breakpoint
create table emergency_follows (
  emergency_id bigint not null references emergencies (id),
  user_id bigint not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (emergency_id, user_id)
);
--> statement-breakpoint
-- The outbox: a notice written in the same transaction as what it tells (a donation's credit, an update), to the
-- emergency's owner and/or its followers. The worker expands it into one delivery per subscription (fanned_out),
-- and removes it once no delivery is left. An update's notice goes with the update if it is removed before sent.
create table push_messages (
  id bigint generated always as identity primary key,
  emergency_id bigint not null references emergencies (id),
  to_owner boolean not null,
  to_followers boolean not null,
  update_id bigint references emergency_updates (id) on delete cascade,
  payload jsonb not null,
  fanned_out boolean not null default false,
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create index push_messages_waiting on push_messages (id) where not fanned_out;
--> statement-breakpoint
-- One row per (subscription, message) still to send: deleted when sent, or when the push service says the
-- subscription is gone; attempts and the next attempt's time carry the retries across restarts. A claim moves the
-- next attempt forward before the send, so another instance (or this one after a crash) tries again only later.
create table push_deliveries (
  subscription_id bigint not null references push_subscriptions (id) on delete cascade,
  message_id bigint not null references push_messages (id) on delete cascade,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  primary key (subscription_id, message_id)
);
--> statement-breakpoint
create index push_deliveries_due on push_deliveries (next_attempt_at);
--> statement-breakpoint
create index push_deliveries_message on push_deliveries (message_id);
