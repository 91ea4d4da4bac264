#!/usr/bin/env sh
# An Exercism-style test runner for mcp-sim's exercises: run.sh <exercise-id> <input-dir> <output-dir>
# writes <output-dir>/results.json (version 3) and exits 0 whenever it ran.
#
# The grader is a pinned release tarball installed into a folder outside the student's tree and
# run by absolute path: nothing in the student's repository (a package.json, a bin, node_modules,
# an .npmrc) can stand in for it. The report is the file the grader writes after the student's
# code has been stopped (--output), never what appears on stdout.
set -eu

slug=$1
input=$(cd "$2" && pwd)
output=$(mkdir -p "$3" && cd "$3" && pwd)

# Pin the release: its tarball (a URL or a path) and, for a URL, its SHA-256.
tarball=${MCP_SIM_TARBALL:-https://github.com/OWNER/mcp-sim/releases/download/v0.1.0/mcp-sim-0.1.0.tgz}
sha256=${MCP_SIM_SHA256:-}
grader=${MCP_SIM_GRADER_DIR:-/opt/mcp-sim-grader}
main="$grader/node_modules/mcp-sim/dist/cli/main.js"

if [ ! -f "$main" ]; then
  mkdir -p "$grader"
  case $tarball in
    http://* | https://*)
      curl -fsSL "$tarball" -o "$grader/mcp-sim.tgz"
      tarball="$grader/mcp-sim.tgz"
      ;;
  esac
  if [ -n "$sha256" ]; then
    echo "$sha256  $tarball" | sha256sum -c - >/dev/null
  fi
  # Installed from the grader's own folder, so no .npmrc of the student's is read.
  (cd "$grader" && npm install --prefix "$grader" --prefer-offline --no-audit --no-fund \
    --ignore-scripts "$tarball" >/dev/null)
fi

results="$output/results.json"
rm -f "$results"
status=0
(cd "$input" && node "$main" check "$slug" --format exercism --output "$results") \
  >"$output/grader.log" 2>&1 || status=$?

# 0: every check passed; 1: some failed. Anything else, or no file: the grader itself failed.
if [ "$status" -gt 1 ] || [ ! -s "$results" ]; then
  reason=$(tail -n 1 "$output/grader.log" | sed 's/\\/\\\\/g; s/"/\\"/g')
  printf '{"version": 3, "status": "error", "message": "the grader did not finish (exit %s): %s"}\n' \
    "$status" "$reason" >"$results"
fi
exit 0
