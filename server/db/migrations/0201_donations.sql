-- Donations: one row per verified donation transaction (the payments row holds the replay guard, UNIQUE tx_hash).
create table donations (
  id bigint generated always as identity primary key,
  payment_id bigint not null unique references payments (id),
  tx_hash text not null unique,
  emergency_id bigint not null references emergencies (id),
  donor_id bigint references users (id) on delete set null,
  donor_wallet text not null,
  amount bigint not null check (amount > 0),
  tip_amount bigint not null default 0 check (tip_amount >= 0),
  comment text,
  created_at timestamptz not null default now()
);
--> statement-breakpoint
-- Public feed newest first (keyset: created_at, id).
create index donations_newest on donations (created_at desc, id desc);
--> statement-breakpoint
create index donations_emergency on donations (emergency_id, created_at desc, id desc);
--> statement-breakpoint
create index donations_donor on donations (donor_id, created_at desc, id desc);
--> statement-breakpoint
-- Feed search by transaction-hash prefix (LIKE 'abc%') and by exact amount.
create index donations_tx_hash_prefix on donations (tx_hash text_pattern_ops);
--> statement-breakpoint
create index donations_amount on donations (amount);
--> statement-breakpoint
-- Badges the server awards on its own rules (server/modules/badges/badge-rules.ts); one per (user, kind).
create table badges (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  kind text not null,
  title text not null,
  tx_hash text,
  emergency_id bigint references emergencies (id),
  issued_at timestamptz not null default now(),
  unique (user_id, kind)
);
--> statement-breakpoint
create index badges_user on badges (user_id, issued_at desc, id desc);
