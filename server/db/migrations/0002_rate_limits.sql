-- Rate-limit counters live in the database so every instance behind a load balancer shares them
-- (server/plugins/rate-limit-store.ts). One fixed window per (route, client) key.
create table rate_limits (
  key text primary key,
  window_start_ms bigint not null,
  count integer not null
);
--> statement-breakpoint
create index rate_limits_window_start on rate_limits (window_start_ms);
