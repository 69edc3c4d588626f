#!/usr/bin/env bash
# Browser tests drive Debian's Chromium through playwright-core (never a downloaded browser).
# Installs it when missing; needs root (CI and the developers' machines run as root).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium is missing: install it with 'sudo apt-get install -y chromium' to run the browser tests." >&2
  exit 1
fi
echo "Installing Debian's chromium for the browser tests…" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version >&2
