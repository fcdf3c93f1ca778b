"""The API's page at ``/docs``: the OpenAPI schema rendered as plain HTML on the
server (no script, font or style sheet from elsewhere: the page works offline),
with the limits every request is held to."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from accordion.web.service import Limits


def _schema_text(schema: dict[str, Any], components: dict[str, Any]) -> str:
    """A request body's schema, its references resolved one level, as JSON."""
    ref = schema.get("$ref")
    if isinstance(ref, str):
        schema = components.get(ref.rsplit("/", 1)[-1], schema)
    return json.dumps(schema, indent=2, sort_keys=False)


def markdown(text: str) -> str:
    """A paragraph of an OpenAPI description (Markdown) as HTML: escaped, with its
    code spans (`like this`) in ``<code>``, which is all the descriptions use."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text))


def render(spec: dict[str, Any], limits: Limits) -> str:
    """The page: each operation with its summary, parameters and body schema."""
    components = spec.get("components", {}).get("schemas", {})
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        f"<title>{html.escape(spec['info']['title'])} API</title>",
        "<link rel='stylesheet' href='/static/docs.css'></head><body><main>",
        f"<h1>{html.escape(spec['info']['title'])} API {html.escape(spec['info']['version'])}</h1>",
        f"<p>{html.escape(spec['info'].get('summary', ''))} The schema: "
        "<a href='/openapi.json'>/openapi.json</a>. The table: <a href='/'>/</a>.</p>",
        "<h2>Limits</h2><ul>",
        f"<li>request bodies: at most {limits.body:,} bytes, sent within "
        f"{limits.body_seconds:g} s</li>",
        f"<li>a row: at most {limits.row} characters; a position: at most "
        f"{limits.moves} moves</li>",
        f"<li>the solver: {limits.seconds:g} s a request by default, "
        f"<code>time_limit</code> from {limits.min_seconds:g} s up to "
        f"{limits.max_seconds:g} s</li>",
        f"<li>{limits.workers} solver calls at once; past {limits.in_flight} requests in "
        "flight, 429</li>",
        f"<li>web tables: {limits.sittings:,} kept, each for {limits.idle / 60:g} minutes "
        "idle</li></ul>",
        '<p>Every error is a JSON object <code>{"error": message, "kind": class}</code> '
        "with a 4xx status.</p>",
    ]
    for path, operations in spec.get("paths", {}).items():
        for method, operation in operations.items():
            parts.append(
                f"<section class='op'><h2><span class='method'>{method.upper()}</span> "
                f"<code>{html.escape(path)}</code></h2>"
            )
            parts.append(f"<p><strong>{html.escape(operation.get('summary', ''))}</strong></p>")
            description = operation.get("description", "")
            parts += [f"<p>{markdown(para)}</p>" for para in description.split("\n\n") if para]
            parameters = operation.get("parameters", [])
            if parameters:
                parts.append("<table><tr><th>parameter</th><th>in</th><th>schema</th></tr>")
                for parameter in parameters:
                    parts.append(
                        f"<tr><td><code>{html.escape(parameter['name'])}</code></td>"
                        f"<td>{html.escape(parameter['in'])}</td><td><code>"
                        f"{html.escape(json.dumps(parameter.get('schema', {})))}</code></td></tr>"
                    )
                parts.append("</table>")
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body:
                parts.append(
                    "<details><summary>request body</summary><pre>"
                    f"{html.escape(_schema_text(body['schema'], components))}</pre></details>"
                )
            parts.append("</section>")
    parts.append("</main></body></html>")
    return "\n".join(parts)
