#!/usr/bin/env bash
# Prints the bin directory of Node.js 24 (the active LTS), fetching it once from the npm registry, whose
# `node-linux-<arch>` packages ship the official binary (npm checks the package's sha512 on the way).
# Used by .ci/run, and by hand where the machine's own Node.js is older:
#   export PATH="$(scripts/node-lts.sh):$PATH"
# NODE_LTS_VERSION picks another release; NODE_LTS_DIR where it is kept (default ~/.cache/stp/node-<version>).
set -euo pipefail
version="${NODE_LTS_VERSION:-24.21.0}"
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "no Node.js package for $(uname -m)" >&2; exit 1 ;;
esac
dir="${NODE_LTS_DIR:-${HOME:-/root}/.cache/stp/node-$version}"
if [ ! -x "$dir/bin/node" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "node-linux-$arch@$version" >/dev/null && tar xzf "node-linux-$arch-$version.tgz")
  mkdir -p "$dir"
  cp -R "$work/package/." "$dir/"
fi
"$dir/bin/node" --version >/dev/null
echo "$dir/bin"
