#!/usr/bin/env bash
# Install code-server (a real VS Code build served to a browser) from the npm registry, for
# the VS Code extension's end-to-end test (tests/vscode). Idempotent: does nothing when this
# version is already installed.
#
# code-server's own postinstall cannot run here (it refuses root and downloads ripgrep), so
# its steps are done by hand, as root, offline except for the npm registry:
#   - Debian packages for the native modules, ripgrep and the browser;
#   - npm_config_nodedir=/usr so node-gyp builds against the installed headers;
#   - npm 11's allowScripts denies code-server's postinstall and allows argon2's build;
#   - inside lib/vscode: install without scripts, approve the native modules, rebuild, use
#     Debian's rg, and make the links the postinstall would have made.
#
# Usage: bash scripts/install-code-server.sh   (env BENCHLINT_CODE_SERVER_DIR overrides the
# target folder, default .cache/code-server at the repository root)
set -euo pipefail

version=4.100.3
root=$(cd "$(dirname "$0")/.." && pwd)
dest=${BENCHLINT_CODE_SERVER_DIR:-$root/.cache/code-server}
marker=$dest/.installed-$version
bin=$dest/node_modules/.bin/code-server

if [ -f "$marker" ] && [ -x "$bin" ]; then
  echo "code-server $version already installed in $dest"
  exit 0
fi

debian_packages=(build-essential pkg-config libkrb5-dev libxkbfile-dev libsecret-1-dev ripgrep
  chromium)
missing=()
for package in "${debian_packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "install-code-server: missing Debian packages: ${missing[*]} (needs root and apt-get)" >&2
    exit 1
  fi
  echo "installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

node_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$node_major" != 20 ]; then
  echo "install-code-server: code-server $version needs Node 20, found $(node --version)" >&2
  exit 1
fi

npm_major=$(npm --version | cut -d. -f1)
if [ "$npm_major" -lt 11 ]; then
  echo "install-code-server: needs npm 11 or newer (for allowScripts), found $(npm --version);" \
    "run \`npm install -g npm@11\`" >&2
  exit 1
fi

export npm_config_nodedir=/usr
export npm_config_audit=false
export npm_config_fund=false
export npm_config_update_notifier=false

start=$(date +%s)
rm -rf "$dest"
mkdir -p "$dest"
cat >"$dest/package.json" <<EOF
{
  "name": "benchlint-code-server",
  "private": true,
  "description": "code-server for benchlint's VS Code end-to-end test (generated)",
  "dependencies": { "code-server": "$version" },
  "allowScripts": { "code-server": false, "argon2": true }
}
EOF

echo "npm install code-server@$version"
(cd "$dest" && npm install --no-package-lock)

vscode=$dest/node_modules/code-server/lib/vscode
cd "$vscode"
echo "npm install in lib/vscode"
npm install --omit=dev --ignore-scripts
npm install-scripts approve @parcel/watcher @vscode/deviceid @vscode/spdlog \
  @vscode/windows-process-tree @vscode/windows-registry kerberos native-watchdog node-pty
npm install-scripts deny @vscode/ripgrep
echo "npm rebuild in lib/vscode"
# node-pty's optional compile-commands step fails without harm, so the exit status is not
# trusted: loading each native module is the check.
npm rebuild || echo "npm rebuild reported a failure; checking the native modules"
for module in node-pty @parcel/watcher @vscode/spdlog @vscode/deviceid native-watchdog kerberos; do
  if ! node -e "require('$module')"; then
    echo "install-code-server: native module $module does not load" >&2
    exit 1
  fi
done

mkdir -p node_modules/@vscode/ripgrep/bin
cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
ln -sfn node_modules node_modules.asar
ln -sfn code-linux.sh bin/remote-cli/code-server
ln -sfn browser-linux.sh bin/helpers/browser.sh

echo "npm install in lib/vscode/extensions"
(cd extensions && npm install --omit=dev)

"$bin" --config "$dest/config.yaml" --version
touch "$marker"
echo "code-server $version installed in $dest in $(($(date +%s) - start)) s"
