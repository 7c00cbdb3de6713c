-- Accounts and wallet sign-in (docs/decisions/002-sign-in.md).
create table users (
  id bigint generated always as identity primary key,
  wallet_address text not null unique,
  email text not null,
  role text not null default 'user' check (role in ('user', 'admin')),
  created_at timestamptz not null default now()
);
--> statement-breakpoint
-- SIWS messages the server issued; a row is consumed once (used_at), by a conditional UPDATE.
create table sign_in_nonces (
  nonce text primary key,
  wallet_address text not null,
  message text not null,
  issued_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
--> statement-breakpoint
create index sign_in_nonces_expires_at on sign_in_nonces (expires_at);
--> statement-breakpoint
-- One family per sign-in; every rotation adds a token to it; revoking the family ends the session.
create table refresh_families (
  id uuid primary key,
  user_id bigint not null references users (id) on delete cascade,
  created_at timestamptz not null,
  revoked_at timestamptz
);
--> statement-breakpoint
create table refresh_tokens (
  token_hash text primary key,
  family_id uuid not null references refresh_families (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  rotated_at timestamptz
);
--> statement-breakpoint
create index refresh_tokens_family_id on refresh_tokens (family_id);
