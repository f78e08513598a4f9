#!/usr/bin/env bash
# While several engineers change server/db/schema at once, they share ONE pending migration, 0001_session2:
# this script drops it (files and journal entry) and generates it again from the whole current schema, so that
# nobody's tables go missing and nobody's migration contains someone else's half. Only add tables and columns
# (no renames or drops: drizzle-kit would ask interactively). Removed once the migration is committed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
exec 9>.tmp/regen-migration.lock
flock 9
dir=server/db/migrations
rm -f "$dir"/0001_*.sql "$dir"/meta/0001_snapshot.json
node -e '
const fs = require("fs");
const p = process.argv[1];
const j = JSON.parse(fs.readFileSync(p, "utf8"));
j.entries = j.entries.filter((e) => e.idx === 0);
fs.writeFileSync(p, JSON.stringify(j, null, 2));
' "$dir/meta/_journal.json"
npx drizzle-kit generate --name session2
ls "$dir"
