-- The blind wallet relay (server/modules/wallet-relay): a wallet's still-encrypted deep-link answer, handed from
-- the callback page of one browser to the page or home-screen app that asked. Single read: `answer` is cleared
-- when read and the row stays until it expires, so the same request id cannot be written twice.
create table wallet_relay (
  request_id text primary key,
  answer jsonb,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  read_at timestamptz
);
--> statement-breakpoint
create index wallet_relay_expires_at on wallet_relay (expires_at);
