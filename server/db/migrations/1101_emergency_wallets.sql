-- The receiving wallets an emergency has had (server/modules/emergencies/wallet-history.ts): a donation is
-- verified against the wallet the emergency had when the donor's transaction was confirmed, so one that reached
-- the wallet the page showed stays recordable after the owner changes the wallet or deletes the emergency.
-- valid_from null: since the emergency was created; valid_until null: still the wallet.
create table emergency_wallets (
  id bigint generated always as identity primary key,
  emergency_id bigint not null references emergencies (id),
  wallet text not null,
  valid_from timestamptz,
  valid_until timestamptz,
  check (valid_from is null or valid_until is null or valid_until >= valid_from)
);
--> statement-breakpoint
create index emergency_wallets_emergency on emergency_wallets (emergency_id, id);
--> statement-breakpoint
insert into emergency_wallets (emergency_id, wallet, valid_from, valid_until)
select id, receiving_wallet, null, deleted_at from emergencies;
