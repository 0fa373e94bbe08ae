#!/usr/bin/env bash
# Schema-driven fuzzing of /api: starts `copydesk serve` on the paper brokerage with the demo agent in a
# fresh data directory on a free port, signs the demo agent in, places a few orders so that the tables
# have rows, and runs Schemathesis against /api/openapi.json on every operation with a bounded number of
# examples, checking for no server error, answers matching the documented schemas and the documented
# content types.
#
# Usage: scripts/fuzz-api.sh [path/to/copydesk]   (default: target/debug/copydesk)
# FUZZ_EXAMPLES sets the examples per operation (default 20).
set -euo pipefail
cd "$(dirname "$0")/.."

bin="${1:-target/debug/copydesk}"
st=".venv-test/bin/st"
examples="${FUZZ_EXAMPLES:-20}"
[ -x "$bin" ] || { echo "no copydesk binary at $bin (cargo build -p facade --bin copydesk)" >&2; exit 1; }
[ -x "$st" ] || { echo "Schemathesis is missing: run scripts/install-test-deps.sh" >&2; exit 1; }

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

COPYDESK_LOG=warn "$bin" serve --bind 127.0.0.1:0 --data "$work/data" --demo --ui-dir "$work/no-ui" \
  >"$work/server.out" 2>"$work/server.err" </dev/null &
server_pid=$!
base=""
for _ in $(seq 1 300); do
  base="$(sed -n 's/^copydesk listening on \(http:\/\/[0-9.:]*\).*/\1/p' "$work/server.out" | head -n1)"
  [ -n "$base" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.err" >&2; echo "copydesk did not start" >&2; exit 1; }
  sleep 0.1
done
[ -n "$base" ] || { echo "copydesk did not say where it listens" >&2; exit 1; }

curl -sS -f -c "$work/cookies" -H 'Content-Type: application/json' \
  -d '{"agentUsername":"demo","agentPassword":"demo-password"}' "$base/api/agent_account/login" >/dev/null
session="$(awk '$6 == "copydesk_session" { print $7 }' "$work/cookies")"
[ -n "$session" ] || { echo "the demo agent could not sign in" >&2; exit 1; }
curl -sS -f -H "Cookie: copydesk_session=$session" "$base/api/agent_account/profile" | grep -q '"agentUsername":"demo"' ||
  { echo "the session cookie does not sign the demo agent in" >&2; exit 1; }

# Orders on every screen first, so that the tables answer rows (and positions) while their answers are
# checked against the document: a stock and an option bought at market, a vertical spread at a limit
# then canceled.
call() { curl -sS --fail-with-body -H "Cookie: copydesk_session=$session" -H 'Content-Type: application/json' "$@"; }
chain="$(call -G "$base/api/copy_trading_account/get_option_chain_list/COMMON?optionContractTickerName=AAPL&optionChainCallPut=CALL")"
IFS=$'\t' read -r low high < <(.venv-test/bin/python -c '
import json, sys
strikes = list(next(iter(json.load(sys.stdin).values())).values())
middle = len(strikes) // 2
print(strikes[middle][0]["symbol"], strikes[middle + 2][0]["symbol"], sep="\t")' <<<"$chain")
leg() { printf '{"optionChainSymbol":"%s","optionChainInstruction":"%s","optionChainOrderType":"%s","optionChainQuantity":1,"optionChainPrice":%s}' "$@"; }
call -d '{"allTradingAccountsOrderList":[],"stockSymbol":"AAPL","stockSession":"NORMAL","stockDuration":"DAY","stockInstruction":"BUY","stockOrderType":"MARKET","stockQuantity":1,"stockPrice":0,"stockStopPrice":0,"stockStopPriceLinkType":"VALUE","stockStopPriceOffset":0.1}' \
  "$base/api/stock_copy_trading/place_order" >/dev/null
call -d "{\"allTradingAccountsOrderList\":[],$(leg "$low" BUY_TO_OPEN MARKET 0 | sed 's/^{//')" \
  "$base/api/copy_trading_account/place_order/COMMON" >/dev/null
call -d "{\"allTradingAccountsOrderList\":[],\"orderLegs\":[$(leg "$low" BUY_TO_OPEN LIMIT 0.05),$(leg "$high" SELL_TO_OPEN LIMIT 0.05)]}" \
  "$base/api/copy_trading_account/place_order/VERTICAL" >/dev/null
# The spread is canceled again (its rows stay), so that no order is left open to poll for.
cancel="$(call -G "$base/api/copy_trading_account/database/VERTICAL" | .venv-test/bin/python -c '
import json, sys
(session, rows), = json.load(sys.stdin).items()
orders = {r["accountId"]: r["optionChainOrderId"] for r in rows}
print(json.dumps({"agentTradingSessionID": int(session), "allTradingAccountsOrderList":
    [{"accountId": a, "optionChainOrderId": o} for a, o in orders.items()]}))')"
call -X DELETE -d "$cancel" "$base/api/copy_trading_account/cancel_order/VERTICAL" >/dev/null
for table in stock_copy_trading/database copy_trading_account/database/COMMON copy_trading_account/database/VERTICAL; do
  call "$base/api/$table" | grep -q '"accountId"' || { echo "the order placed for /api/$table is not in it" >&2; exit 1; }
done

run_st() {
  CI=true "$st" run "$base/api/openapi.json" \
    --base-url "$base" \
    --experimental=openapi-3.1 \
    -H "Cookie: copydesk_session=$session" \
    --checks not_a_server_error,response_schema_conformance,content_type_conformance \
    --hypothesis-max-examples "$examples" \
    --hypothesis-derandomize \
    --hypothesis-suppress-health-check=all \
    --workers 2 \
    --no-color \
    "$@" </dev/null
}

# Every operation but logout with the session, then logout (which ends the session) on its own.
status=0
run_st --exclude-path /api/agent_account/logout || status=$?
run_st --include-path /api/agent_account/logout || status=$?
if grep -q -i "panicked" "$work/server.err"; then
  echo "copydesk panicked during the fuzzing:" >&2
  grep -i -A3 "panicked" "$work/server.err" >&2
  status=1
fi
exit "$status"
