#!/bin/sh
# npm run mutate -- <scope> [stryker options]
# Mutation testing of one folder (search | http | ingest | store) with StrykerJS; incremental, so a
# re-run tests only what changed. Every scope in turn when no scope is given.
# Extra options go to Stryker, e.g. `npm run mutate -- search --mutate src/search/columns/geo.ts`.
set -e
if [ $# -eq 0 ]; then
  for scope in search http ingest store; do "$0" "$scope"; done
  exit 0
fi
scope="$1"
shift
case "$scope" in
  search|http|ingest|store) ;;
  *) echo "usage: npm run mutate -- <search|http|ingest|store> [stryker options]" >&2; exit 2 ;;
esac
STRYKER_SCOPE="$scope" exec npx stryker run stryker.config.mjs "$@"
