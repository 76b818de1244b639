#!/usr/bin/env bash
# Backs up the installation the run command started (or the one APP__* names): the
# database and every stored audio file and recording, into one directory.
#   ./scripts/backup.sh /srv/backups/stimmwerk-$(date +%F)
# Restore into an empty installation with ./scripts/restore.sh <directory>.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
[ $# -eq 1 ] || { echo "Aufruf: $0 <Verzeichnis>" >&2; exit 2; }
export APP__DATABASE__URL="${APP__DATABASE__URL:-$(database_url stimmwerk)}"
[ -x "$CARGO_TARGET_DIR/release/stimmwerk-api" ] || build_rust release
# A backup holds every account and recording: only its owner may read it (folders 0700,
# files 0600; the backup command sets these modes itself as well).
umask 077
"$CARGO_TARGET_DIR/release/stimmwerk-api" backup "$1"
