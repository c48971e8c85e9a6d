"""The web API answers exactly what the command line's ``--json`` prints, refuses bad input
with HTTP 400 and one line, and serves nothing outside its static folder."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # starlette 1.x suggests httpx2; httpx works the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from letterplay.commands import Command
from letterplay.web import api
from letterplay.web.app import STATIC, create_app

ROOT = Path(__file__).resolve().parent.parent
VOLATILE = {"seconds"}  # wall-clock time of the search: the only key that may differ


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(), base_url="http://127.0.0.1") as c:
        yield c


def _same(web: dict, cli: dict) -> None:
    for key in VOLATILE:
        web.pop(key, None)
        cli.pop(key, None)
    assert web == cli


# (API path and query, the same request on the command line); both on enable1
PARITY = [
    ("bee/solve?letters=CEFINTV&center=C", "bee solve CEFINTV --center C"),
    (
        "bee/solve?letters=CEFINTV&center=C&found=civet,evict&found=zzzz",
        "bee solve CEFINTV -c C --found civet,evict --found zzzz",
    ),
    ("bee/solve?letters=aeginrt&center=r&min_zipf=3", "bee solve AEGINRT -c R --min-zipf 3"),
    ("bee/best?top=3&require=q", "bee best --top 3 --require q"),
    ("bee/best?allow-s=true", "bee best --allow-s"),
    ("bee/report?letters=CEFINTV&center=C", "bee report CEFINTV --center C"),
    (
        "bee/generate?seed=7&words=20-60&count=2",
        "bee generate --seed 7 --words 20-60 --count 2",
    ),
    ("letterboxed/solve?sides=TAP,ERD,NIL,YCO", "letterboxed solve TAP ERD NIL YCO"),
    (
        "letterboxed/solve?sides=tap,erd,nil,yco&max-words=3&limit=4&distinct=1",
        "letterboxed solve tap erd nil yco --max-words 3 --limit 4 --distinct",
    ),
    ("letterboxed/generate?seed=3", "letterboxed generate --seed 3"),
    ("anigrams/count", "anigrams count"),
    ("anigrams/count?from=beep&end=10", "anigrams count --from beep --end 10"),
    ("anigrams/longest", "anigrams longest"),
    ("anigrams/table?start=5", "anigrams table --start 5"),
    ("anigrams/chain?word=beep", "anigrams chain beep"),
    ("anigrams/play?seed=1&answers=true", "anigrams play --seed 1 --answers"),
    ("anigrams/play?seed=2&min-zipf=3", "anigrams play --seed 2 --min-zipf 3"),
    ("anigrams/check?words=gain,gains,easing", "anigrams check gain gains easing"),
    ("multiplet?words=minus,zero,plus", "multiplet minus zero plus"),
    ("multiplet?words=cat,dog&exclude=cot", "multiplet cat dog --exclude cot"),
    ("ladder?from=cold&to=warm&all=true", "ladder cold warm --all"),
    ("ladder?from=cold&to=warm&rules=change", "ladder cold warm --rules change"),
]


@pytest.mark.enable1
@pytest.mark.parametrize(("query", "args"), PARITY, ids=[q for q, _ in PARITY])
def test_api_equals_cli_json(client, cli, query, args):
    sep = "&" if "?" in query else "?"
    response = client.get(f"/api/{query}{sep}lexicon=enable1")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/json"
    result = cli(*args.split(), "--lexicon", "enable1", "--json")
    assert result.exit_code == 0, result.stderr
    _same(response.json(), json.loads(result.stdout))


def test_lexicon_list_equals_cli(client, cli):
    response = client.get("/api/lexicon/list")
    assert response.status_code == 200
    assert response.json() == json.loads(cli("lexicon", "list", "--json").stdout)


def test_default_lexicon_is_the_cli_default(client, cli):
    response = client.get("/api/bee/solve?letters=CEFINTV&center=C")
    result = cli("bee", "solve", "CEFINTV", "--center", "C", "--json")
    assert response.json() == json.loads(result.stdout)


# ------------------------------------------------------------------ bad input: 400, one line

BAD = [
    ("bee/solve?letters=CEFINTV&center=Q", "bee solve CEFINTV --center Q"),
    ("bee/solve?letters=ABC", "bee solve ABC"),
    ("bee/best?top=x", "bee best --top x"),
    ("bee/solve?center=C", "bee solve --center C"),
    ("bee/generate?score=abc", "bee generate --score abc"),
    ("letterboxed/solve?sides=TAP,ERD,NIL,YCA", "letterboxed solve TAP ERD NIL YCA"),
    ("letterboxed/solve?sides=TAP,ERD&max-words=0", "letterboxed solve TAP ERD --max-words 0"),
    ("multiplet?words=minus", "multiplet minus"),
    ("multiplet?words=cat,dog&time-limit=-1", "multiplet cat dog --time-limit -1"),
    ("ladder?from=cold&to=zzzzq", "ladder cold zzzzq"),
    ("anigrams/count?start=9&end=4", "anigrams count --start 9 --end 4"),
]


@pytest.mark.parametrize(("query", "args"), BAD, ids=[q for q, _ in BAD])
def test_bad_input_is_400_with_the_cli_message(client, cli, query, args):
    response = client.get(f"/api/{query}")
    assert response.status_code == 400, response.text
    message = response.json()["error"]
    assert list(response.json()) == ["error"] and "\n" not in message and message
    result = cli(*args.split())
    assert result.exit_code == 2
    cli_message = result.stderr.strip().removeprefix("error: ")
    # the same message, each face naming parameters its own way: --min-zipf, min-zipf
    assert re.sub(r"--(?=[a-z])", "", cli_message).startswith(message), (message, cli_message)


@pytest.mark.parametrize(
    "query",
    [
        "bee/solve?letters=CEFINTV&bogus=1",
        "bee/solve?letters=CEFINTV&json=1",
        "bee/solve?letters=CEFINTV&center=C&center=E",
        "bee/best?allow-s=maybe",
        "bee/stats?plot=stats.png",
        "bee/stats?output=stats.png",
        "anigrams/table?plot=table.png&force=1",
        "anigrams/longest?all=1",
        "multiplet?words=cat,dog&draw=net.svg",
        "bee/generate?count=1000",
        "lexicon/list?lexicon=enable1",
    ],
)
def test_unknown_file_and_unbounded_options_are_refused(client, query, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    response = client.get(f"/api/{query}")
    assert response.status_code == 400, response.text
    assert "\n" not in response.json()["error"]
    assert list(tmp_path.iterdir()) == []  # no file written


@pytest.mark.parametrize(
    "name",
    ["../enable1", "/etc/passwd", "enable1.txt", "./common", "..\\common", "common/..", "nosuch"],
)
def test_only_catalog_lexicon_names(client, name):
    response = client.get("/api/bee/solve", params={"letters": "CEFINTV", "lexicon": name})
    assert response.status_code == 400
    assert "catalog name" in response.json()["error"]


def test_a_word_list_file_is_never_read(client, tmp_path):
    words = tmp_path / "mine.txt"
    words.write_text("cent\ncete\n")
    response = client.get("/api/bee/solve", params={"letters": "CEFINTV", "lexicon": str(words)})
    assert response.status_code == 400


@pytest.mark.parametrize(
    "url",
    [
        "/static/../pyproject.toml",
        "/static/%2e%2e/api.py",
        "/static/..%2fapi.py",
        "/static/%2e%2e/%2e%2e/%2e%2e/%2e%2e/pyproject.toml",
        "/static//etc/passwd",
        "/%2e%2e/%2e%2e/pyproject.toml",
        "/static/",
        "/bee/../../pyproject.toml",
    ],
)
def test_nothing_outside_the_static_folder(client, url):
    response = client.get(url)
    assert response.status_code == 404
    # the 404 page itself, exactly: no byte of any file outside the static folder
    assert response.text == (STATIC / "notfound.html").read_text(encoding="utf-8")
    assert "[project]" not in response.text and "import" not in response.text


def test_unknown_api_is_404_json(client):
    response = client.get("/api/bee/fly")
    assert response.status_code == 404 and "bee/solve" in response.json()["error"]


@pytest.mark.parametrize("page", ["/", "/bee", "/letterboxed", "/anigrams", "/multiplet"])
def test_pages_are_served_with_a_strict_policy(client, page):
    response = client.get(page)
    assert response.status_code == 200 and response.text.startswith("<!doctype html>")
    assert "default-src 'self'" in response.headers["content-security-policy"]
    assert "http://" not in response.text and "https://" not in response.text  # no CDN


def test_static_assets_are_package_files(client):
    for name in ("style.css", "common.js", "bee.js", "letterboxed.js", "anigrams.js"):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200
        assert "https://" not in response.text  # nothing loaded from elsewhere


def test_other_host_names_are_refused(client):
    response = client.get("/api/lexicon/list", headers={"host": "evil.example"})
    assert response.status_code == 400


# ------------------------------------------------------------------ time limit, concurrency


def test_slow_request_times_out_without_blocking_others(monkeypatch):
    import httpx

    def slow(**_):
        time.sleep(1.5)
        return {"done": True}

    slow_endpoint = Command("list", "A slow operation.", slow, lexicon=False)
    monkeypatch.setitem(api.ENDPOINTS, "lexicon/list", slow_endpoint)
    app = create_app(max_seconds=0.5)

    async def both():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as c:
            started = time.perf_counter()
            slow_task = asyncio.create_task(c.get("/api/lexicon/list"))
            await asyncio.sleep(0.05)
            fast = await c.get("/api/bee/solve", params={"letters": "CEFINTV", "lexicon": "common"})
            fast_done = time.perf_counter() - started
            return await slow_task, fast, fast_done

    slow_response, fast_response, fast_done = asyncio.run(both())
    assert slow_response.status_code == 503
    assert "longer than 0.5 s" in slow_response.json()["error"]
    assert fast_response.status_code == 200 and fast_done < 0.5


# ------------------------------------------------------------------ letterplay serve


def test_serve_port_in_use_is_one_line(cli, bad_input):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        bad_input(cli("serve", "--port", port), f"--port {port} on 127.0.0.1 is in use")


def test_serve_port_out_of_range(cli):
    result = cli("serve", "--port", "70000")
    assert result.exit_code == 2 and "70000" in result.stderr


def test_serve_prints_its_url_and_stops_cleanly_on_ctrl_c():
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    process = subprocess.Popen(
        [sys.executable, "-m", "letterplay", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        line = process.stdout.readline()
        assert line.startswith("letterplay is serving at http://127.0.0.1:"), line
        url = line.split()[4]
        import httpx

        page = None
        for _ in range(100):
            try:  # straight to the loopback server, whatever proxies the environment names
                page = httpx.get(url, timeout=2, trust_env=False)
                break
            except httpx.ConnectError:
                time.sleep(0.05)
        assert page is not None and page.status_code == 200
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=15)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, err
    assert "Traceback" not in err


def test_serve_is_the_only_command_importing_the_web_stack():
    code = "import sys; from letterplay.cli import main; import letterplay.cli.spellingbee; " + (
        "print('starlette' in sys.modules or 'uvicorn' in sys.modules)"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert out.stdout.strip() == "False", out.stderr


def test_query_arguments_are_the_librarys_keywords():
    values = api.web_values(api.ENDPOINTS["bee/solve"], [("letters", "CEFINTV"), ("min_zipf", "3")])
    assert values == {"honeycomb": "CEFINTV", "min_zipf": 3.0}
    sides = [("sides", "TAP,ERD"), ("sides", "NIL,YCO")]
    assert api.web_values(api.ENDPOINTS["letterboxed/solve"], sides) == {
        "board": ["TAP,ERD", "NIL,YCO"]
    }


def test_serve_lexicon_must_be_a_catalog_name(cli, bad_input):
    bad_input(cli("serve", "--port", "0", "--lexicon", "/etc/passwd"), "catalog name")


def test_server_default_lexicon():
    with TestClient(create_app(default_lexicon="common"), base_url="http://127.0.0.1") as c:
        assert c.get("/api/web/config").json() == {"default_lexicon": "common"}
        solved = c.get("/api/bee/solve", params={"letters": "CEFINTV", "center": "C"}).json()
        assert solved["lexicon"]["name"] == "common"


def test_serve_json_announces_the_address():
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    args = [sys.executable, "-m", "letterplay", "serve", "--port", "0", "--json"]
    process = subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    try:
        announced = json.loads(process.stdout.readline())
        assert announced["url"] == f"http://127.0.0.1:{announced['port']}/"
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=15)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0 and out == "", err


FINALISER_INTERRUPT = """
import signal
from letterplay.web.server import serve

class Late:
    def __del__(self):
        signal.raise_signal(signal.SIGINT)  # a Ctrl-C that lands inside a finaliser

def announce(line):
    print(line, flush=True)
    Late()

serve(port=0, announce=announce, as_json=True)
"""


def test_a_ctrl_c_landing_in_a_finaliser_still_stops_the_server():
    """Raised as KeyboardInterrupt there, it would be printed and lost (the server running on)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    process = subprocess.Popen(
        [sys.executable, "-c", FINALISER_INTERRUPT],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0 and err == "", err
    assert json.loads(out)["url"].startswith("http://127.0.0.1:")


@pytest.mark.enable1
def test_letterboxed_words_are_the_playable_words(client):
    query = "sides=TAP,ERD,NIL,YCO&lexicon=enable1"
    words = client.get(f"/api/letterboxed/words?{query}").json()
    solved = client.get(f"/api/letterboxed/solve?{query}").json()
    assert words["count"] == len(words["words"]) == solved["playable_words"]
    assert {w for s in solved["solutions"] for w in s} <= set(words["words"])
    assert "ta" not in " ".join(words["words"])  # T and A share a side
