#!/usr/bin/env bash
# Installs everything the tests need on a fresh machine: Debian's Chromium, Schemathesis (pinned, in the
# project-local virtual environment .venv-test/), schwab-py (pinned, in .venv-streamer/) and the UI's npm
# packages.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "installing Debian's chromium for the browser tests"
  sudo_cmd=""
  if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium >/dev/null
fi

# Schemathesis 3.39 needs a Hypothesis no newer than 6.131.14 (later ones dropped an API it calls).
schemathesis_version="3.39.16"
hypothesis_version="6.131.14"
if ! .venv-test/bin/pip freeze 2>/dev/null | grep -qx "schemathesis==$schemathesis_version" ||
   ! .venv-test/bin/pip freeze 2>/dev/null | grep -qx "hypothesis==$hypothesis_version"; then
  echo "installing Schemathesis $schemathesis_version into .venv-test/"
  python3 -m venv .venv-test
  .venv-test/bin/pip install --quiet --disable-pip-version-check \
    "schemathesis==$schemathesis_version" "hypothesis==$hypothesis_version"
fi

# schwab-py, the public Streamer client the fake's Streamer is checked against (make streamer-conformance).
schwab_py_version="1.5.1"
if ! .venv-streamer/bin/pip freeze 2>/dev/null | grep -qx "schwab-py==$schwab_py_version"; then
  echo "installing schwab-py $schwab_py_version into .venv-streamer/"
  python3 -m venv .venv-streamer
  .venv-streamer/bin/pip install --quiet --disable-pip-version-check "schwab-py==$schwab_py_version"
fi

scripts/install-ui-deps.sh
