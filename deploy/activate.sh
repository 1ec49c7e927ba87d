#!/usr/bin/env bash
# Runs on the server, as the deploy user, at the end of the workflow's deploy (deploy/push-to-server.sh)
# or by hand: puts the build copied beside dist/ in place and has the service serve it
# (docs/deploy/server.md, "Deploying a new build").
#   1. production dependencies, when package-lock.json changed since the last install here;
#   2. the build in place: build/build-folders.mjs swap-in refuses anything but a whole build, and keeps
#      the build it replaces for `npm run rollback`;
#   3. systemctl reload (SIGHUP: no restart, no failed request), or restart when the compiled service
#      or its dependencies changed (a reload re-reads the site, not the code);
#   4. waits until the service answers with the new build's home page.
# SYSTEMCTL, SERVICE and SERVICE_URL change what it talks to (the tests use them).
set -euo pipefail
cd "$(dirname "$0")/.."
incoming=${1:-.dist.incoming}
service=${SERVICE:-neo-site}
service_url=${SERVICE_URL:-http://127.0.0.1:3000}
read -r -a systemctl <<<"${SYSTEMCTL:-sudo systemctl}"
read -r -a query <<<"${SYSTEMCTL:-systemctl}"

next=reload
# Not running yet (the first deploy): restart starts it.
if ! "${query[@]}" is-active --quiet "$service"; then next=restart; fi
installed=node_modules/.installed-package-lock.json
if ! cmp -s package-lock.json "$installed"; then
  echo "package-lock.json changed: installing the production dependencies"
  npm ci --omit=dev --no-audit --no-fund
  cp package-lock.json "$installed"
  next=restart
fi

# An assignment, so that a refused build stops the script here (set -e).
swapped=$(node build/build-folders.mjs swap-in "$incoming")
if [ "$swapped" = restart ]; then next=restart; fi
"${systemctl[@]}" "$next" "$service"

node - "$service_url/" dist/client/index.html "$service" <<'JS'
const [url, file, service] = process.argv.slice(2)
const wanted = require('node:fs').readFileSync(file)
const deadline = Date.now() + 30_000
;(async () => {
  for (;;) {
    try {
      const res = await fetch(url)
      if (res.ok && Buffer.from(await res.arrayBuffer()).equals(wanted)) return console.log(`${url} serves the new build`)
    } catch {}
    if (Date.now() > deadline) {
      console.error(`${url} does not serve the new build's home page after 30 s: see journalctl -u ${service}`)
      process.exit(1)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
})()
JS
