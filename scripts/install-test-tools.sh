#!/usr/bin/env bash
# Installs what `npm test` needs beyond npm ci, from the system's own packages (Debian 12, Ubuntu 24.04):
# Chromium for the browser tests, nginx with its brotli_static module for the HTTP contract tests,
# python3 with feedparser for the independent re-computation and the feed test. As root with apt it
# installs what is missing; otherwise it prints the one command to run, and exits 1 if anything is.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing+=(chromium)
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then missing+=(nginx-light); fi
# The module's package installs a load file under modules-enabled; without it .br siblings are not served.
ls /etc/nginx/modules-enabled/*brotli* >/dev/null 2>&1 || missing+=(libnginx-mod-http-brotli-static)
if ! command -v python3 >/dev/null 2>&1 || ! python3 -c 'import feedparser' >/dev/null 2>&1; then missing+=(python3 python3-feedparser); fi

if [ ${#missing[@]} -eq 0 ]; then
  echo "test tools: chromium, nginx with brotli_static and python3-feedparser are installed"
  exit 0
fi

command="apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "test tools: missing ${missing[*]}; install them with: sudo sh -c '$command'" >&2
  exit 1
fi
echo "test tools: installing ${missing[*]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# A package install may start the distribution's own nginx on port 80; the tests start their own.
if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet nginx 2>/dev/null; then systemctl stop nginx || true; fi
pkill -x nginx 2>/dev/null || true
echo "test tools: installed ${missing[*]}"
