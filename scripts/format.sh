#!/usr/bin/env bash
# The code's formatting, by swift-format (part of the Swift toolchain, `swift format`) with the
# configuration in .swift-format: 4-space indentation, lines up to 140 columns (the longest 1%
# of lines are about that), imports in layer order (not sorted), several statements of a
# `case` on one line allowed.
#   scripts/format.sh           check: list the Swift files formatting would change; status 1 if any
#   scripts/format.sh --apply   format them in place
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
files=()
while IFS= read -r file; do files+=("$file"); done < <(git ls-files -- 'Package.swift' 'Sources/*.swift' 'Tests/*.swift')

if [ "${1:-}" = "--apply" ]; then
    "$SWIFT" format format --configuration .swift-format --in-place "${files[@]}"
    exit 0
fi

# Formatted copies beside the originals would be seen by SwiftPM: copy to a temporary folder.
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
for file in "${files[@]}"; do
    mkdir -p "$copy/$(dirname "$file")"
    cp "$file" "$copy/$file"
done
(cd "$copy" && "$SWIFT" format format --configuration "$OLDPWD/.swift-format" --in-place "${files[@]}")
changed=0
for file in "${files[@]}"; do
    if ! cmp -s "$file" "$copy/$file"; then
        echo "would change: $file"
        changed=$((changed + 1))
    fi
done
echo "format: $changed of ${#files[@]} Swift files would change (scripts/format.sh --apply formats them)"
[ "$changed" -eq 0 ]
