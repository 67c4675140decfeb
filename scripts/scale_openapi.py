#!/usr/bin/env python3
"""Writes a real description scaled up: COPIES copies of its paths and components, each
copy's paths under `/cN` and its components renamed `NameN`, every `$ref` of the copy
pointing into the copy. The result reads like the real one, only COPIES times larger
(Discord's 1.2 MB description 45 times is 53 MB, the size of issue 40's description).

    scripts/scale_openapi.py [--source FILE] [--copies N | --megabytes M] [--yaml] > big.json

FILE defaults to Tests/Fixtures/OpenAPI/Real/discord-openapi.json (JSON; a YAML source
needs PyYAML). --megabytes M makes as many copies as reach M MB (10^6 bytes). --yaml
writes the same document as YAML (needs PyYAML). Deterministic.
"""
import argparse
import copy
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SOURCE = os.path.join(os.path.dirname(HERE), "Tests", "Fixtures", "OpenAPI", "Real", "discord-openapi.json")


def load(path):
    with open(path, encoding="utf-8") as handle:
        if path.endswith(".json"):
            return json.load(handle)
        import yaml
        return yaml.safe_load(handle)


def renamed_refs(value, suffix):
    """`value` with every local `$ref` into components pointing at the copy's names."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key == "$ref" and isinstance(item, str) and item.startswith("#/components/"):
                out[key] = item + suffix
            else:
                out[key] = renamed_refs(item, suffix)
        return out
    if isinstance(value, list):
        return [renamed_refs(item, suffix) for item in value]
    return value


def scaled(document, copies):
    out = {key: value for key, value in document.items() if key not in ("paths", "components")}
    paths, components = {}, {}
    for index in range(copies):
        suffix = str(index)
        for path, item in document.get("paths", {}).items():
            paths[f"/c{index}{path}"] = renamed_refs(item, suffix)
        for kind, members in document.get("components", {}).items():
            target = components.setdefault(kind, {})
            for name, value in members.items():
                # Security schemes are named by operations' `security` without a `$ref`: kept once.
                if kind == "securitySchemes":
                    target[name] = copy.deepcopy(value)
                else:
                    target[name + suffix] = renamed_refs(value, suffix)
    out["paths"] = paths
    out["components"] = components
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--source", default=DEFAULT_SOURCE)
    parser.add_argument("--copies", type=int)
    parser.add_argument("--megabytes", type=float)
    parser.add_argument("--yaml", action="store_true")
    arguments = parser.parse_args()
    document = load(arguments.source)
    one = len(json.dumps(scaled(document, 1), indent=1))
    copies = arguments.copies or max(1, round((arguments.megabytes or 53) * 1e6 / one))
    result = scaled(document, copies)
    if arguments.yaml:
        import yaml
        dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
        sys.stdout.write(yaml.dump(result, Dumper=dumper, sort_keys=False, allow_unicode=True, width=1000))
    else:
        # One write: json.dump writes a 53 MB document in many small pieces.
        sys.stdout.write(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
