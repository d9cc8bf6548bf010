"use strict";
(function () {
  const T = TAGMT, D = T.data(), el = T.el;
  const misses = D.misses;
  const $ = function (id) { return document.getElementById(id); };
  const f = { cls: $("f-class"), tag: $("f-tag"), q: $("f-q") };
  for (const c of D.classes) T.option(f.cls, c);
  for (const t of D.tags) T.option(f.tag, t);
  const texts = misses.map(function (m) {
    return [T.text(m.s), T.text(m.x), T.text(m.g), m.id].join("\n").toLowerCase();
  });
  function row(k) {
    const m = misses[k];
    const tr = el("tr", "seg miss");
    tr.dataset.line = String(m.n);
    tr.dataset.class = m.c;
    const line = el("td", "line", m.id);
    tr.append(line);
    const cls = el("td", "cls");
    cls.append(el("span", "cls-tag", m.c));
    if (m.t.length) cls.append(el("div", "meta", m.t.join(", ")));
    tr.append(cls);
    for (const key of ["s", "x", "g"]) {
      const td = el("td", { s: "src", x: "expected", g: "got" }[key]);
      T.draw(td, m[key]);
      tr.append(td);
    }
    return tr;
  }
  const pager = new T.Pager($("miss-rows"), $("miss-status"), row, 50);
  function update(page) {
    const st = { "class": f.cls.value, tag: f.tag.value, q: f.q.value };
    const needle = st.q.trim().toLowerCase();
    const order = [];
    for (let k = 0; k < misses.length; k++) {
      const m = misses[k];
      if (st["class"] && m.c !== st["class"]) continue;
      if (st.tag && m.t.indexOf(st.tag) < 0) continue;
      if (needle && texts[k].indexOf(needle) < 0) continue;
      order.push(k);
    }
    const pages = pager.show(order, misses.length, page);
    $("prev").disabled = pager.page === 0;
    $("next").disabled = pager.page >= pages - 1;
    st.page = pager.page > 0 ? String(pager.page + 1) : "";
    T.remember(st);
  }
  const p = T.params();
  function set(select, value) {
    if (value === null) return;
    for (const o of select.options) if (o.value === value) { select.value = value; return; }
  }
  set(f.cls, p.get("class")); set(f.tag, p.get("tag"));
  if (p.get("q") !== null) f.q.value = p.get("q");
  f.cls.addEventListener("change", function () { update(0); });
  f.tag.addEventListener("change", function () { update(0); });
  f.q.addEventListener("input", function () { update(0); });
  $("prev").addEventListener("click", function () { update(pager.page - 1); });
  $("next").addEventListener("click", function () { update(pager.page + 1); });
  update(Math.max(0, (parseInt(p.get("page") || "1", 10) || 1) - 1));
  document.body.dataset.readyMs = String(Math.round(performance.now()));  // navigation start to first rows
})();
