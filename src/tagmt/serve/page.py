"""``GET /``: one self-contained page (inline CSS and script, nothing loaded from anywhere; a strict
Content-Security-Policy whose hashes allow only this page's own style and script, fetches to this server
only) to paste tagged sources and their translations and see the projection with its tags highlighted,
or to upload a file and download it translated. The page fills its forms from its query string
(``?source=…&translation=…&src=en&trg=de``) and then projects at once: the browser test's way in."""

from __future__ import annotations

import base64
import hashlib

STYLE = """
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem 1.5rem;color:#1d1d1f}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}
textarea{width:100%;min-height:5rem;font:14px/1.4 ui-monospace,monospace;box-sizing:border-box}
label{display:block;margin:.5rem 0 .2rem;font-weight:600}input[type=text]{width:7rem}
.row{display:flex;gap:1rem;align-items:end;flex-wrap:wrap}button{padding:.35rem 1rem;margin-top:.6rem}
.segment{padding:.45rem .6rem;border:1px solid #ccd;border-radius:4px;margin:.4rem 0;white-space:pre-wrap}
.tag{background:#fde7b0;color:#7a4b00;border-radius:3px;padding:0 .15rem;font:13px ui-monospace,monospace}
.error{color:#a00000}.notes{color:#555;font-size:.9rem}
"""

SCRIPT = r"""
"use strict";
const $ = (id) => document.getElementById(id);
function auth() {
  const token = $("token").value.trim();
  return token ? {"Authorization": "Bearer " + token} : {};
}
function said(node, message, isError) {
  node.textContent = message;
  node.className = isError ? "error" : "notes";
}
function decode(text) {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (all, ref) => {
    const named = {amp: "&", lt: "<", gt: ">", quot: '"', apos: "'"};
    if (named[ref]) return named[ref];
    const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    try { return String.fromCodePoint(code); } catch (e) { return all; }
  });
}
function render(tagged) {
  const line = document.createElement("div");
  line.className = "segment";
  for (const part of tagged.split(/(<[^<>]*>)/)) {
    if (!part) continue;
    if (part.startsWith("<") && part.endsWith(">")) {
      const chip = document.createElement("span");
      chip.className = "tag";
      chip.textContent = part;
      line.appendChild(chip);
    } else {
      line.appendChild(document.createTextNode(decode(part)));
    }
  }
  return line;
}
async function answer(response) {
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    const why = data && data.error ? data.error.message : response.statusText;
    throw new Error(response.status + ": " + why);
  }
  return data;
}
async function project(event) {
  if (event) event.preventDefault();
  const result = $("result"), status = $("project-status");
  result.replaceChildren();
  const source = $("source").value.split("\n"), translation = $("translation").value.split("\n");
  while (source.length > 1 && source[source.length - 1] === "" && translation[translation.length - 1] === "") {
    source.pop(); translation.pop();
  }
  said(status, "projecting…", false);
  try {
    const data = await answer(await fetch("/v1/project", {method: "POST",
      headers: Object.assign({"Content-Type": "application/json"}, auth()),
      body: JSON.stringify({source, translation, src_lang: $("src").value, trg_lang: $("trg").value})}));
    data.tagged.forEach((tagged) => result.appendChild(render(tagged)));
    said(status, data.notes.length ? data.notes.join(" · ") : "projected " + data.tagged.length + " segment(s)",
         false);
    result.dataset.done = "yes";
  } catch (error) {
    said(status, error.message, true);
    result.dataset.done = "error";
  }
}
async function translate(event) {
  event.preventDefault();
  const status = $("upload-status"), link = $("download");
  const file = $("file").files[0];
  link.hidden = true;
  if (!file) { said(status, "choose a file first", true); return; }
  const query = new URLSearchParams({filename: file.name, approach: $("approach").value, model: $("model").value});
  if ($("usrc").value) query.set("src_lang", $("usrc").value);
  if ($("utrg").value) query.set("trg_lang", $("utrg").value);
  said(status, "translating…", false);
  try {
    const response = await fetch("/v1/translate?" + query, {method: "POST", headers: auth(), body: file});
    if (!response.ok) { await answer(response); return; }
    const blob = await response.blob();
    const named = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") || "");
    link.href = URL.createObjectURL(blob);
    link.download = named ? named[1] : "translated";
    link.textContent = "download " + link.download;
    link.hidden = false;
    said(status, "wrote " + response.headers.get("X-Tagmt-Written") + " of " +
         response.headers.get("X-Tagmt-Segments") + " segments", false);
  } catch (error) {
    said(status, error.message, true);
  }
}
$("project").addEventListener("submit", project);
$("upload").addEventListener("submit", translate);
const given = new URLSearchParams(location.search);
for (const [key, id] of [["source", "source"], ["translation", "translation"], ["src", "src"], ["trg", "trg"]]) {
  if (given.has(key)) $(id).value = given.get(key);
}
if (given.has("source") && given.has("translation")) project(null);
"""

BODY = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>tagmt serve</title><style>{style}</style></head>
<body>
<h1>tagmt serve</h1>
<p>Put the tags of a tagged source into its translation, or translate a whole file. API: <a href="/docs">/docs</a>.</p>
<label for="token">Bearer token (only when the server asks for one)</label><input id="token" type="password" autocomplete="off">
<h2>Project tags</h2>
<form id="project">
<label for="source">Tagged source, one segment per line (XML-escaped text, e.g. <code>Open the &lt;b&gt;Settings&lt;/b&gt; page</code>)</label>
<textarea id="source" spellcheck="false"></textarea>
<label for="translation">Translation, line for line (plain text, as the MT system wrote it)</label>
<textarea id="translation" spellcheck="false"></textarea>
<div class="row"><div><label for="src">Source language</label><input id="src" type="text" value="en"></div>
<div><label for="trg">Target language</label><input id="trg" type="text" value="de"></div>
<div><button type="submit">Project</button></div></div>
</form>
<p id="project-status" class="notes"></p>
<div id="result"></div>
<h2>Translate a file</h2>
<form id="upload">
<label for="file">XLIFF, TMX or tagged line file</label><input id="file" type="file">
<div class="row"><div><label for="usrc">Source (default: the file's)</label><input id="usrc" type="text"></div>
<div><label for="utrg">Target (default: the file's)</label><input id="utrg" type="text"></div>
<div><label for="approach">Approach</label><select id="approach"><option>dt</option><option>dp</option></select></div>
<div><label for="model">Model</label><select id="model">{models}</select></div>
<div><button type="submit">Translate</button></div></div>
</form>
<p id="upload-status" class="notes"></p>
<p><a id="download" hidden>download</a></p>
<script>{script}</script>
</body></html>
"""


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def page(models: tuple[str, ...]) -> str:
    """The page, its model menu holding the server's engines."""
    from html import escape

    options = "".join(f"<option>{escape(m)}</option>" for m in models)
    return BODY.format(style=STYLE, script=SCRIPT, models=options)


def headers(script: bool = True) -> dict[str, str]:
    """The page's security headers: only its own inline style and script run, fetches go to this server."""
    policy = (f"default-src 'none'; style-src {_hash(STYLE)}; "
              + (f"script-src {_hash(SCRIPT)}; connect-src 'self'; " if script else "")
              + "img-src data:; form-action 'none'; base-uri 'none'; frame-ancestors 'none'")
    return {"Content-Security-Policy": policy, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}
