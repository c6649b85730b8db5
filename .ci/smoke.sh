#!/usr/bin/env bash
# Runs the committed bundles the way their users do, from folders with no node_modules:
# dist/index.js as the Actions runner runs it (INPUT_* variables, a pull_request event, the
# summary and output files), and dist/cli/index.js copied on its own with dist/assets.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
node="$root/node_modules/.bin/node"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A fixture repository with one C++ change.
repo="$work/repo"
mkdir -p "$repo/src"
git -C "$repo" init -q -b main
git -C "$repo" config user.email ci@keybug.invalid
git -C "$repo" config user.name ci
printf 'struct Buf { char data[16]; int len; };\nint fill(Buf* b, const char* s, int n) {\n  b->len = n;\n  return 0;\n}\n' > "$repo/src/buf.cpp"
git -C "$repo" add -A && git -C "$repo" commit -qm base
base=$(git -C "$repo" rev-parse HEAD)
printf 'struct Buf { char data[16]; int len; };\nint fill(Buf* b, const char* s, int n) {\n  b->len = n;\n  for (int i = 0; i <= n; i++) b->data[i] = s[i];\n  return 0;\n}\n' > "$repo/src/buf.cpp"
git -C "$repo" commit -qam head
head=$(git -C "$repo" rev-parse HEAD)

# The action, copied with nothing but dist/ and action.yml.
mkdir -p "$work/action"
cp -R "$root/dist" "$root/action.yml" "$work/action/"
test ! -e "$work/action/node_modules"
cat > "$work/event.json" <<JSON
{"action":"opened","number":7,"pull_request":{"number":7,"title":"Copy the input","body":"","base":{"sha":"$base","ref":"main"},"head":{"sha":"$head","ref":"feature"}},"repository":{"name":"fixture","owner":{"login":"ci"},"full_name":"ci/fixture"}}
JSON
: > "$work/summary.md"
: > "$work/output.txt"
(
  cd "$work"
  env -i PATH="$PATH" HOME="$work" \
    GITHUB_ACTIONS=true GITHUB_EVENT_NAME=pull_request GITHUB_EVENT_PATH="$work/event.json" \
    GITHUB_WORKSPACE="$repo" GITHUB_REPOSITORY=ci/fixture GITHUB_API_URL=http://127.0.0.1:9 \
    GITHUB_STEP_SUMMARY="$work/summary.md" GITHUB_OUTPUT="$work/output.txt" RUNNER_TEMP="$work" \
    "INPUT_DRY-RUN=true" "INPUT_GITHUB-TOKEN=ci-token" "INPUT_REPORT=$work/report.json" \
    "$node" "$work/action/dist/index.js"
)
grep -q 'src/buf.cpp' "$work/summary.md" || { echo "job summary does not name the changed file:"; cat "$work/summary.md"; exit 1; }
grep -q '^files' "$work/output.txt" || { echo "output 'files' not set:"; cat "$work/output.txt"; exit 1; }
echo "action bundle: summary $(wc -c < "$work/summary.md") bytes; outputs: $(grep -o '^[a-z-]*<<\|^[a-z-]*=' "$work/output.txt" | tr -d '<=' | tr '\n' ' ')"

# The CLI, copied with its assets only.
mkdir -p "$work/cli"
# As dist/ lays them out: the CLI finds its assets and the word index's thread one folder up.
cp -R "$root/dist/cli" "$root/dist/assets" "$root/dist/word-index-thread.js" "$work/cli/"
test ! -e "$work/cli/node_modules"
(cd "$work" && "$node" cli/cli/index.js diff --repo "$repo" --base "$base" --head "$head" --format json) > "$work/diff.json"
grep -q '"commentable"' "$work/diff.json"
# Run as an installed `keybug` runs it: the file itself, through its shebang, with Node 24 first on PATH.
(cd "$work" && PATH="$(dirname "$node"):$PATH" cli/cli/index.js --help) | grep -q '^Usage: keybug' || { echo "cli/index.js does not run as an executable"; ls -l "$work/cli/cli/index.js"; exit 1; }
(cd "$work" && "$node" cli/cli/index.js slice --example --algorithm left-flow --format json) > "$work/slices.json"
grep -q '"slices"' "$work/slices.json"
(cd "$work" && "$node" cli/cli/index.js review --example --dry-run) > "$work/prompts.txt"
grep -qi 'no model was called' "$work/prompts.txt"
(cd "$work" && env -u OPENAI_API_KEY "$node" cli/cli/index.js eval --example --sweep --out "$work/eval") > "$work/eval.txt"
grep -q '^+ Validator' "$work/eval.txt" && test -s "$work/eval/sweep.svg" || { echo "eval --example:"; cat "$work/eval.txt"; exit 1; }
set +e
(cd "$work" && "$node" cli/cli/index.js diff --repo "$repo" --base no-such-rev 2> "$work/err.txt")
code=$?
set -e
[ "$code" -eq 3 ] && grep -q "no-such-rev" "$work/err.txt" || { echo "bad revision: exit $code"; cat "$work/err.txt"; exit 1; }
# The word index's thread of each bundle (a failing thread would only cost its time, so it is asked directly here):
# beside the action's, one folder up from the CLI's.
for bundle in action/dist cli; do
  (cd "$work" && REPO="$repo" HEAD_SHA="$head" SCRIPT="$work/$bundle/word-index-thread.js" "$node" -e "
    const { Worker } = require('node:worker_threads');
    const { REPO, HEAD_SHA, SCRIPT } = process.env;
    const job = { repoDir: REPO, entries: [{ path: 'src/buf.cpp', object: HEAD_SHA + ':src/buf.cpp', blob: null }], cacheDir: null };
    const worker = new Worker(SCRIPT, { workerData: job });
    worker.once('error', (e) => { console.error(e); process.exit(1); });
    worker.once('message', (reply) => {
      if (reply.error !== undefined || reply.searchable.files.join() !== 'src/buf.cpp' || reply.readFiles !== 1) { console.error(reply); process.exit(1); }
    });
  ") || { echo "$bundle/word-index-thread.js does not build a word index"; exit 1; }
done
echo "cli bundle: diff, slice, review --dry-run, eval --example, running as an executable, the error path and the word index's thread work"
