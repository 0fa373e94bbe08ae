#!/usr/bin/env bash
# Installs the UI's npm packages exactly as package-lock.json pins them, only when the lock file changed.
set -euo pipefail
cd "$(dirname "$0")/../ui"

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
stamp=node_modules/.copydesk-lock-stamp
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
