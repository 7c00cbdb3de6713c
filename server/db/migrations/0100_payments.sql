-- One row per on-chain transaction the server has accepted as payment, whatever it paid for.
-- UNIQUE(tx_hash) is the replay guard: a signature is used once, for anything. A donation with a tip is one
-- transaction, so one row (lamports to the campaign, tip_lamports to the platform).
create table payments (
  id bigint generated always as identity primary key,
  tx_hash text not null unique,
  kind text not null check (kind in ('donation', 'tip', 'boost', 'listing_fee')),
  payer_wallet text not null,
  user_id bigint references users (id) on delete set null,
  -- what was paid for: an emergency or airdrop campaign id (text, so any module's id fits)
  reference text,
  recipient_wallet text not null,
  lamports bigint not null check (lamports >= 0),
  tip_lamports bigint not null default 0 check (tip_lamports >= 0),
  cluster text not null,
  slot bigint not null,
  block_time timestamptz,
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create index payments_kind_reference on payments (kind, reference, created_at desc);
--> statement-breakpoint
create index payments_payer_wallet on payments (payer_wallet, created_at desc);
--> statement-breakpoint
create index payments_user_id on payments (user_id, created_at desc);
