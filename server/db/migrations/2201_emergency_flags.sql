-- Flags as records (docs/decisions/016-flags-need-three-reporters.md). Until now an emergency kept only its latest
-- flag (reason, raw client IP, time), and one anonymous request branded it 'Under Review' for everyone. Each flag
-- is now a row: its reason, its time, the reporter's address as a salted hash (never the address), and the account
-- when signed in; one per address and one per account for each emergency while it is open. A rejected review
-- clears the open flags (cleared_at): they stay for the record, and the emergency may be flagged anew.
create table emergency_flags (
  id bigint generated always as identity primary key,
  emergency_id bigint not null references emergencies (id),
  reporter text not null,
  user_id bigint references users (id) on delete set null,
  reason text not null,
  created_at timestamptz not null default now(),
  cleared_at timestamptz
);
--> statement-breakpoint
create unique index emergency_flags_one_per_address on emergency_flags (emergency_id, reporter)
  where cleared_at is null;
--> statement-breakpoint
create unique index emergency_flags_one_per_account on emergency_flags (emergency_id, user_id)
  where cleared_at is null and user_id is not null;
--> statement-breakpoint
create index emergency_flags_open on emergency_flags (emergency_id, id desc) where cleared_at is null;
--> statement-breakpoint
-- On the emergency: how many open flags it has, and when an admin put it under review (triage) without deciding.
-- is_flagged is now the public 'Under Review': triaged, or flagged by at least 3 reporters.
alter table emergencies add column flag_count integer not null default 0 check (flag_count >= 0);
--> statement-breakpoint
alter table emergencies add column triaged_at timestamptz;
--> statement-breakpoint
-- The latest flag's reporter as its hash, as the rows keep it.
alter table emergencies rename column flagged_ip to flagged_by;
--> statement-breakpoint
-- A pending flag becomes its emergency's first record; its address is not kept (no salt here to hash it with).
insert into emergency_flags (emergency_id, reporter, reason, created_at)
  select id, 'before-2201', coalesce(flagged_reason, ''), coalesce(flagged_at, now())
  from emergencies where review_status = 'pending';
--> statement-breakpoint
update emergencies set flag_count = 1, is_flagged = false, flagged_by = 'before-2201'
  where review_status = 'pending';
--> statement-breakpoint
update emergencies set flagged_by = null where review_status <> 'pending';
