-- Donations in USDC (issue 32; docs/decisions/014-usdc-giving.md). A payment, a donation and an Action reference
-- carry their currency; their amounts (payments.lamports and tip_lamports, donations.amount and tip_amount,
-- action_references.lamports and tip_lamports) are base units of it: lamports for SOL, micro-USDC (6 decimals)
-- for USDC. Every row written before is SOL, the default.
alter table payments add column currency text not null default 'SOL' check (currency in ('SOL', 'USDC'));
--> statement-breakpoint
alter table donations add column currency text not null default 'SOL' check (currency in ('SOL', 'USDC'));
--> statement-breakpoint
alter table action_references add column currency text not null default 'SOL'
  check (currency in ('SOL', 'USDC'));
--> statement-breakpoint
-- An emergency's USDC raised, beside total_donated (SOL, which its goal is in): two figures, never one sum, as
-- there is no exchange rate here. donation_count counts the donations of both.
alter table emergencies add column usdc_donated bigint not null default 0 check (usdc_donated >= 0);
