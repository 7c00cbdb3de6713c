-- A push notice may go to an emergency's registered donors (server/modules/push): an admin confirmed it as a scam
-- (docs/decisions/016-flag-rule.md), and each donor's browsers hear it beside the notification in their dashboard.
alter table push_messages add column to_donors boolean not null default false;
