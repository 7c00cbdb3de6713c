-- Donations made through the Solana Action / Solana Pay transaction request (server/modules/actions/README.md).
-- Each POST builds one transaction carrying a fresh random reference key; the row remembers what that
-- transaction must prove, so the reference watcher can record it without any call from the donor.
create table action_references (
  reference text primary key,
  emergency_id bigint not null references emergencies (id),
  -- the `account` the transaction was built for: its fee payer, signer and the transfers' source
  payer_wallet text not null,
  -- the receiving wallet the transaction pays (the emergency's, when it was built)
  recipient_wallet text not null,
  lamports bigint not null check (lamports > 0),
  tip_lamports bigint not null default 0 check (tip_lamports >= 0),
  comment text,
  -- the PWA's "Donate from your phone" panel id, so the page can show "Received" live
  checkout text,
  status text not null default 'open' check (status in ('open', 'credited', 'expired')),
  -- set when credited: the donation's signature (one reference per signature)
  tx_hash text unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  -- when the watcher looks this reference up on its own next (the backstop behind the watch-key feed)
  next_check_at timestamptz not null,
  checks integer not null default 0
);
--> statement-breakpoint
create index action_references_due on action_references (next_check_at) where status = 'open';
--> statement-breakpoint
create index action_references_checkout on action_references (checkout, created_at desc)
  where checkout is not null;
--> statement-breakpoint
-- The newest signature the watcher has examined on its watch key's history (getSignaturesForAddress `until`),
-- so a restart resumes where it stopped.
create table action_watch_cursor (
  watch_key text primary key,
  last_signature text not null,
  updated_at timestamptz not null default now()
);
