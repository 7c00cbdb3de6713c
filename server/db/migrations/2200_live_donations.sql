-- Live donations (server/modules/live, docs/decisions/017-live-channel.md). Every credited donation is announced
-- with NOTIFY from its own transaction, so PostgreSQL delivers it when that transaction commits, to every
-- instance's one listening connection, in commit order; a rolled-back donation is never announced. The payload is
-- the event itself: the donation as the feed shows it and its emergency's totals after it (SOL and USDC apart, as
-- migration 2000 keeps them; this trigger runs at
-- the end of the credit's statement, which updated them), so no instance reads the database to fan it out.
-- The channel carries the schema's name: deployments (or test files) sharing one database in different schemas
-- do not hear each other's donations.
create function live_channel(topic text) returns text language sql stable as $$
  select topic || '_' || current_schema()
$$;
--> statement-breakpoint
-- NOTIFY refuses payloads of 8,000 bytes or more, which would roll the donation back: the comment (500 characters
-- on the wire) and the title (200) are cut so that even escaped JSON stays far below. A statement inserting more
-- than 100 donations (a bulk load, never a credit) announces one 'resync' instead of each row.
create function donations_live_notify() returns trigger language plpgsql as $$
begin
  if (select count(*) from (select 1 from inserted limit 101) first) > 100 then
    perform pg_notify(live_channel('donations'), '{"resync":true}');
    return null;
  end if;
  perform pg_notify(live_channel('donations'), json_build_object(
      'id', d.id,
      'emergency_id', d.emergency_id,
      'currency', d.currency,
      'amount', d.amount::text,
      'tip_amount', d.tip_amount::text,
      'comment', left(d.comment, 500),
      'created_at', d.created_at,
      'tx_hash', d.tx_hash,
      'donor_wallet', d.donor_wallet,
      'donor_id', d.donor_id,
      'emergency_title', left(e.title, 200),
      'total_donated', e.total_donated::text,
      'usdc_donated', e.usdc_donated::text,
      'donation_count', e.donation_count,
      'sol_goal', e.sol_goal::text,
      'public', e.review_status <> 'confirmed_scam')::text)
  from inserted d join emergencies e on e.id = d.emergency_id
  order by d.id;
  return null;
end $$;
--> statement-breakpoint
create trigger donations_live after insert on donations
  referencing new table as inserted for each statement execute function donations_live_notify();
