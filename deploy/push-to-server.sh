#!/usr/bin/env bash
# The workflow's deploy to one server (docs/deploy/server.md, "Deploying a new build"): the build made once in
# CI (dist/ here) is copied beside the live dist/ on the server, with the few files that run there
# besides it, then deploy/activate.sh puts it in place and the service serves it. Over SSH as
# DEPLOY_USER (deploy) to DEPLOY_HOST, into DEPLOY_PATH (/srv/neo-site).
set -euo pipefail
: "${DEPLOY_HOST:?set DEPLOY_HOST to the name of the server}"
user=${DEPLOY_USER:-deploy}
path=${DEPLOY_PATH:-/srv/neo-site}
target="$user@$DEPLOY_HOST"
[ -f dist/site-manifest.json ] || { echo "no build in dist/: run npm run build first" >&2; exit 1; }

# What runs on the server besides the build: the package list (production dependencies), the
# launcher of npm start and npm run enquiries, the rollback tool and the check of a build's files it
# runs, the deploy's own scripts.
rsync -a --relative package.json package-lock.json server/launch.mjs server/build-freshness.mjs \
  build/build-folders.mjs project/build-manifest.mjs deploy/activate.sh deploy/backup.sh "$target:$path/"
# The build, beside dist/: files that did not change are hard links to the live build's, so only
# what changed crosses the network, and the live dist/ is not touched until activate.sh swaps it in.
rsync -a --delete --link-dest="$path/dist/" dist/ "$target:$path/.dist.incoming/"
service_url=${SERVICE_URL:-http://127.0.0.1:3000}
ssh "$target" "SERVICE_URL=$service_url $path/deploy/activate.sh .dist.incoming"
