-- The genesis hash of the ledger this database's payments were verified on (server/modules/payments/genesis-pin.ts).
-- One row. A restart against another ledger (a wiped local ledger, devnet instead of mainnet) is refused while
-- payments exist, so recorded signatures never point at a chain that no longer has them.
create table chain_identity (
  id smallint primary key default 1 check (id = 1),
  genesis_hash text not null,
  pinned_at timestamptz not null default now()
);
