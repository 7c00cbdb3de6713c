-- A listing-fee claim an admin approved while the ledger could not be reached is `unverified` (confirmed, listed)
-- until the server verifies it on-chain (server/modules/airdrops/listing-fee-reverify.ts). Such approvals used to
-- write a payments row with slot 0, which took the signature from its real owner (a donor's donation submitted
-- later was refused as already processed): they become unverified claims again, and the rows go.
alter table campaign_payments add column unverified boolean not null default false;
--> statement-breakpoint
alter table campaign_payments add constraint campaign_payments_unverified_is_confirmed check (not unverified or confirmed);
--> statement-breakpoint
update campaign_payments c set unverified = true
where c.confirmed and exists (
  select 1 from payments p where p.tx_hash = c.tx_hash and p.kind = 'listing_fee' and p.slot = 0
);
--> statement-breakpoint
delete from payments where kind = 'listing_fee' and slot = 0;
--> statement-breakpoint
create index campaign_payments_unverified on campaign_payments (tx_hash) where unverified;
