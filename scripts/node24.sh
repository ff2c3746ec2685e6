#!/usr/bin/env bash
# Runs a command with Node 24 LTS, the project's runtime: the machine's own Node when it is 24 or
# newer, otherwise Node 24 from the npm registry's `node` package (npx keeps it after the first
# run). The README's two commands and .ci/run go through here, so a machine with an older Node
# needs nothing but npm. Usage: scripts/node24.sh npm ci
set -euo pipefail

major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$major" -lt 24 ]; then
  exec npx --yes --package=node@24 -- bash "$0" "$@"
fi

# Native addons that must compile (no prebuilt binary) build against this Node's own headers, not
# those of the machine's npm configuration.
root="$(dirname "$(dirname "$(node -p 'process.execPath')")")"
for headers in "$root" "$root"/node_modules/node-*; do
  if [ -d "$headers/include/node" ]; then
    export npm_config_nodedir="$headers"
    break
  fi
done
exec "$@"
