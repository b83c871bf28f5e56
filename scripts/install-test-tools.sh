#!/usr/bin/env bash
# Installs what `npm test` needs beyond npm ci, from the system's own packages (Debian 12, Ubuntu 24.04):
# Chromium for the browser tests, nginx with its brotli_static module for the HTTP contract tests,
# python3 with feedparser for the independent re-computation and the feed test. With apt, as root or
# through a sudo that asks no password, it installs what is missing; otherwise it prints the one
# command to run and exits 1.
set -euo pipefail

# Ubuntu ships Chromium only as a snap; Debian as the package chromium.
. /etc/os-release 2>/dev/null || true
missing=()
has_browser=false
for browser in /usr/bin/chromium /usr/bin/chromium-browser /snap/bin/chromium /usr/bin/google-chrome; do
  [ -x "$browser" ] && has_browser=true
done
if [ "$has_browser" = false ] && [ "${ID:-}" = ubuntu ]; then
  if [ "$(id -u)" -eq 0 ] && command -v snap >/dev/null 2>&1; then snap install chromium; else
    echo "test tools: no Chromium; on Ubuntu install it with: sudo snap install chromium" >&2
    exit 1
  fi
elif [ "$has_browser" = false ]; then
  missing+=(chromium)
fi
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then missing+=(nginx-light); fi
# The module's package installs a load file under modules-enabled; without it .br siblings are not served.
ls /etc/nginx/modules-enabled/*brotli* >/dev/null 2>&1 || missing+=(libnginx-mod-http-brotli-static)
# The system's python3 (the tests run /usr/bin/python3), not one a version manager puts first on PATH.
if [ ! -x /usr/bin/python3 ] || ! /usr/bin/python3 -c 'import feedparser' >/dev/null 2>&1; then missing+=(python3 python3-feedparser); fi

if [ ${#missing[@]} -eq 0 ]; then
  echo "test tools: chromium, nginx with brotli_static and python3-feedparser are installed"
  exit 0
fi

command="apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
# As root, or through sudo where it asks no password (a CI runner); otherwise say what to run.
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then as_root=(sudo -n); fi
fi
if ! command -v apt-get >/dev/null 2>&1 || { [ "$(id -u)" -ne 0 ] && [ ${#as_root[@]} -eq 0 ]; }; then
  echo "test tools: missing ${missing[*]}; install them with: sudo sh -c '$command'" >&2
  exit 1
fi
echo "test tools: installing ${missing[*]}"
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# A package install may start the distribution's own nginx on port 80; the tests start their own.
if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet nginx 2>/dev/null; then "${as_root[@]}" systemctl stop nginx || true; fi
"${as_root[@]}" pkill -x nginx 2>/dev/null || true
echo "test tools: installed ${missing[*]}"
