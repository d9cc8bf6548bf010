"use strict";
(function () {
  const T = TAGMT, D = T.data(), el = T.el;
  const segs = D.segments, systems = D.systems, metrics = D.metrics;
  const $ = function (id) { return document.getElementById(id); };
  const f = { tag: $("f-tag"), kind: $("f-kind"), q: $("f-q"), metric: $("f-metric"), sort: $("f-sort"),
              a: $("f-a"), b: $("f-b") };
  for (const name of D.tags) T.option(f.tag, name);
  metrics.forEach(function (m) { T.option(f.metric, m); });
  systems.forEach(function (s, i) { T.option(f.a, String(i), s); T.option(f.b, String(i), s); });
  if (systems.length > 1) f.b.value = "1";
  else for (const key of ["sort", "a", "b"]) f[key].parentNode.hidden = true;  // nothing to compare
  const head = $("segments-head");
  head.append(el("th", "line", "#"));
  if (D.has_source) head.append(el("th", null, "source"));
  head.append(el("th", null, "reference"));
  for (const s of systems) head.append(el("th", null, s));
  let searchable = null;
  function haystack(k) {
    if (searchable === null) searchable = new Array(segs.length);
    if (searchable[k] === undefined) {
      const s = segs[k];
      searchable[k] = [T.text(s.s), T.text(s.r)].concat(s.h.map(function (h) { return T.text(h[0]); }))
        .join("\n").toLowerCase();
    }
    return searchable[k];
  }
  function score(k, system, metric) {
    const m = metrics.indexOf(metric);
    if (m < 0) return null;
    const v = segs[k].c[system][m];
    return v === undefined ? null : v;
  }
  function state() {
    return { tag: f.tag.value, kind: f.kind.value, q: f.q.value, metric: f.metric.value, sort: f.sort.value,
             a: f.a.value, b: f.b.value };
  }
  function matches(k, st, needle) {
    const s = segs[k];
    if (st.kind) {
      const hit = s.e.some(function (e) {
        return (st.kind === "any" || e[2] === st.kind) && (!st.tag || e[1] === st.tag);
      });
      if (!hit) return false;
    } else if (st.tag && s.t.indexOf(st.tag) < 0) {
      return false;
    }
    if (needle && haystack(k).indexOf(needle) < 0) return false;
    return true;
  }
  function row(k) {
    const s = segs[k], st = state();
    const tr = el("tr", "seg");
    tr.dataset.line = String(s.n);
    const line = el("td", "line", String(s.n));
    if (s.id !== undefined) line.append(el("div", "meta", s.id));
    tr.append(line);
    if (D.has_source) { const td = el("td", "src"); T.draw(td, s.s); tr.append(td); }
    const ref = el("td", "ref"); T.draw(ref, s.r); tr.append(ref);
    const a = Number(st.a), base = score(k, a, st.metric);
    s.h.forEach(function (h, i) {
      const td = el("td", "hyp");
      td.dataset.system = String(i);
      T.draw(td, h[0]);
      if (h[1].length) {
        const ghosts = el("span", "ghosts", "dropped: ");
        T.draw(ghosts, h[1]);
        td.append(ghosts);
      }
      const v = score(k, i, st.metric);
      const sc = el("span", "score", st.metric + " " + (v === null ? "n/a" : v.toFixed(1)));
      if (i !== a && v !== null && base !== null) {
        const d = v - base;
        sc.append(el("span", d >= 0 ? "delta-pos" : "delta-neg", " (" + (d >= 0 ? "+" : "") + d.toFixed(1) + ")"));
      }
      td.append(sc);
      tr.append(td);
    });
    return tr;
  }
  const pager = new T.Pager($("segment-rows"), $("segment-status"), row, 50);
  let order = [];
  function update(page) {
    const st = state(), needle = st.q.trim().toLowerCase();
    order = [];
    for (let k = 0; k < segs.length; k++) if (matches(k, st, needle)) order.push(k);
    if (st.sort === "diff" || st.sort === "-diff") {
      const a = Number(st.a), b = Number(st.b), sign = st.sort === "diff" ? -1 : 1;
      const key = function (k) {
        const x = score(k, a, st.metric), y = score(k, b, st.metric);
        return x === null || y === null ? null : y - x;
      };
      order.sort(function (i, j) {
        const x = key(i), y = key(j);
        if (x === null || y === null) return (x === null) - (y === null) || i - j;
        return sign * (x - y) || i - j;
      });
    }
    const pages = pager.show(order, segs.length, page);
    $("prev").disabled = pager.page === 0;
    $("next").disabled = pager.page >= pages - 1;
    const keep = st;
    keep.page = pager.page > 0 ? String(pager.page + 1) : "";
    if (keep.sort === "line") keep.sort = "";
    if (keep.metric === D.default_metric) keep.metric = "";
    if (keep.a === "0") keep.a = "";
    if (keep.b === (systems.length > 1 ? "1" : "0")) keep.b = "";
    T.remember(keep);
  }
  const p = T.params();
  function set(select, value) {
    if (value === null) return;
    for (const o of select.options) if (o.value === value) { select.value = value; return; }
  }
  f.metric.value = D.default_metric || (metrics[0] || "");
  set(f.tag, p.get("tag")); set(f.kind, p.get("kind")); set(f.metric, p.get("metric"));
  set(f.sort, p.get("sort")); set(f.a, p.get("a")); set(f.b, p.get("b"));
  if (p.get("q") !== null) f.q.value = p.get("q");
  for (const key in f) f[key].addEventListener(key === "q" ? "input" : "change", function () { update(0); });
  $("prev").addEventListener("click", function () { update(pager.page - 1); });
  $("next").addEventListener("click", function () { update(pager.page + 1); });
  update(Math.max(0, (parseInt(p.get("page") || "1", 10) || 1) - 1));
  document.body.dataset.readyMs = String(Math.round(performance.now()));  // navigation start to first rows
})();
