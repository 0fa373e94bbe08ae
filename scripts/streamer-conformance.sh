#!/usr/bin/env bash
# The public-client check of schwab-fake's Streamer: starts `schwab-fake` on a free loopback port, gets an
# access token through the fake's OAuth endpoints (login form, then code exchange), and runs schwab-py's
# StreamClient (pinned, in .venv-streamer/) against it through scripts/streamer_conformance.py, which fails
# unless the ACCT_ACTIVITY events of orders placed through the REST API arrive.
#
# Usage: scripts/streamer-conformance.sh [path/to/schwab-fake]   (default: target/debug/schwab-fake)
set -euo pipefail
cd "$(dirname "$0")/.."

bin="${1:-target/debug/schwab-fake}"
python=".venv-streamer/bin/python"
app_key="streamer-conformance-key"
app_secret="streamer-conformance-secret"
redirect="https://127.0.0.1:8182"
[ -x "$bin" ] || { echo "no schwab-fake binary at $bin (cargo build -p fixtures --bin schwab-fake)" >&2; exit 1; }
[ -x "$python" ] || { echo "schwab-py is missing: run scripts/install-test-deps.sh" >&2; exit 1; }

work="$(mktemp -d)"
fake_pid=""
cleanup() {
  if [ -n "$fake_pid" ]; then kill "$fake_pid" 2>/dev/null || true; wait "$fake_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

SCHWAB_FAKE_APP_SECRET="$app_secret" RUST_LOG=warn "$bin" --bind 127.0.0.1:0 --app-key "$app_key" \
  >"$work/fake.out" 2>"$work/fake.err" </dev/null &
fake_pid=$!
base=""
for _ in $(seq 1 300); do
  base="$(sed -n 's/^schwab-fake listening on \(http:\/\/[0-9.:]*\).*/\1/p' "$work/fake.out" | head -n1)"
  [ -n "$base" ] && break
  kill -0 "$fake_pid" 2>/dev/null || { cat "$work/fake.err" >&2; echo "schwab-fake did not start" >&2; exit 1; }
  sleep 0.1
done
[ -n "$base" ] || { echo "schwab-fake did not say where it listens" >&2; exit 1; }

# The login form answers a redirect to the callback with the code (URL-encoded, as the browser shows it).
location="$(curl -sS -o /dev/null -w '%{redirect_url}' \
  --data-urlencode "client_id=$app_key" --data-urlencode "redirect_uri=$redirect" \
  --data-urlencode "response_type=code" --data-urlencode "username=streamer-check" \
  --data-urlencode "password=streamer-check" "$base/v1/oauth/authorize")"
code="$("$python" -c 'import sys, urllib.parse
query = urllib.parse.urlsplit(sys.argv[1]).query
print(urllib.parse.parse_qs(query)["code"][0])' "$location")"
[ -n "$code" ] || { echo "the login form gave no code (redirect: $location)" >&2; exit 1; }
# The token answer goes to a file only this run can read, never onto a command line.
umask 077
curl -sS --fail-with-body -u "$app_key:$app_secret" \
  --data-urlencode "grant_type=authorization_code" --data-urlencode "code=$code" \
  --data-urlencode "redirect_uri=$redirect" "$base/v1/oauth/token" >"$work/token.json"

"$python" scripts/streamer_conformance.py "$base" "$work/token.json" "$app_key" "$app_secret"
