-- Bounded Action references (issue 34, N5/N6; server/modules/actions/reference-admission.ts): a new reference is
-- refused past a cap of open ones in all and per signing account, and expired and credited rows are deleted
-- after a retention period. The counts, the watcher's "anything expired still kept?" and the deletion read these.
create index action_references_status_expiry on action_references (status, expires_at);
--> statement-breakpoint
create index action_references_open_payer on action_references (payer_wallet, expires_at) where status = 'open';
