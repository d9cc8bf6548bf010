"use strict";
// Shared by tagmt's report pages. Every node is built with createElement and textContent: data never
// goes through innerHTML, and no attribute that can load or run anything (href, src, on*) takes data.
const TAGMT = (function () {
  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function data() {
    return JSON.parse(document.getElementById("report-data").textContent);
  }
  function hue(name) {
    let h = 0;
    for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
    return h % 360;
  }
  const MARKS = { d: "dropped", i: "inserted", m: "misplaced", a: "attributes_changed", x: "differs" };
  const LABELS = { dropped: "dropped", inserted: "inserted", misplaced: "misplaced",
                   attributes_changed: "attributes", differs: "differs" };
  // A tag chip: [text, name] or [text, name, marks, offset].
  function chip(part) {
    const span = el("span", "chip", part[0]);
    const h = hue(part[1] || "");
    span.style.background = "hsl(" + h + ", 70%, 90%)";
    span.style.borderColor = "hsl(" + h + ", 45%, 45%)";
    span.title = part[0];
    const marks = part[2] || "";
    const out = [span];
    for (const letter of marks) {
      const kind = MARKS[letter];
      if (!kind) continue;
      span.classList.add("e-" + letter);
      let label = LABELS[kind];
      if (letter === "m" && part[3] !== null && part[3] !== undefined) {
        label += " " + (part[3] > 0 ? "+" : "") + part[3];
      }
      const badge = el("span", "badge k-" + kind, label);
      out.push(badge);
    }
    span.dataset.marks = marks;
    return out;
  }
  // Text runs and chips of one segment into `node`.
  function draw(node, parts) {
    if (parts === null || parts === undefined) {
      node.append(el("span", "empty", "—"));
      return;
    }
    for (const part of parts) {
      if (typeof part === "string") node.append(document.createTextNode(part));
      else for (const piece of chip(part)) node.append(piece);
    }
  }
  // The plain text of a segment's parts (search).
  function text(parts) {
    if (!parts) return "";
    return parts.map(function (p) { return typeof p === "string" ? p : p[0]; }).join("");
  }
  function params() {
    return new URLSearchParams(window.location.search);
  }
  function remember(values) {  // the filters in the address bar, so a view can be shared or reloaded
    try {
      const q = new URLSearchParams();
      for (const key in values) if (values[key]) q.set(key, values[key]);
      history.replaceState(null, "", "?" + q.toString() + window.location.hash);
    } catch (e) { /* file:// pages may refuse: the filters still work */ }
  }
  function option(select, value, label) {
    const o = el("option", null, label === undefined ? value : label);
    o.value = value;
    select.append(o);
    return o;
  }
  // Rows by page: `render(index)` builds one <tr>; only the current page is in the DOM.
  function Pager(body, status, render, size) {
    this.body = body; this.status = status; this.render = render; this.size = size || 50;
    this.order = []; this.page = 0; this.total = 0;
  }
  Pager.prototype.show = function (order, total, page) {
    this.order = order; this.total = total;
    const pages = Math.max(1, Math.ceil(order.length / this.size));
    this.page = Math.min(Math.max(0, page || 0), pages - 1);
    const rows = document.createDocumentFragment();
    const start = this.page * this.size;
    for (const index of order.slice(start, start + this.size)) rows.append(this.render(index));
    this.body.replaceChildren(rows);
    this.status.textContent = order.length + " of " + total + " shown · page " + (this.page + 1) + " of " + pages;
    this.status.dataset.shown = String(order.length);
    this.status.dataset.total = String(total);
    return pages;
  };
  return { el: el, data: data, draw: draw, text: text, params: params, remember: remember,
           option: option, Pager: Pager, hue: hue };
})();
