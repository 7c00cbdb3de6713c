-- Airdrop half: KYC submissions (ID images are private files), campaigns, listing-fee claims,
-- investment intents and the chats they open. Money is lamports (BIGINT).
create table kyc_submissions (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  full_name text not null,
  country text not null,
  full_address text not null,
  id_type text not null check (id_type in ('passport', 'national_id', 'driver_license')),
  id_image_name text not null unique,
  id_image_type text not null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  rejection_reason text,
  reviewed_by bigint references users (id),
  reviewed_at timestamptz,
  submitted_at timestamptz not null default now()
);
--> statement-breakpoint
-- At most one live (pending or approved) submission per user; rejected ones stay as history.
create unique index kyc_one_live_per_user on kyc_submissions (user_id) where status in ('pending', 'approved');
--> statement-breakpoint
create index kyc_pending_queue on kyc_submissions (submitted_at, id) where status = 'pending';
--> statement-breakpoint
create index kyc_by_user on kyc_submissions (user_id, id desc);
--> statement-breakpoint
create table campaigns (
  id bigint generated always as identity primary key,
  owner_id bigint not null references users (id),
  project_name text not null,
  description text not null,
  website text,
  twitter_handle text,
  github_url text,
  sol_goal bigint not null check (sol_goal >= 10000000),
  receiving_wallet text not null,
  image_name text,
  is_listed boolean not null default false,
  has_investor_involved boolean not null default false,
  amount_released bigint not null default 0 check (amount_released >= 0),
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create index campaigns_listed_newest on campaigns (created_at desc, id desc) where is_listed;
--> statement-breakpoint
create index campaigns_owner on campaigns (owner_id, id desc);
--> statement-breakpoint
-- A listing-fee claim. Verified ones also have their row in payments (UNIQUE tx_hash across everything); a claim
-- made while the ledger was unreachable waits here (confirmed = false, rejected = false) for an admin.
create table campaign_payments (
  id bigint generated always as identity primary key,
  campaign_id bigint not null references campaigns (id),
  user_id bigint not null references users (id),
  tx_hash text not null,
  amount bigint not null,
  confirmed boolean not null default false,
  rejected boolean not null default false,
  reviewed_by bigint references users (id),
  reviewed_at timestamptz,
  submitted_at timestamptz not null default now(),
  unique (campaign_id, tx_hash),
  check (not (confirmed and rejected))
);
--> statement-breakpoint
create index campaign_payments_newest on campaign_payments (submitted_at desc, id desc);
--> statement-breakpoint
create table investment_intents (
  id bigint generated always as identity primary key,
  campaign_id bigint not null references campaigns (id),
  investor_id bigint not null references users (id),
  proposed_amount bigint not null check (proposed_amount > 0),
  equity_percentage numeric(5, 2) check (equity_percentage >= 0 and equity_percentage <= 100),
  message text not null,
  contact_info text,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'merged')),
  reviewed_by bigint references users (id),
  reviewed_at timestamptz,
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create index investment_intents_campaign on investment_intents (campaign_id);
--> statement-breakpoint
create index investment_intents_investor on investment_intents (investor_id, id desc);
--> statement-breakpoint
create index investment_intents_newest on investment_intents (created_at desc, id desc);
--> statement-breakpoint
-- One chat per approved intent, between the investor and the campaign owner; the id is a random UUID.
create table chat_sessions (
  id uuid primary key,
  intent_id bigint not null unique references investment_intents (id),
  campaign_id bigint not null references campaigns (id),
  investor_id bigint not null references users (id),
  owner_id bigint not null references users (id),
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create table chat_messages (
  id bigint generated always as identity primary key,
  session_id uuid not null references chat_sessions (id),
  sender_id bigint not null references users (id),
  message text not null,
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create index chat_messages_session on chat_messages (session_id, id);
--> statement-breakpoint
create table chat_documents (
  id bigint generated always as identity primary key,
  session_id uuid not null references chat_sessions (id),
  uploader_id bigint not null references users (id),
  stored_name text not null unique,
  file_name text not null,
  content_type text not null,
  size_bytes integer not null,
  uploaded_at timestamptz not null default now()
);
--> statement-breakpoint
create index chat_documents_session on chat_documents (session_id, id);
