"""The JSON API fuzzed from its own OpenAPI schema with schemathesis: valid and
invalid requests of every operation (positive and negative generation) get an
answer below 500 with a JSON body, never a server error.

The server under test has small solver budgets, so that the run takes seconds;
its schema is the same (the limits in the schema are the defaults, and a budget
past this server's smaller ones is refused with 400, which is checked too)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is not installed")

from hypothesis import HealthCheck, settings  # noqa: E402

from accordion.web.app import create_app  # noqa: E402
from accordion.web.service import Limits  # noqa: E402

APP = create_app(Limits(seconds=0.2, max_seconds=0.5, tries=200))
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


def test_both_valid_and_invalid_requests_are_generated() -> None:
    modes = {mode.value for mode in schema.config.generation.modes}
    assert modes == {"positive", "negative"}


@schema.parametrize()
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_no_input_gets_a_server_error(case: Any) -> None:
    response = case.call()
    assert response.status_code < 500, (case.method, case.path, case.body, response.text)
    if response.status_code >= 400:
        body = response.json()
        assert isinstance(body, dict) and set(body) == {"error", "kind"}, body
        assert body["error"]
