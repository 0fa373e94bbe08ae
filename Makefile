# copydesk: the two commands (`make run`, `make test`) and the steps they are made of.

SHELL := /bin/bash
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
COPYDESK_DEBUG_BIN := $(CURDIR)/target/debug/copydesk
## Runs a recipe line as a named stage of `make test` and records its time (scripts/stage-time.sh).
STAGE = scripts/stage-time.sh

.PHONY: run test test-stages test-deps ui-deps ui-build lint rust-test fuzz-api streamer-conformance ui-test e2e bench soak freshness

## Build the UI and the server, then start copydesk at http://127.0.0.1:8080 on the paper brokerage,
## with demo data when the store is empty.
run: ui-build
	cargo build --release --bin copydesk
	./target/release/copydesk serve --demo --ui-dir ui/dist

## Install what the tests need, then run every check and test; print each stage's time at the end, pass or fail.
test:
	@$(STAGE) --reset
	@$(MAKE) --no-print-directory test-stages; status=$$?; $(STAGE) --summary; exit $$status

test-stages: test-deps lint rust-test fuzz-api streamer-conformance ui-test ui-build e2e

test-deps:
	$(STAGE) test-deps scripts/install-test-deps.sh

ui-deps:
	scripts/install-ui-deps.sh

ui-build: ui-deps
	$(STAGE) ui-build bash -c 'cd ui && npm run build'

lint:
	$(STAGE) fmt cargo fmt --all --check
	$(STAGE) clippy cargo clippy --workspace --all-targets -- -D warnings

rust-test:
	$(STAGE) rust-test cargo test --workspace

## Schema-driven fuzzing of /api (Schemathesis against /api/openapi.json on a real `copydesk serve`).
fuzz-api:
	$(STAGE) fuzz-api-build cargo build -p facade --bin copydesk
	$(STAGE) fuzz-api scripts/fuzz-api.sh $(COPYDESK_DEBUG_BIN)

## schwab-py's StreamClient logs in to schwab-fake's Streamer and receives the events of REST-placed orders.
streamer-conformance:
	$(STAGE) streamer-build cargo build -p fixtures --bin schwab-fake
	$(STAGE) streamer-conformance scripts/streamer-conformance.sh $(CURDIR)/target/debug/schwab-fake

ui-test: ui-deps
	$(STAGE) ui-typecheck bash -c 'cd ui && npm run typecheck'
	$(STAGE) ui-test bash -c 'cd ui && npm test'

e2e: ui-build
	$(STAGE) e2e-build cargo build -p facade -p fixtures --bins
	$(STAGE) e2e bash -c 'cd ui && COPYDESK_BIN=$(COPYDESK_DEBUG_BIN) COPYDESK_UI_DIR=$(CURDIR)/ui/dist npm run e2e'

## Benchmarks and load drivers (not part of `make test`; see benches/README.md).
bench:
	cargo build --release -p facade --bin copydesk
	cargo bench -p benches
	cargo run --release -p benches --bin fan-out
	cargo run --release -p benches --bin api-place
	cargo run --release -p benches --bin poll-load
	cargo run --release -p benches --bin load -- --preset mixed
	cargo run --release -p benches --bin idle-accounts
	cargo run --release -p benches --bin bench-summary

## Freshness in Schwab mode at 100 and at 1,000 accounts (about 8 minutes; not part of `make bench`).
freshness:
	cargo build --release -p facade --bin copydesk
	cargo run --release -p benches --bin freshness
	cargo run --release -p benches --bin freshness -- --accounts 1000
	cargo run --release -p benches --bin bench-summary

## The soak of the API (10 minutes; not part of `make bench`): its figures join the summary.
soak:
	cargo build --release -p facade --bin copydesk
	cargo run --release -p benches --bin load -- --preset soak
	cargo run --release -p benches --bin bench-summary
