-- Emergencies and their proof images. Money is lamports (BIGINT). An emergency is never removed:
-- deleting sets deleted_at (donors' records keep pointing at it); a confirmed scam has review_status
-- 'confirmed_scam' and leaves every public list.
create table emergencies (
  id bigint generated always as identity primary key,
  owner_id bigint not null references users (id),
  title text not null,
  description text not null,
  sol_goal bigint not null check (sol_goal > 0),
  deadline date not null,
  receiving_wallet text not null,
  video_url text,
  total_donated bigint not null default 0 check (total_donated >= 0),
  donation_count integer not null default 0 check (donation_count >= 0),
  boost_expires_at timestamptz,
  is_flagged boolean not null default false,
  flagged_reason text,
  flagged_ip text,
  flagged_at timestamptz,
  review_status text not null default 'none' check (review_status in ('none', 'pending', 'confirmed_scam')),
  review_comment text,
  reviewed_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
--> statement-breakpoint
-- Public list, newest first (keyset-friendly: created_at, id), only what the public may see.
create index emergencies_public_newest on emergencies (created_at desc, id desc)
  where deleted_at is null and review_status <> 'confirmed_scam';
--> statement-breakpoint
create index emergencies_featured on emergencies (boost_expires_at desc, id desc)
  where deleted_at is null and review_status <> 'confirmed_scam' and boost_expires_at is not null;
--> statement-breakpoint
create index emergencies_owner on emergencies (owner_id, created_at desc, id desc) where deleted_at is null;
--> statement-breakpoint
create index emergencies_flag_queue on emergencies (flagged_at desc) where review_status = 'pending';
--> statement-breakpoint
create table emergency_images (
  id bigint generated always as identity primary key,
  emergency_id bigint not null references emergencies (id),
  file_name text not null unique,
  content_type text not null,
  size_bytes integer not null,
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create index emergency_images_emergency on emergency_images (emergency_id, id);
