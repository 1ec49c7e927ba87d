#!/usr/bin/env bash
# One backup of the enquiries (docs/deploy/backups.md), run nightly by neo-site-backup.timer as the
# service's user with the service's environment; run it by hand the same way (docs/deploy/server.md, "The admin CLI on the server", shows how).
#   SQLite (the default): `npm run enquiries -- backup`, SQLite's online backup, consistent while the
#     service runs, checked for integrity.
#   PostgreSQL (DATABASE_URL set): pg_dump, whose version must be at least the server's.
# Then backups older than BACKUP_KEEP_DAYS (30) are removed here, and the folder is copied to
# BACKUP_REMOTE (an rsync destination such as backup@backup.example.com:neo-site/) when it is set:
# a backup that stays on the machine is lost with it. The remote keeps what it has (no --delete).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${BACKUP_DIR:-/var/backups/neo-site}
keep_days=${BACKUP_KEEP_DAYS:-30}
stamp=$(date -u +%Y-%m-%dT%H%M%SZ)
mkdir -p "$dir"

if [ -n "${DATABASE_URL:-}" ]; then
  file="$dir/enquiries-$stamp.dump"
  pg_dump --format=custom --file="$file" "$DATABASE_URL"
  pg_restore --list "$file" >/dev/null
  echo "backup: $file ($(du -h "$file" | cut -f1))"
else
  file="$dir/enquiries-$stamp.sqlite3"
  npm run -s enquiries -- backup "$file"
fi

find "$dir" -maxdepth 1 -type f -name 'enquiries-*' -mtime +"$keep_days" -print -delete | sed 's/^/removed, older than '"$keep_days"' days: /'

if [ -n "${BACKUP_REMOTE:-}" ]; then
  rsync -a --chmod=F600 "$dir/" "$BACKUP_REMOTE"
  echo "copied off the machine to $BACKUP_REMOTE"
else
  echo "BACKUP_REMOTE is not set: the backups are on this machine only (docs/deploy/backups.md)" >&2
fi
