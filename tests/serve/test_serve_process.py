"""The real thing: ``tagmt serve`` as a process on a loopback port (uvicorn), its answers equal to the API's;
the page projecting in headless Chromium with nothing loaded from anywhere; Ctrl-C (SIGINT) lets the request
in flight finish and stops the server with exit status 0."""

from __future__ import annotations

import signal
import threading
import time
from urllib.parse import urlencode

import httpx
import lxml.html
import pytest

import tagmt
from tagmt.testing.browser import dump_dom, find_chromium

from .conftest import start_server


def test_real_server_answers_as_the_api(server, guide_lines):
    _, base = server
    sources, translations = guide_lines
    answer = httpx.post(base + "/v1/project", json={"source": sources[:3], "translation": translations[:3],
                                                    "src_lang": "en", "trg_lang": "de"}, timeout=60)
    assert answer.status_code == 200, answer.text
    assert answer.json()["tagged"] == tagmt.project(sources[:3], translations[:3], src_lang="en", trg_lang="de")
    modernmt = httpx.get(base + "/tags-projection", params={"text": sources[0], "translation": translations[0],
                                                            "source": "en", "target": "de"}, timeout=60)
    assert modernmt.json() == {"status": 200, "data": {"translation": answer.json()["tagged"][0]}}
    bad = httpx.post(base + "/v1/project", content=b"{", headers={"Content-Type": "application/json"}, timeout=10)
    assert bad.status_code == 400 and bad.json()["error"]["message"].startswith("malformed JSON")
    assert "server" not in bad.headers  # uvicorn's server header is off


def test_body_over_the_limit_on_the_wire(server):
    _, base = server

    def chunks():  # no Content-Length: refused while read
        for _ in range(40):
            yield b"x" * (1024 * 1024)

    try:
        answer = httpx.post(base + "/v1/translate", content=chunks(), timeout=60)
    except httpx.TransportError:  # the server may close the connection before the client finished sending
        return
    assert answer.status_code == 413


@pytest.mark.skipif(find_chromium() is None, reason="chromium is not installed (apt-get install chromium)")
def test_page_projects_in_chromium(server, guide_lines):
    _, base = server
    sources, translations = guide_lines
    expected = tagmt.project(sources[1], translations[1], src_lang="en", trg_lang="de")
    query = urlencode({"source": sources[1], "translation": translations[1], "src": "en", "trg": "de"})
    dom = lxml.html.fromstring(dump_dom(f"{base}/?{query}", budget_ms=15000))
    result = dom.xpath('//*[@id="result"]')[0]
    assert result.get("data-done") == "yes", lxml.html.tostring(dom)[-800:]
    segment = result.xpath('./div[@class="segment"]')[0]
    tags = [chip.text_content() for chip in segment.xpath('./span[@class="tag"]')]
    assert tags == ['<g id="1">', "</g>", '<x id="2"/>', '<g id="3">', "</g>"]
    assert "".join(segment.itertext()) == expected
    assert not [x for x in dom.xpath("//@src | //@href") if "//" in x]


def test_ctrl_c_drains_and_stops():
    process, base = start_server()
    sources = ["Open the <b>Settings</b> page and choose <i>Add user</i>."] * 30
    translations = ["Öffnen Sie die Seite Einstellungen und wählen Sie Benutzer hinzufügen."] * 30
    answers = []

    def slow():
        answers.append(httpx.post(base + "/v1/project", json={"source": sources, "translation": translations,
                                                               "src_lang": "en", "trg_lang": "de"}, timeout=60))

    worker = threading.Thread(target=slow)
    worker.start()
    time.sleep(0.5)  # the request is in flight
    process.send_signal(signal.SIGINT)
    worker.join(timeout=60)
    assert process.wait(timeout=60) == 0
    assert answers and answers[0].status_code == 200 and len(answers[0].json()["tagged"]) == 30
    with pytest.raises(httpx.TransportError):
        httpx.get(base + "/health", timeout=2)
