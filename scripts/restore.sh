#!/usr/bin/env bash
# Restores a backup made by ./scripts/backup.sh into an empty installation (a new
# database; the store configured by APP__STORAGE__*), then starts nothing: run the
# product with ./scripts/run.sh afterwards.
#   ./scripts/restore.sh /srv/backups/stimmwerk-2026-11-24
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
[ $# -eq 1 ] || { echo "Aufruf: $0 <Verzeichnis>" >&2; exit 2; }
ensure_postgres
create_database stimmwerk
export APP__DATABASE__URL="${APP__DATABASE__URL:-$(database_url stimmwerk)}"
[ -x "$CARGO_TARGET_DIR/release/stimmwerk-api" ] || build_rust release
"$CARGO_TARGET_DIR/release/stimmwerk-api" restore "$1"
