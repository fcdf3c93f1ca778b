"""Defects a review found in the API of `accordion serve` (docs/web.md): deal
numbers past JavaScript's exact integers, query parameters unknown or repeated,
bodies that are not JSON, Solvitaire's range, the schema's descriptions and the
errors' echoes and kinds."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
pytest.importorskip("httpx", reason="the test client needs httpx")

from _helpers import web_client
from test_web_api import fails

import accordion
from accordion.web.app import create_app

if TYPE_CHECKING:
    from starlette.testclient import TestClient


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with web_client(create_app()) as test_client:
        yield test_client


@pytest.mark.parametrize("number", [2**53 + 1, 2**64 - 1])
def test_deal_numbers_past_2_53_are_also_given_as_text(client: TestClient, number: int) -> None:
    dealt = client.get("/api/deal", params={"seed": number}).json()
    assert dealt["number"] == number and dealt["number_text"] == str(number)
    assert dealt["deal"] == str(accordion.Deal.from_seed(number))
    state = client.post("/api/table", json={"seed": number}).json()["state"]
    assert state["seed"] == number and state["seed_text"] == str(number)
    row = client.post("/api/table", json={"deal": "7H 2C 3C 7C"}).json()["state"]
    assert row["seed"] is None and row["seed_text"] is None
    # A JavaScript client sends the digits in the JSON text (the page's encode()).
    raw = client.post(
        "/api/table", content=f'{{"seed":{number}}}', headers={"Content-Type": "application/json"}
    )
    assert raw.json()["state"]["seed_text"] == str(number)


def test_solvitaire_s_range_is_the_function_s_and_errors_name_the_parameter(
    client: TestClient,
) -> None:
    (schema,) = [
        parameter
        for parameter in client.get("/openapi.json").json()["paths"]["/api/deal"]["get"][
            "parameters"
        ]
        if parameter["name"] == "solvitaire"
    ]
    bounds = next(choice for choice in schema["schema"]["anyOf"] if "minimum" in choice)
    assert (bounds["minimum"], bounds["maximum"]) == (-(2**31), 2**31 - 1)
    for number in (-5, -(2**31), 2**31 - 1):
        dealt = client.get("/api/deal", params={"solvitaire": number})
        assert dealt.status_code == 200, dealt.text
        assert dealt.json()["deal"] == str(accordion.Deal.from_solvitaire(number))
    for number in (3_000_000_000, -(2**31) - 1):
        fails(client.get("/api/deal", params={"solvitaire": number}), 422, "solvitaire")
    refused = fails(client.get("/api/deal", params={"solvitaire": -1}), 400)
    assert refused.startswith("solvitaire must be a Solvitaire seed"), refused
    assert client.get("/api/deal", params={"solvitaire": -1}).json()["kind"] == (
        "InvalidArgumentError"
    )


@pytest.mark.parametrize(
    ("path", "query", "says"),
    [
        ("/api/deal", "unknown=1", "unknown: Extra inputs are not permitted"),
        ("/api/deal", "sed=5", "sed: Extra inputs are not permitted"),
        ("/api/deal", "winable=true", "winable: Extra inputs"),
        ("/api/deal", "seed=1&seed=2", "seed: given 2 times: give it once"),
        ("/api/deal", "seed=1&game=accordion&game=bayan", "game: given 2 times"),
        ("/api/games", "game=bayan", "game: Extra inputs are not permitted"),
    ],
)
def test_unknown_and_repeated_query_parameters_are_refused(
    client: TestClient, path: str, query: str, says: str
) -> None:
    fails(client.get(f"{path}?{query}"), 422, says)


def test_the_page_s_own_address_is_not_the_api_s(client: TestClient) -> None:
    assert client.get("/?game=bayan&seed=1&whatever=2&seed=3").status_code == 200
    assert client.get("/api/deal?seed=1&game=bayan").json()["game"] == "bayan"


JSON = {"Content-Type": "application/json"}


@pytest.mark.parametrize(
    ("body", "headers", "status", "says"),
    [
        (b"{", JSON, 400, "the body is not JSON: Expecting property name enclosed in double"),
        (b'{"seed": 1', JSON, 400, "the body is not JSON: Expecting ',' delimiter at character"),
        (b"[" * 5000 + b"]" * 5000, JSON, 400, "the body is not JSON: it is nested too deep"),
        (b"\x80", JSON, 400, "the body is not JSON: it is not UTF-8 text"),
        (b"", JSON, 400, "the body is empty: send a JSON object with Content-Type"),
        (b'{"seed": 1}', {}, 415, "sent with no Content-Type: send a JSON object"),
        (
            b'{"seed": 1}',
            {"Content-Type": "application/x-www-form-urlencoded"},
            415,
            "sent with Content-Type 'application/x-www-form-urlencoded'",
        ),
        (b'{"seed": 1}', {"Content-Type": "text/plain"}, 415, "Content-Type 'text/plain'"),
    ],
)
def test_a_body_that_is_not_json_gets_one_status_and_says_why(
    client: TestClient, body: bytes, headers: dict[str, str], status: int, says: str
) -> None:
    for path in ("/api/solve", "/api/table"):
        response = client.post(path, content=body, headers=headers)
        message = fails(response, status, says)
        assert response.json()["kind"] == ("NotJSON" if status == 400 else "UnsupportedMediaType")
        assert not message[0].isdigit(), message  # no byte offset where a field goes


def test_json_with_a_charset_or_a_json_subtype_is_json(client: TestClient) -> None:
    for kind in ("application/json; charset=utf-8", "application/vnd.api+json"):
        response = client.post(
            "/api/solve", content=b'{"deal": "7H 2C"}', headers={"Content-Type": kind}
        )
        assert response.status_code == 200, response.text


def test_the_schema_s_descriptions_are_markdown_and_docs_renders_them(
    client: TestClient,
) -> None:
    import re

    schema = client.get("/openapi.json").text
    assert "``" not in schema  # reStructuredText's code marks, shown raw by any viewer
    assert not re.search(r"docs/\w+\.md", schema), "a path into the sources is no link"
    page = client.get("/docs").text
    assert "<code>win</code>" in page and "<code>still winnable</code>" in page
    paragraphs = re.findall(r"<p>(.*?)</p>", page, re.DOTALL)
    assert paragraphs and not any("`" in paragraph for paragraph in paragraphs), paragraphs


def test_a_new_deal_refused_echoes_what_was_sent_and_names_its_class(client: TestClient) -> None:
    ident = client.post("/api/table", json={"seed": 1}).json()["id"]

    def new(spec: str) -> dict[str, str]:
        answer = client.post(f"/api/table/{ident}", json={"action": "new", "spec": spec})
        fails(answer, 400)
        body: dict[str, str] = answer.json()
        return body

    said = new("AS AS")
    assert said["error"].startswith('spec: not a deal: "AS AS" (a number'), said
    assert said["kind"] == "InvalidArgumentError"
    assert new("Bogus")["error"].startswith('spec: not a deal: "Bogus"')
    assert new(str(2**64))["error"] == (f"spec: deal numbers are 0 to 2**64 - 1, got {2**64}")
    skidoo = client.post("/api/table", json={"game": "23-skidoo", "seed": 1}).json()["id"]
    refused = client.post(f"/api/table/{skidoo}", json={"action": "new", "spec": "Easy"})
    assert fails(refused, 400, 'spec "Easy": no easy deals of 23 Skidoo')
    assert refused.json()["kind"] == "InvalidArgumentError"
    opened = client.post("/api/table", json={"game": "23-skidoo", "new": "easy"})
    assert fails(opened, 400, 'new "easy": no easy deals of 23 Skidoo')
    assert opened.json()["kind"] == "InvalidArgumentError"
    # Bayan draws its own graded deals.
    bayan = client.post("/api/table", json={"game": "bayan", "new": "easy"})
    assert bayan.status_code == 200, bayan.text
    # What is a deal still opens one, whatever its case or spaces.
    for spec in ("7", " 8 ", "HARD"):
        answer = client.post(f"/api/table/{ident}", json={"action": "new", "spec": spec})
        assert answer.status_code == 200, answer.text


@pytest.mark.parametrize(
    ("body", "named"),
    [(b"[1]", "an array"), (b"null", "null"), (b'"7H 2C"', "a string"), (b"3", "a number")],
)
def test_json_that_is_not_an_object_says_what_it_is(
    client: TestClient, body: bytes, named: str
) -> None:
    response = client.post("/api/solve", content=body, headers=JSON)
    assert fails(response, 422) == f"body: a JSON object is needed, got {named}"
