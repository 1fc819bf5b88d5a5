#!/usr/bin/env bash
# Build step (blink-scheduler, phase process-test-resources; skipped with -DskipTests):
# StatusPageBrowserTest renders the scheduler's status page in a real headless browser,
# Debian's chromium. Installs it with apt-get when it is missing, and says so.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
echo "[BlinkHDFS build] StatusPageBrowserTest needs a headless browser: installing Debian's 'chromium' package (apt-get; about 1-3 minutes, once per machine)"
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "[BlinkHDFS build] cannot install it here (needs root and apt-get): install Debian's 'chromium' package (/usr/bin/chromium) by hand, or skip tests with -DskipTests" >&2
  exit 1
fi
apt-get update -q
DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
if [ ! -x /usr/bin/chromium ]; then
  echo "[BlinkHDFS build] installing 'chromium' did not produce /usr/bin/chromium" >&2
  exit 1
fi
echo "[BlinkHDFS build] chromium installed: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
