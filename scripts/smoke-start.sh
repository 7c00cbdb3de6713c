#!/usr/bin/env bash
# The README's promise, checked: `npm start` on a fresh data directory serves the PWA, the API and the ledger.
set -euo pipefail
data=$(mktemp -d)
port=$((20000 + RANDOM % 10000))
log="$data/start.log"
started=$(date +%s%N)
# In its own process group: stopping npm alone left the server it started running, orphaned.
DATA_DIR="$data/state" PORT=$port LEDGER_PORT=$((port + 2)) setsid npm start >"$log" 2>&1 &
pid=$!
# The whole group is gone before its data directory is removed: the ledger still writing there made `rm` fail.
cleanup() {
  kill -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  for _ in $(seq 1 100); do kill -0 -- "-$pid" 2>/dev/null || break; sleep 0.1; done
  kill -9 -- "-$pid" 2>/dev/null || true
  rm -rf "$data" || { sleep 1; rm -rf "$data"; }
}
trap cleanup EXIT
for _ in $(seq 1 600); do
  if curl -fsS "http://127.0.0.1:$port/api/config/" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then cat "$log"; echo "npm start exited early"; exit 1; fi
  sleep 0.2
done
curl -fsS "http://127.0.0.1:$port/api/config/" >/dev/null || { cat "$log"; echo "npm start did not answer"; exit 1; }
echo "npm start answered /api/config/ after $(( ($(date +%s%N) - started) / 1000000 )) ms"
curl -fsS "http://127.0.0.1:$port/" | grep -q '<div id="root">' || { cat "$log"; echo "the PWA is not served at /"; exit 1; }
curl -fsS -X POST -H 'content-type: application/json' -d '{"jsonrpc":"2.0","id":1,"method":"getHealth"}' \
  "http://127.0.0.1:$port/rpc" | grep -q '"ok"' || { cat "$log"; echo "the ledger is not mounted at /rpc"; exit 1; }
echo "smoke: PWA, API and ledger answer"
