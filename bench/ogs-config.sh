#!/usr/bin/env bash
# The gtp2ogs configs of docs/ogs.md against gtp2ogs's own schemas (issue 55). Not in CI: it
# needs the npm registry and gtp2ogs's sources.
#
#   bench/ogs-config.sh
#
# Every ```json5 gtp2ogs-N block of docs/ogs.md is read with JSON5 (as gtp2ogs reads its
# config) and validated with the `jsonschema` package (the validator gtp2ogs calls) against
# schema/Config.schema.json of gtp2ogs 8.0.4 and of 9.0.1. A block must be valid under its own
# version; the other version's verdict is printed too. gtp2ogs validates the config after
# merging it with its defaults: the bot's settings are filled in here as gtp2ogs does it;
# the other defaults only add keys its own schema accepts, so validating the rest as written
# is the same check or a stricter one (a bracket without `concurrent_games` fails here and
# passes there).
#
# The schemas come from GTP2OGS_GIT, a git clone of github.com/online-go/gtp2ogs with its
# tags (read with `git show TAG:schema/Config.schema.json`), or else from GitHub's raw files.
# The npm packages `jsonschema` and `json5` are installed into a temporary folder.
# Output: one line a block and version, "valid" or the validator's errors; exit status 1 when
# a block is invalid under its own version.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
VERSIONS="8.0.4 9.0.1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for v in $VERSIONS; do
    if [ -n "${GTP2OGS_GIT:-}" ]; then
        git -C "$GTP2OGS_GIT" show "$v:schema/Config.schema.json" >"$tmp/schema-$v.json"
    else
        curl -fsSL "https://raw.githubusercontent.com/online-go/gtp2ogs/$v/schema/Config.schema.json" \
            -o "$tmp/schema-$v.json"
    fi
done

(cd "$tmp" && npm install --silent --no-audit --no-fund jsonschema@1 json5@2 >/dev/null)

# the blocks, one file each, named by the version they are for (8 or 9)
python3 - "$ROOT/docs/ogs.md" "$tmp" <<'EOF'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
blocks = re.findall(r"^```json5 gtp2ogs-(\d+)\n(.*?)^```", text, re.S | re.M)
if not blocks:
    sys.exit("no ```json5 gtp2ogs-N block in docs/ogs.md")
for major, body in blocks:
    open(f"{sys.argv[2]}/config-{major}.json5", "w", encoding="utf-8").write(body)
EOF

cat >"$tmp/check.js" <<'EOF'
const fs = require("fs");
const JSON5 = require("json5");
const { Validator } = require("jsonschema");
const [configFile, schemaFile] = process.argv.slice(2);
const config = JSON5.parse(fs.readFileSync(configFile, "utf8"));
// gtp2ogs fills the bot's settings from its defaults (the same in 8.0.4 and 9.0.1) before
// validating; the schema requires one of them, release_delay
if (config.bot) {
    config.bot = {
        manager: "persistent",
        instances: 1,
        send_chats: true,
        send_pv_data: true,
        release_delay: 100,
        quit_grace_period: 5000,
        persistent_idle_timeout: 600000,
        ...config.bot,
    };
}
const schema = JSON.parse(fs.readFileSync(schemaFile, "utf8"));
const result = new Validator().validate(config, schema);
if (result.valid) {
    console.log("valid");
} else {
    console.log("invalid: " + result.errors.map((e) => e.toString()).join("; "));
    process.exitCode = 1;
}
EOF

status=0
for cfg in "$tmp"/config-*.json5; do
    major=$(basename "$cfg" .json5)
    major=${major#config-}
    for v in $VERSIONS; do
        verdict=$(cd "$tmp" && node check.js "$cfg" "schema-$v.json" || true)
        own=""
        if [ "${v%%.*}" = "$major" ]; then
            own=" (its own version)"
            case $verdict in valid) ;; *) status=1 ;; esac
        fi
        echo "docs/ogs.md gtp2ogs-$major block, gtp2ogs $v schema$own: $verdict"
    done
done
exit $status
