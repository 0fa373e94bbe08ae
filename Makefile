# copydesk: the two commands (`make run`, `make test`) and the steps they are made of.

SHELL := /bin/bash
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
COPYDESK_DEBUG_BIN := $(CURDIR)/target/debug/copydesk

.PHONY: run test test-deps ui-deps ui-build lint rust-test fuzz-api streamer-conformance ui-test e2e bench soak

## Build the UI and the server, then start copydesk at http://127.0.0.1:8080 on the paper brokerage,
## with demo data when the store is empty.
run: ui-build
	cargo build --release --bin copydesk
	./target/release/copydesk serve --demo --ui-dir ui/dist

## Install what the tests need, then run every check and test.
test: test-deps lint rust-test fuzz-api streamer-conformance ui-test ui-build e2e

test-deps:
	scripts/install-test-deps.sh

ui-deps:
	scripts/install-ui-deps.sh

ui-build: ui-deps
	cd ui && npm run build

lint:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings

rust-test:
	cargo test --workspace

## Schema-driven fuzzing of /api (Schemathesis against /api/openapi.json on a real `copydesk serve`).
fuzz-api:
	cargo build -p facade --bin copydesk
	scripts/fuzz-api.sh $(COPYDESK_DEBUG_BIN)

## schwab-py's StreamClient logs in to schwab-fake's Streamer and receives the events of REST-placed orders.
streamer-conformance:
	cargo build -p fixtures --bin schwab-fake
	scripts/streamer-conformance.sh $(CURDIR)/target/debug/schwab-fake

ui-test: ui-deps
	cd ui && npm run typecheck && npm test

e2e: ui-build
	cargo build -p facade -p fixtures --bins
	cd ui && COPYDESK_BIN=$(COPYDESK_DEBUG_BIN) COPYDESK_UI_DIR=$(CURDIR)/ui/dist npm run e2e

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

## The soak of the API (10 minutes; not part of `make bench`): its figures join the summary.
soak:
	cargo build --release -p facade --bin copydesk
	cargo run --release -p benches --bin load -- --preset soak
	cargo run --release -p benches --bin bench-summary
