#!/usr/bin/env python3
"""Writes an OpenAPI 3.0 description of PATHS GETs, BROKEN of them rejected by the loader (in
turns a security requirement naming no scheme, which is checked only once the whole document is
decoded, and a parameter without `in`), each with a response schema of PROPERTIES properties:
3,000 paths and 98 broken make about 8 MB. The loader once decoded the whole again for each
broken piece (issue 25); test_hostile_input.py and Benchmarks/hostile.py load it.

    scripts/generate_broken_openapi.py [--paths N] [--broken N] [--properties N] > broken.json
"""
import argparse
import json
import sys


def document(paths: int, broken: int, properties: int = 40) -> dict:
    schema = {"type": "object", "properties": {f"p{i}": {"type": "string", "description": "x" * 20}
                                               for i in range(properties)}}
    result = {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
              "components": {"securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "K"}}},
              "paths": {}}
    step = paths // broken if broken else paths + 1
    for index in range(paths):
        operation = {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema": schema}}}},
                     "security": [{"key": []}]}
        if index % step == 0 and index // step < broken:
            if (index // step) % 2:
                operation["parameters"] = [{"name": "q", "schema": {"type": "string"}}]
            else:
                operation["security"] = [{"missing": []}]
        result["paths"][f"/r{index}"] = {"get": operation}
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--paths", type=int, default=3000)
    parser.add_argument("--broken", type=int, default=98)
    parser.add_argument("--properties", type=int, default=40)
    arguments = parser.parse_args()
    json.dump(document(arguments.paths, arguments.broken, arguments.properties), sys.stdout)


if __name__ == "__main__":
    main()
