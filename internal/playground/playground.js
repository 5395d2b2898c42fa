// The playground's script (index.html loads it; `urlgrammar serve` serves both).
"use strict";
const $ = (s, el) => (el || document).querySelector(s);
const esc = s => String(s).replace(/[&<>"']/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"}[c]));
let grammars = [];
let defaultGrammar = ""; // the grammar the server marks as its default (urlgrammar.DefaultGrammar)
let timer = null;
let seq = 0;

// The coloured components, outermost first: an inner one paints over the one around it.
const coloured = ["scheme", "path", "query", "fragment", "userinfo", "host", "port"];

async function init() {
  grammars = await (await fetch("api/grammars")).json();
  const sel = $("#grammar");
  for (const g of grammars) {
    const o = document.createElement("option");
    o.value = g.id; o.textContent = g.id;
    sel.insertBefore(o, sel.lastElementChild);
  }
  const params = new URLSearchParams(location.search);
  defaultGrammar = (grammars.find(g => g.default) || grammars[0]).id;
  sel.value = params.get("grammar") || defaultGrammar;
  if (params.has("input")) $("#input").value = params.get("input");
  if (params.has("base")) $("#base").value = params.get("base");
  for (const id of ["#input", "#base"]) $(id).addEventListener("input", schedule);
  sel.addEventListener("change", update);
  $("#diagram").addEventListener("click", ev => {
    const a = ev.target.closest("a");
    if (!a) return;
    ev.preventDefault();
    const href = a.getAttribute("href") || "";
    if (href.startsWith("#rule=")) showDiagram($("#diagram").dataset.grammar, href.slice(6));
  });
  update();
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(update, 120);
}

async function update() {
  const input = $("#input").value, base = $("#base").value, picked = $("#grammar").value;
  const my = ++seq;
  const q = new URLSearchParams({input, base, grammar: picked === "all" ? defaultGrammar : picked});
  const resp = await fetch("api/check?" + q);
  const data = await resp.json();
  if (my !== seq) return; // a newer input is on its way
  if (!resp.ok) {
    $("#verdicts tbody").innerHTML = `<tr><td class="msg">${esc(data.error)}</td></tr>`;
    $("#details").innerHTML = "";
    return;
  }
  const rows = data.results.map(r => `<tr data-grammar="${esc(r.grammar)}"><td>${esc(r.grammar)}</td>` +
    (r.ok ? `<td class="verdict ok">valid</td><td>${esc(r.rule)}</td>`
          : `<td class="verdict bad">invalid</td><td>${esc(r.error.message)}</td>`) + "</tr>");
  $("#verdicts tbody").innerHTML = rows.join("");
  data.results.forEach((r, i) => r.spans = data.spans[i]);
  const shown = picked === "all" ? data.results : data.results.filter(r => r.grammar === picked);
  $("#details").innerHTML = shown.map(detail).join("");
  if (picked !== "all") {
    extras(data);
    if ($("#diagram").dataset.grammar !== picked) {
      showDiagram(picked, grammars.find(g => g.id === picked).start);
    }
  }
}

function detail(r) {
  let h = `<section class="detail" data-grammar="${esc(r.grammar)}"><h2>${esc(r.grammar)}: ${r.ok ? "valid, " + esc(r.rule) : "invalid"}</h2>`;
  if (!r.ok) {
    const e = r.error;
    const at = e.at || e; // where the grammar blames the error (at), else the end of the valid prefix
    h += `<pre class="caret">${esc(caretLine(r.input, at.offset))}</pre>` +
      `<div class="msg">offset ${at.offset} (line ${at.line}, column ${at.column}) in <b>${esc(e.rule)}</b>: ${esc(e.message)}</div>`;
    if (e.expected.length) h += `<div>expected: <code class="expected">${esc(e.expected.join(" "))}</code></div>`;
    return h + "</section>";
  }
  h += `<div class="coloured">${colour(r.input, r.spans)}</div><div class="legend">` +
    ["scheme", "userinfo", "host", "port", "path", "query", "fragment"].map(c => `<span class="c-${c}">${c}</span>`).join("") + "</div>";
  h += `<dl class="components">`;
  for (const k of ["scheme", "authority", "userinfo", "host", "hostKind", "port", "path", "query", "fragment"]) {
    const v = r[k];
    h += `<dt>${k}</dt><dd class="component-${k}">${v === null ? '<span class="undefined">undefined</span>' : esc(JSON.stringify(v))}</dd>`;
  }
  h += `</dl><h2>Tree</h2><ul class="tree">${tree(r.ast, r.rule, r.grammar)}</ul>`;
  return h + "</section>";
}

function caretLine(input, offset) {
  const i = byteIndex(input)[offset] ?? input.length; // the offset is in bytes of UTF-8
  return input + "\n" + " ".repeat([...input.slice(0, i)].length) + "^";
}

// colour paints each character with the innermost component that covers it; spans are the
// components' byte ranges, which byteIndex maps to the string's UTF-16 indexes.
function colour(input, spans) {
  const cls = new Array(input.length).fill("");
  const at = byteIndex(input);
  for (const c of coloured) {
    const s = spans && spans[c];
    if (s) cls.fill(c, at[s[0]], at[s[1]]);
  }
  let h = "";
  for (let i = 0; i < input.length;) {
    let j = i;
    while (j < input.length && cls[j] === cls[i]) j++;
    const t = esc(input.slice(i, j));
    h += cls[i] ? `<span class="c-${cls[i]}" title="${cls[i]}">${t}</span>` : t;
    i = j;
  }
  return h;
}

// byteIndex maps each UTF-8 byte offset of input (and its length) to a UTF-16 index.
function byteIndex(input) {
  const at = [];
  let b = 0;
  for (let i = 0; i < input.length; i++) {
    const c = input.codePointAt(i);
    const n = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    for (let k = 0; k < n; k++) at[b + k] = i;
    b += n;
    if (c >= 0x10000) i++;
  }
  at[b] = input.length;
  return at;
}

// tree lists the nodes of the JSON tree with their spans; a click shows the rule's diagram.
function tree(n, name, grammar) {
  if (!n || typeof n !== "object" || typeof n.start !== "number") return "";
  const rule = n.rule || name;
  let h = `<li><span class="node" data-rule="${esc(rule)}" data-grammar="${esc(grammar)}">` +
    `<span class="name">${esc(rule)}</span> <span class="span">[${n.start},${n.end})</span> ${esc(JSON.stringify(n.text || ""))}</span>`;
  let kids = "";
  for (const [k, v] of Object.entries(n)) {
    if (Array.isArray(v)) v.forEach(x => kids += tree(x, k.replace(/s$/, ""), grammar));
    else if (v && typeof v === "object") kids += tree(v, k, grammar);
  }
  if (kids) h += `<ul>${kids}</ul>`;
  return h + "</li>";
}

function extras(data) {
  let h = "";
  if (data.confusion) {
    h += `<h2>Read otherwise by browsers</h2><ul id="confusion">` +
      data.confusion.map(m => `<li>${esc(m)}</li>`).join("") + `</ul>`;
  }
  if (data.resolve) {
    h += `<h2>Resolved against the base</h2><div id="resolved" class="coloured">${esc(data.resolve.target || data.resolve.error)}</div>`;
  }
  if (data.normalize) {
    h += `<h2>Normal forms</h2><dl class="components"><dt>syntax</dt><dd id="normal-syntax">${esc(data.normalize.syntax || data.normalize.error)}</dd>` +
      `<dt>scheme</dt><dd id="normal-scheme">${esc(data.normalize.scheme || "")}</dd></dl>`;
  }
  $("#details").insertAdjacentHTML("beforeend", h);
}

// diagramShown counts the diagrams asked for: a response that arrives after a later request
// was made is dropped, so a slow diagram never replaces the one clicked last.
let diagramShown = 0;

async function showDiagram(grammar, rule) {
  const box = $("#diagram");
  const mine = ++diagramShown;
  box.dataset.grammar = grammar;
  $("#diagram-name").textContent = `(${grammar} ${rule})`;
  const resp = await fetch("api/diagram?" + new URLSearchParams({grammar, rule}));
  const body = resp.ok ? await resp.text() : (await resp.json()).error;
  if (mine !== diagramShown) return;
  if (!resp.ok) { box.textContent = body; return; }
  box.innerHTML = body.replace(/^<\?xml[^>]*>\s*/, "");
}

// A click on a node of a tree shows its rule's diagram (one listener: the page has no
// inline script, which its Content-Security-Policy forbids).
document.addEventListener("click", ev => {
  const node = ev.target.closest && ev.target.closest(".node");
  if (node) showDiagram(node.dataset.grammar, node.dataset.rule);
});

init();
