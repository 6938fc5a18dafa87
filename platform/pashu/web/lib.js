// Shared helpers: DOM building, the GraphQL client, formatting (IST, rupees), citations.

const SVG_NS = "http://www.w3.org/2000/svg";

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** h("a", {href: "#/", class: "x", onClick: fn}, "text", child) — never parses HTML. */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value == null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "value" || key === "checked" || key === "selected") el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

/** Replace an element's children (skipping null/false, which the DOM would print). */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** Append children, skipping null/false. */
export function add(el, ...children) {
  append(el, children);
  return el;
}

/** An SVG element, for the charts. */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value != null) el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

let uid = 0;
export const nextId = (prefix = "f") => `${prefix}-${++uid}`;

// ---- the token: pasted once, kept for the browser tab only ----
const TOKEN_KEY = "pashu.token";
export const token = {
  get: () => sessionStorage.getItem(TOKEN_KEY),
  set: (value) => sessionStorage.setItem(TOKEN_KEY, value.trim()),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

/** A refusal from the platform: every GraphQL error, the first one's code and citation. */
export class ApiError extends Error {
  constructor(errors, data = null) {
    super(errors[0]?.message || "The request failed");
    this.errors = errors;
    this.data = data;
    const ext = errors[0]?.extensions || {};
    this.code = ext.code || "ERROR";
    this.citation = ext.citation || null;
    this.field = ext.field || null;
    this.extensions = ext;
  }
}

// ---- the operations: each a named document in operations/<Name>.graphql ----
// A document is its operation's file, then the files of the fragments it spreads
// (operations/fragments/<Name>.graphql, transitively), in name order, joined by a blank line.
// The server's manifest of trusted documents (operations/manifest.json) is made the same
// way (pashu schema documents), so the sha256 of what is composed here is the hash it knows.
const SPREAD = /\.\.\.\s*([_A-Za-z][_0-9A-Za-z]*)/g;
const sources = new Map();
const documents = new Map();

function source(path) {
  if (!sources.has(path)) {
    sources.set(path, fetch(new URL(path, import.meta.url)).then((r) => {
      if (!r.ok) throw new ApiError([{ message: `The frontend's ${path} is missing (HTTP ${r.status})`, extensions: { code: "HTTP" } }]);
      return r.text();
    }).then((text) => text.trim()));
  }
  return sources.get(path);
}

function spreads(text) {
  const names = [];
  for (const m of text.replace(/#[^\n]*/g, "").matchAll(SPREAD)) if (m[1] !== "on") names.push(m[1]);
  return names;
}

async function compose(name) {
  const text = await source(`operations/${name}.graphql`);
  const fragments = new Map();
  let pending = spreads(text);
  while (pending.length) {
    const next = [...new Set(pending)].filter((n) => !fragments.has(n));
    const texts = await Promise.all(next.map((n) => source(`operations/fragments/${n}.graphql`)));
    next.forEach((n, i) => fragments.set(n, texts[i]));
    pending = texts.flatMap(spreads);
  }
  const names = [...fragments.keys()].sort();
  const body = [text, ...names.map((n) => fragments.get(n))].join("\n\n") + "\n";
  // Hashing needs a secure context (https, or localhost); elsewhere the text is sent.
  let hash = null;
  if (globalThis.crypto?.subtle) {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
    hash = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  }
  return { name, body, hash };
}

/** The named operation's document: { name, body, hash }, read once per page load. */
export function operation(name) {
  if (!documents.has(name)) {
    const made = compose(name);
    made.catch(() => documents.delete(name)); // a failed read is tried again next time
    documents.set(name, made);
  }
  return documents.get(name);
}

async function post(payload, headers) {
  let response;
  try {
    response = await fetch("/graphql", { method: "POST", headers, body: JSON.stringify(payload) });
  } catch (err) {
    throw new ApiError([{ message: `The platform cannot be reached (${err.message})`, extensions: { code: "NETWORK" } }]);
  }
  try {
    return await response.json();
  } catch {
    throw new ApiError([{ message: `The platform answered HTTP ${response.status}`, extensions: { code: "HTTP" } }]);
  }
}

/** Run the named operation (operations/<name>.graphql), as any department's frontend would:
 *  by its hash first (Apollo's persisted-query protocol), with its text only if the server
 *  does not know the hash. */
export async function gql(name, variables = {}, { auth = false } = {}) {
  const doc = await operation(name);
  const headers = { "Content-Type": "application/json", Accept: "application/json" };
  const bearer = token.get();
  if (auth && bearer) headers.Authorization = `Bearer ${bearer}`;
  let body;
  if (doc.hash) {
    const extensions = { persistedQuery: { version: 1, sha256Hash: doc.hash } };
    body = await post({ operationName: name, variables, extensions }, headers);
    if (body.errors?.[0]?.extensions?.code === "PERSISTED_QUERY_NOT_FOUND") {
      body = await post({ query: doc.body, operationName: name, variables, extensions }, headers);
    }
  } else {
    body = await post({ query: doc.body, operationName: name, variables }, headers);
  }
  if (body.errors && body.errors.length) throw new ApiError(body.errors, body.data);
  return body.data;
}

// ---- formatting: dates in IST, amounts in rupees ----
const IST = "Asia/Kolkata";
const dateTimeFmt = new Intl.DateTimeFormat("en-IN", {
  timeZone: IST, day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", hour12: true,
});
const dateFmt = new Intl.DateTimeFormat("en-IN", { timeZone: IST, day: "numeric", month: "short", year: "numeric" });

export function when(iso) {
  if (!iso) return "—";
  return `${dateTimeFmt.format(new Date(iso))} IST`;
}

export function day(iso) {
  if (!iso) return "—";
  return dateFmt.format(new Date(iso.length === 10 ? `${iso}T12:00:00+05:30` : iso));
}

// The API's sentences write days and instants as it writes them everywhere (ISO 8601); on a
// page they read as the page's other dates do ("21 Nov 2026", "3 Dec 2026, 9:00 am IST").
const ISO_IN_TEXT = /\b\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[+-]\d{2}:\d{2}|Z))?(?![\d:])/g;

/** An explanation from the API with its dates in the page's format. */
export function prose(text) {
  if (!text) return "";
  return String(text).replace(ISO_IN_TEXT, (iso) => (iso.length === 10 ? day(iso) : when(iso)));
}

/** A <time> element showing an instant in IST, machine-readable in ISO. */
export function timeEl(iso, dateOnly = false) {
  return h("time", { datetime: iso || "" }, dateOnly ? day(iso) : when(iso));
}

/** "12345.5" -> "₹12,345.50", grouped the Indian way, exact from the decimal string. */
export function rupees(amount) {
  if (amount == null) return "not known";
  let text = String(amount).trim();
  const negative = text.startsWith("-");
  if (negative) text = text.slice(1);
  let [whole, fraction = ""] = text.split(".");
  fraction = (fraction + "00").slice(0, 2);
  whole = whole.replace(/^0+(?=\d)/, "");
  let grouped = whole;
  if (whole.length > 3) {
    const head = whole.slice(0, -3);
    grouped = `${head.replace(/\B(?=(\d{2})+(?!\d))/g, ",")},${whole.slice(-3)}`;
  }
  return `${negative ? "−" : ""}₹${grouped}.${fraction}`;
}

/** "ANNOUNCE_SEIZURE" -> "Announce seizure" */
export function label(value) {
  if (!value) return "";
  const words = String(value).toLowerCase().replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The datetime-local value for an instant, in IST. */
export function istInput(date = new Date()) {
  const shifted = new Date(date.getTime() + 330 * 60000);
  return shifted.toISOString().slice(0, 16);
}

/** A datetime-local value read as IST: "2026-01-03T09:00" -> "2026-01-03T09:00:00+05:30". */
export function fromIstInput(value) {
  if (!value) return null;
  const base = value.length === 16 ? `${value}:00` : value;
  return `${base}+05:30`;
}

// ---- citations link to the section's text on the law page ----
export function sectionHref(uri) {
  return `#/law/read?uri=${encodeURIComponent(uri)}`;
}

// A provision as a sentence cites it (pashu.core.citations.Citation.cited): "s.9(1)",
// "Schedule, item 1", "the long title", "s.8 (margin note)"; an unnumbered one keeps its label.
export function cited(section) {
  const label = String(section);
  if (/^\d/.test(label)) {
    return label.endsWith("(margin)") ? `s.${label.slice(0, -8)} (margin note)` : `s.${label}`;
  }
  const item = /^Schedule\((\w+)\)(.*)$/i.exec(label);
  if (item) return `Schedule, item ${item[1]}${item[2]}`;
  if (/^schedule$/i.test(label)) return "the Schedule";
  if (label === "longTitle") return "the long title";
  return label;
}

export function citeLink(citation, { withAct = false } = {}) {
  if (!citation) return null;
  const title = [citation.act, citation.confidence ? `text ${String(citation.confidence).toLowerCase()}` : null]
    .filter(Boolean).join(" — ");
  // The section number never breaks ("s.9(1)"); the Act's name after it may wrap.
  return h("a", { class: "cite", href: sectionHref(citation.uri), title },
    h("span", { class: "sec" }, cited(citation.section)), withAct && citation.act ? `, ${citation.act}` : null);
}

export function citeList(citations, opts) {
  if (!citations || !citations.length) return null;
  const items = [];
  citations.forEach((c, i) => {
    if (i) items.push(", ");
    items.push(citeLink(c, opts));
  });
  return h("span", { class: "cites" }, ...items);
}

export function confidenceBadge(confidence) {
  if (!confidence) return null;
  const value = String(confidence).toLowerCase();
  return h("span", { class: `badge conf-${value}`, title: `How the text is known: ${value}` }, value);
}

/** The platform's refusal shown in full: code, message and citation. */
export function errorBox(err, { id } = {}) {
  const citation = err.citation;
  return h(
    "div",
    { class: "error", role: "alert", id },
    h("span", { class: "error-code" }, err.code || "ERROR"),
    " ",
    h("span", { class: "error-message" }, err.message),
    citation
      ? h("span", { class: "error-cite" }, " — under ", citeLink(citation, { withAct: true }),
        // A refusal resting on a text not plainly read says so (a reconstructed clause).
        citation.confidence && String(citation.confidence).toLowerCase() !== "read" ? [" ", confidenceBadge(citation.confidence)] : null)
      : null,
  );
}

export function loading(text = "Loading…") {
  return h("p", { class: "loading", role: "status" }, text);
}

/** Download a base64 PDF as a file, without leaving the page. */
export function downloadPdf(base64, filename) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
  const a = h("a", { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** A labelled form control: <div class=field><label/>control<hint/></div> */
export function field(labelText, control, { hint, name } = {}) {
  const id = control.id || nextId("in");
  control.id = id;
  if (name) control.name = name;
  const hintEl = hint ? h("small", { class: "hint", id: `${id}-hint` }, hint) : null;
  if (hintEl) control.setAttribute("aria-describedby", hintEl.id);
  return h("div", { class: "field", "data-field": name || "" }, h("label", { for: id }, labelText), control, hintEl);
}

/** Clear a form's error marks, then show `err` next to the control it concerns: the `.field`
 *  the API's field names (through `fieldMap`), or the one `locate(err)` finds (a form of
 *  repeated rows knows which row an error of a list is of). */
export function showFormError(form, err, fieldMap = {}, locate = null) {
  form.querySelectorAll(".field-error, .form-error").forEach((el) => el.remove());
  form.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
  if (!err) return;
  const key = err.field ? fieldMap[err.field] || err.field : null;
  const holder = locate?.(err) || (key ? form.querySelector(`.field[data-field="${CSS.escape(key)}"]`) : null);
  const box = errorBox(err);
  if (holder) {
    box.classList.add("field-error");
    holder.append(box);
    const control = holder.querySelector("input, select, textarea");
    if (control) {
      control.setAttribute("aria-invalid", "true");
      control.setAttribute("aria-errormessage", (box.id = nextId("err")));
      control.focus();
    }
  } else {
    box.classList.add("form-error");
    form.prepend(box);
    box.setAttribute("tabindex", "-1");
    box.focus();
  }
}
