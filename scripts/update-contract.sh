#!/usr/bin/env bash
# After an API change: rewrites the contract snapshot (api/openapi.json) from the code and
# regenerates the web app's API types from it. Commit both.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
ensure_postgres
ensure_redis
DATABASE_URL="$(database_url postgres)" APP__REDIS__URL="redis://127.0.0.1:$REDIS_PORT" UPDATE_OPENAPI=1 \
  cargo test --quiet -p testsuite --test integration contract::the_served_contract_matches_the_committed_snapshot
if [ -f web/package.json ] && grep -q '"gen:api"' web/package.json; then
  ( cd web && npm run --silent gen:api )
fi
log "api/openapi.json und die Web-Typen sind aktuell"
