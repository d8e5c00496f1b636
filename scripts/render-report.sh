#!/usr/bin/env bash
# Render an HTML report of `crownlands simulate/compare/merge --report` to a PNG, in headless
# Chromium (Debian's `chromium` package; installed with apt-get when missing and run as root).
#
#   scripts/render-report.sh REPORT.html OUT.png [WIDTH [HEIGHT]]
set -euo pipefail

if [ $# -lt 2 ]; then
    echo "usage: $0 REPORT.html OUT.png [WIDTH [HEIGHT]]" >&2
    exit 2
fi
report=$1
out=$2
width=${3:-900}
height=${4:-2400}

if ! command -v chromium >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        apt-get update -qq && apt-get install -y -qq chromium >/dev/null
    else
        echo "chromium is not installed (Debian: apt-get install chromium)" >&2
        exit 1
    fi
fi

profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
abs_report=$(cd "$(dirname "$report")" && pwd)/$(basename "$report")
abs_out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")

chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --hide-scrollbars --user-data-dir="$profile" \
    --screenshot="$abs_out" --window-size="$width,$height" \
    "file://$abs_report" >/dev/null 2>&1
test -s "$abs_out"
echo "rendered $report to $out (${width}x${height})"
