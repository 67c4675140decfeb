#!/usr/bin/env python3
"""Writes a synthetic large OpenAPI 3.0 description, for tests and the benchmark.

    scripts/generate_openapi.py [--paths N] [--depth D] [--yaml] [--security] [--openapi V] > big.json

N paths (default 2,000) in resource families (`/r17/items/{id}/parts/...`), each
with GET and most with POST/PUT/DELETE, query, header and path parameters with
enums, and JSON bodies whose schemas reach the shared ones through chains of
D `$ref`s (default 8), some of them recursive. With --security, two security schemes
(a bearer token and an API key) and a `security` requirement on every operation (as
Stripe's and OpenAI's descriptions have); --openapi sets the version written (default
3.0.3; 3.1.0 writes the same document, which reads the same in both). Deterministic: the
same arguments write the same bytes.
"""
import argparse
import json
import sys


def schemas(families, depth):
    out = {
        "Error": {"type": "object", "required": ["code"],
                  "properties": {"code": {"type": "integer"}, "message": {"type": "string"}}},
        "Node": {"type": "object", "properties": {
            "name": {"type": "string"},
            "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}}},
    }
    for family in range(families):
        for level in range(depth):
            name = f"F{family}L{level}"
            properties = {
                "id": {"type": "integer", "format": "int64"},
                "label": {"type": "string", "examples": [f"label-{family}-{level}"]},
                "state": {"type": "string", "enum": ["new", "active", "retired"]},
            }
            if level + 1 < depth:
                properties["next"] = {"$ref": f"#/components/schemas/F{family}L{level + 1}"}
            else:
                properties["tree"] = {"$ref": "#/components/schemas/Node"}
            out[name] = {"type": "object", "required": ["id"], "properties": properties}
    return out


def operation(family, path_params, method, with_body, security=False):
    parameters = [{"name": p, "in": "path", "required": True, "schema": {"type": "string"}} for p in path_params]
    parameters += [
        {"name": "limit", "in": "query", "schema": {"type": "integer", "default": 20}},
        {"name": "order", "in": "query", "schema": {"type": "string", "enum": ["asc", "desc"]}},
        {"name": "X-Tenant", "in": "header", "schema": {"type": "string", "enum": ["blue", "green"]}},
    ]
    result = {
        "operationId": f"{method}-{family}-{'-'.join(path_params) or 'root'}-{operation.counter}",
        "parameters": parameters,
        "responses": {
            "200": {"description": "OK", "content": {"application/json": {
                "schema": {"$ref": f"#/components/schemas/F{family}L0"}}}},
            "default": {"description": "Error", "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/Error"}}}},
        },
    }
    operation.counter += 1
    if security:
        # Alternate the schemes so that both are referred to from late paths too.
        scheme = "bearerAuth" if operation.counter % 2 else "apiKeyAuth"
        result["security"] = [{scheme: []}]
    if with_body:
        result["requestBody"] = {"required": True, "content": {"application/json": {
            "schema": {"$ref": f"#/components/schemas/F{family}L0"}}}}
    return result


operation.counter = 0


def document(path_count, depth, security=False, version="3.0.3"):
    families = max(1, path_count // 40)
    paths = {}
    index = 0
    while len(paths) < path_count:
        family = index % families
        n = index // families
        templates = [
            (f"/r{family}/items{n}", []),
            (f"/r{family}/items{n}/{{id}}", ["id"]),
            (f"/r{family}/items{n}/{{id}}/parts", ["id"]),
            (f"/r{family}/items{n}/{{id}}/parts/{{partId}}", ["id", "partId"]),
        ]
        for template, params in templates:
            if len(paths) >= path_count:
                break
            item = {"get": operation(family, params, "get", False, security)}
            if len(params) % 2 == 0:
                item["post"] = operation(family, params, "post", True, security)
            if params:
                item["put"] = operation(family, params, "put", True, security)
                item["delete"] = operation(family, params, "delete", False, security)
            paths[template] = item
        index += 1
    components = {"schemas": schemas(families, depth)}
    if security:
        components["securitySchemes"] = {
            "bearerAuth": {"type": "http", "scheme": "bearer"},
            "apiKeyAuth": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
        }
    return {
        "openapi": version,
        "info": {"title": "Synthetic", "version": "1"},
        "servers": [{"url": "http://127.0.0.1:9/api"}],
        "paths": paths,
        "components": components,
    }


def yaml(value, indent=0):
    """Block-style YAML; scalars as JSON (which YAML reads the same)."""
    pad = "  " * indent
    lines = []
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, (dict, list)) and item:
                lines.append(f"{pad}{json.dumps(key)}:")
                lines.append(yaml(item, indent + 1))
            else:
                lines.append(f"{pad}{json.dumps(key)}: {json.dumps(item)}")
    else:
        for item in value:
            if isinstance(item, (dict, list)) and item:
                nested = yaml(item, indent + 1).lstrip()
                lines.append(f"{pad}- {nested}")
            else:
                lines.append(f"{pad}- {json.dumps(item)}")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--paths", type=int, default=2000)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--yaml", action="store_true")
    parser.add_argument("--security", action="store_true")
    parser.add_argument("--openapi", default="3.0.3")
    args = parser.parse_args()
    doc = document(args.paths, args.depth, args.security, args.openapi)
    sys.stdout.write(yaml(doc) + "\n" if args.yaml else json.dumps(doc, indent=1) + "\n")


if __name__ == "__main__":
    main()
