-- Campaign updates: what the owner of an emergency posts on its page (text, up to 4 images), newest first.
-- Removing an update removes its images' rows; their files are removed through the file journal.
create table emergency_updates (
  id bigint generated always as identity primary key,
  emergency_id bigint not null references emergencies (id),
  author_id bigint not null references users (id),
  text text not null check (length(text) between 1 and 5000),
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create index emergency_updates_emergency on emergency_updates (emergency_id, id desc);
--> statement-breakpoint
create table emergency_update_images (
  id bigint generated always as identity primary key,
  update_id bigint not null references emergency_updates (id) on delete cascade,
  file_name text not null unique,
  content_type text not null,
  size_bytes integer not null,
  created_at timestamptz not null default now()
);
--> statement-breakpoint
create index emergency_update_images_update on emergency_update_images (update_id, id);
--> statement-breakpoint
-- An emergency's updates are read through the read cache with the emergency's scope (server/lib/read-cache.ts):
-- posting or removing one drops them. Images change only with their update (inserted in its transaction, removed
-- by its cascade), so the updates' own trigger covers them.
create function emergency_updates_read_changes() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from changed) then return null; end if;
  perform read_changes_add(read_scopes_of_emergencies(array(select distinct emergency_id from changed limit 65)));
  return null;
end $$;
--> statement-breakpoint
create trigger emergency_updates_read_changes_insert after insert on emergency_updates
  referencing new table as changed for each statement execute function emergency_updates_read_changes();
--> statement-breakpoint
create trigger emergency_updates_read_changes_delete after delete on emergency_updates
  referencing old table as changed for each statement execute function emergency_updates_read_changes();
