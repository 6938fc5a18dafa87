// The public law page: compare a topic, classify a species, compare timelines, search and read.
import {
  add, ApiError, citeList, cited as citedLabel, fill, confidenceBadge, errorBox, field, fromIstInput, gql, h, label,
  loading, prose, sectionHref, timeEl,
} from "./lib.js";
import { TOPICS, comparisonCsv, downloads, factList, matrixTab, scenarioTab } from "./research.js";

const TABS = [
  ["compare", "Compare a topic"],
  ["matrix", "Matrix"],
  ["scenario", "Scenario"],
  ["classify", "Classify a species"],
  ["timeline", "Timelines"],
  ["search", "Search and read"],
];

let lawMeta = null; // the installed jurisdictions and their Acts, fetched once
async function jurisdictions() {
  lawMeta ||= gql("LawJurisdictions")
    .then((d) => d.jurisdictions)
    .catch((err) => { lawMeta = null; throw err; });
  return lawMeta;
}
const nameOf = (list, code) => list.find((j) => j.code === code)?.name || code;

function tabs(active) {
  return h(
    "nav",
    { class: "tabs", "aria-label": "The law" },
    TABS.map(([key, text]) =>
      h("a", { href: `#/law/${key}`, class: key === active ? "active" : null, "aria-current": key === active ? "page" : null }, text)),
  );
}

function setParams(ctx, tab, values) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v) params.set(k, v);
  ctx.go(`#/law/${tab}?${params}`);
}

// What each badge on the law page says: how surely a provision's text is known (the API's
// Confidence), and that an Act has no provision on a point.
const LEGEND = [
  ["read", "The words are legible and applied as written."],
  ["interpreted", "The text has a slip or leaves the point open; applied as the answer's explanation reads it."],
  ["reconstructed", "Partly legible in the scan; the most likely reading is applied."],
  ["unknown", "Not legible: no value is given, never an invented one."],
];

function legend() {
  return h("aside", { class: "card legend", "aria-labelledby": "legend-h", "data-section": "legend" },
    h("h2", { id: "legend-h", class: "small-head" }, "What the badges mean"),
    h("dl", {},
      LEGEND.map(([value, meaning]) => [h("dt", {}, confidenceBadge(value)), h("dd", {}, meaning)]),
      h("dt", {}, h("span", { class: "badge" }, "No such provision")),
      h("dd", {}, "The Act's text has no provision on the point. Beside “unknown”, part of the text is not legible, so the Act may yet provide it.")));
}

export async function lawView(view, tab, ctx) {
  const known = TABS.some(([key]) => key === tab) || tab === "read";
  // A mistyped tab shows the comparison, with its tab marked, and says so.
  const shown = !known ? "compare" : tab === "read" ? "search" : tab;
  add(view,
    h("div", { class: "page-head" },
      h("h1", { tabindex: "-1" }, "The animal-control Acts, side by side"),
      h("p", { class: "lede" }, "Public and without sign-in: every answer cites the section it rests on, with how surely its text is known.")),
    tabs(shown),
    known ? null : h("p", { class: "note", role: "status", "data-note": "unknown-tab" }, `There is no “${tab}” view: showing “Compare a topic”.`),
  );
  const body = h("section", { class: "law-body", "aria-live": "polite" });
  view.append(body, legend());
  const list = await jurisdictions();
  if (ctx.stale()) return;
  if (!known || tab === "compare") return compareTab(body, list, ctx);
  if (tab === "matrix") return matrixTab(body, list, ctx, setParams);
  if (tab === "scenario") return scenarioTab(body, list, ctx, setParams);
  if (tab === "classify") return classifyTab(body, list, ctx);
  if (tab === "timeline") return timelineTab(body, list, ctx);
  if (tab === "search") return searchTab(body, list, ctx);
  return readTab(body, list, ctx);
}

function columns(list, render) {
  return h("div", { class: "columns", style: `--cols: ${Math.min(list.length, 4)}` }, list.map(render));
}

// ---- compare a topic ----
async function compareTab(body, list, ctx) {
  const topic = ctx.params.get("topic") || "CLAIM_PERIOD";
  const select = h("select", {}, TOPICS.map(([v, t]) => h("option", { value: v, selected: v === topic }, t)));
  const form = h("form", { class: "toolbar", onSubmit: (e) => { e.preventDefault(); setParams(ctx, "compare", { topic: select.value }); } },
    field("Topic", select, { name: "topic" }),
    h("button", { type: "submit" }, "Compare"));
  select.addEventListener("change", () => form.requestSubmit());
  body.append(form, loading());
  const data = await gql("CompareTopic", { t: topic });
  if (ctx.stale()) return;
  body.querySelector(".loading")?.remove();
  body.append(
    h("div", { class: "matrix-head" }, h("h2", {}, TOPICS.find(([v]) => v === topic)?.[1] || label(topic)),
      downloads(`pashu-${topic.toLowerCase()}`, data.compare, () => comparisonCsv([data.compare]),
        `/downloads/compare/${encodeURIComponent(topic)}.pdf`)),
    columns(data.compare.rows, (row) =>
      h("article", { class: row.provided ? "card state" : "card state absent", "data-jurisdiction": row.jurisdiction },
        h("header", {}, h("h3", {}, nameOf(list, row.jurisdiction)), confidenceBadge(row.confidence)),
        row.provided ? null : h("p", {}, h("span", { class: "badge" }, "No such provision")),
        h("p", {}, row.summary),
        factList(row.facts),
        h("p", { class: "muted small" }, "Rests on ", citeList(row.citations)))),
  );
}

// ---- classify a species ----
function yesNo(value, unknownText) {
  if (value === true) return h("span", { class: "yes" }, "Yes");
  if (value === false) return h("span", { class: "no" }, "No");
  return h("span", { class: "unknown" }, unknownText);
}

async function classifyTab(body, list, ctx) {
  const species = ctx.params.get("species") || "";
  const input = h("input", { type: "text", value: species, required: true, autocomplete: "off", placeholder: "e.g. goat, mithun, donkey" });
  const form = h("form", { class: "toolbar", onSubmit: (e) => { e.preventDefault(); setParams(ctx, "classify", { species: input.value.trim() }); } },
    field("Species", input, { name: "species" }),
    h("button", { type: "submit" }, "Classify"));
  body.append(form);
  if (!species) {
    body.append(h("p", { class: "muted" }, "Is it “cattle”, or an “animal”, under each Act? The words matter: each Act's chapters apply only to what it defines."));
    return;
  }
  body.append(loading());
  try {
    const data = await gql("ClassifyAnimal", { s: species });
    if (ctx.stale()) return;
    body.querySelector(".loading")?.remove();
    const rows = data.classifyAnimal;
    body.append(
      h("h2", {}, `“${rows[0]?.species || species}” under each Act`),
      columns(rows, (c) =>
        h("article", { class: "card state", "data-jurisdiction": c.jurisdiction },
          h("header", {}, h("h3", {}, nameOf(list, c.jurisdiction)), confidenceBadge(c.confidence)),
          h("dl", { class: "facts" },
            h("dt", {}, "Cattle"), h("dd", {}, yesNo(c.isCattle, "The Act does not say")),
            h("dt", {}, "Animal"), h("dd", {}, yesNo(c.isAnimal, "No such term in the Act"))),
          h("p", {}, c.explanation),
          h("p", { class: "muted small" }, "Rests on ", citeList(c.citations) || "no section")))
    );
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    body.querySelector(".loading")?.remove();
    body.append(errorBox(err));
    const vocab = err.extensions.vocabulary;
    if (Array.isArray(vocab)) {
      body.append(h("p", { class: "muted" }, "Known species: ",
        vocab.map((v, i) => [i ? ", " : "", h("a", { href: `#/law/classify?species=${encodeURIComponent(v)}` }, v)])));
    }
  }
}

// ---- timelines side by side ----
const EVENTS = [
  ["seizedAt", "Seized at", true],
  ["impoundedAt", "Brought to the pound at", false],
  ["announcedAt", "Seizure announced at", false],
  ["noticedAt", "Notice published at", false],
  ["soldAt", "Sold at", false],
];

async function timelineTab(body, list, ctx) {
  const inputs = {};
  const form = h("form", { class: "card form-grid", onSubmit: (e) => {
    e.preventDefault();
    setParams(ctx, "timeline", Object.fromEntries(EVENTS.map(([k]) => [k, inputs[k].value])));
  } });
  for (const [key, text, required] of EVENTS) {
    inputs[key] = h("input", { type: "datetime-local", value: ctx.params.get(key) || "", required });
    form.append(field(`${text} (IST)`, inputs[key], { name: key, hint: required ? "Required" : "Optional" }));
  }
  form.append(h("div", { class: "actions" }, h("button", { type: "submit" }, "Show each state's timeline")));
  body.append(
    h("p", { class: "muted" }, "Enter when the animals were seized (and, if you like, what has happened since). Each Act's steps are shown as windows: from when a step may be taken, and the first instant it is late. Days are counted under the General Clauses Act, s.9, in IST."),
    form,
  );
  const seized = ctx.params.get("seizedAt");
  if (!seized) return;
  const events = {};
  for (const [key] of EVENTS) {
    const v = fromIstInput(ctx.params.get(key));
    if (v) events[key] = v;
  }
  body.append(loading());
  const results = await Promise.all(list.map((j) =>
    gql("LawTimeline", { j: j.code, e: events }).then((d) => ({ j, steps: d.impoundmentTimeline }), (err) => {
      if (err instanceof ApiError) return { j, err };
      throw err;
    })));
  if (ctx.stale()) return;
  body.querySelector(".loading")?.remove();
  body.append(h("h2", {}, "Timelines from a seizure on ", timeEl(events.seizedAt)),
    columns(results, ({ j, steps, err }) => {
      const card = h("article", { class: "card state", "data-jurisdiction": j.code }, h("header", {}, h("h3", {}, j.name)));
      if (err && err.code === "NOT_IN_JURISDICTION") {
        // Not a failure: the Act has no such chapter. Said in words, with the section.
        card.classList.add("not-in-jurisdiction");
        card.append(
          h("p", {}, h("span", { class: "badge" }, "No such provision")),
          h("p", { class: "absent-note" }, err.message.charAt(0).toUpperCase() + err.message.slice(1),
            err.citation ? [" (", citeList([err.citation]), ")"] : null));
        return card;
      }
      if (err) {
        card.append(errorBox(err));
        return card;
      }
      card.append(h("ol", { class: "steps compact" }, steps.map((s) =>
        h("li", { class: s.projected ? "step projected" : "step" },
          h("strong", {}, label(s.action)),
          h("div", { class: "window" }, "From ", timeEl(s.notBefore), h("br"), s.deadline ? ["Late from ", timeEl(s.deadline)] : h("span", { class: "muted" }, "The Act sets no deadline")),
          s.projected ? h("div", { class: "muted small" }, "Projected: the earlier event has not happened") : null,
          h("div", { class: "small" }, citeList([s.citation])),
          h("details", {}, h("summary", {}, "Why"), h("p", { class: "small" }, prose(s.explanation)))))));
      return card;
    }));
}

// ---- search and read ----
function marked(parts) {
  // The API splits text into runs and says which matched: shown as <mark>, never parsed.
  return parts.map((p) => (p.matched ? h("mark", {}, p.text) : p.text));
}

async function searchTab(body, list, ctx) {
  const q = ctx.params.get("q") || "";
  const j = ctx.params.get("j") || "";
  const actUri = ctx.params.get("act") || "";
  const input = h("input", { type: "search", value: q, required: true, placeholder: "e.g. auction, \"beat of drum\"" });
  const select = h("select", {}, h("option", { value: "" }, "All states"), list.map((x) => h("option", { value: x.code, selected: x.code === j }, x.name)));
  const acts = h("select", {}, h("option", { value: "" }, "Every Act"),
    list.flatMap((x) => x.acts.map((a) => h("option", { value: a.uri, selected: a.uri === actUri }, `${a.shortTitle || a.title} (${x.name})`))));
  body.append(h("form", { class: "toolbar", role: "search", onSubmit: (e) => { e.preventDefault(); setParams(ctx, "search", { q: input.value.trim(), j: select.value, act: acts.value }); } },
    field("Words to find", input, { name: "q", hint: "Put a phrase in \"quotes\"" }),
    field("State", select, { name: "j" }),
    field("Act", acts, { name: "act" }),
    h("button", { type: "submit" }, "Search")));
  if (!q) {
    body.append(h("h2", {}, "Read an Act"), h("ul", { class: "act-list" },
      list.flatMap((x) => x.acts.map((a) => h("li", {}, h("a", { href: `#/law/read?j=${x.code}&act=${encodeURIComponent(a.uri)}` }, a.title), h("span", { class: "muted small" }, ` — ${x.name}`))))));
    return;
  }
  body.append(loading());
  let data;
  try {
    data = await gql("SearchLaw", { q, j: j || null, a: actUri || null });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    body.querySelector(".loading")?.remove();
    body.append(errorBox(err));
    return;
  }
  if (ctx.stale()) return;
  body.querySelector(".loading")?.remove();
  const hits = data.searchLaw;
  body.append(h("h2", {}, `${hits.length} section${hits.length === 1 ? "" : "s"} found, best first`),
    hits.length ? h("ol", { class: "hits" }, hits.map((hit) =>
      h("li", { class: "card hit" },
        h("a", { href: sectionHref(hit.section.uri), class: "hit-title" }, numbered(hit.section.number) ? `${citedLabel(hit.section.number)} ` : null, marked(hit.headingParts)),
        h("div", { class: "muted small" }, `${hit.section.act} · ${nameOf(list, hit.jurisdiction)} `, confidenceBadge(hit.section.confidence),
          // Our notes are searched too, but never passed off as the Act's words.
          hit.editorial ? h("span", { class: "badge editorial", title: "The words matched are our note on the section, not the Act's" }, "editorial note") : null),
        h("p", { class: "snippet" }, marked(hit.snippetParts))))) : h("p", { class: "muted" }, "No section has all these words."));
}

// A numbered section ("10", "4A") is named by its number; the Schedule, the long title and
// the like by their heading alone (not "Section longTitle. Long title").
const numbered = (number) => /^\d/.test(String(number));

const actCache = new Map();
function actOutline(code) {
  if (!actCache.has(code)) {
    actCache.set(code, gql("JurisdictionActs", { c: code })
      .then((d) => d.jurisdiction)
      .catch((err) => { actCache.delete(code); throw err; }));
  }
  return actCache.get(code);
}

function citedParts(uri) {
  // ~sec_14__subsec_3__para_a -> ["3", "a"]
  const eid = uri.split("/~")[1] || "";
  return eid.split("__").slice(1).map((p) => p.replace(/^[a-z]+_/, ""));
}

function sectionText(text, cited) {
  if (!text) return [h("p", { class: "muted" }, "The text of this section is not held.")];
  const target = cited[0] ? `(${cited[0]})` : null;
  let inCited = false;
  return text.split("\n").filter((line) => line.trim()).map((line) => {
    const lead = line.trim().match(/^\((\d+[A-Za-z]?)\)/);
    if (lead) inCited = target === `(${lead[1]})`;
    return h("p", { class: inCited ? "cited" : null }, line);
  });
}

async function readTab(body, list, ctx) {
  const uri = ctx.params.get("uri");
  let code = ctx.params.get("j");
  let actUri = ctx.params.get("act");
  if (uri) {
    for (const j of list) {
      const act = j.acts.find((a) => uri === a.uri || uri.startsWith(`${a.uri}/~`));
      if (act) { code = j.code; actUri = act.uri; }
    }
  }
  const j = code && (await actOutline(code));
  const act = j?.acts.find((a) => a.uri === actUri);
  if (ctx.stale()) return;
  if (!act) {
    body.append(h("p", { class: "error", role: "alert" }, "No installed Act has this provision."));
    return;
  }
  const sectionUri = uri ? uri.split("__")[0] : null;
  const number = ctx.params.get("n");
  const current = act.sections.find((s) => s.uri === sectionUri) || act.sections.find((s) => s.number === number) || act.sections[0];
  const cited = uri ? citedParts(uri) : [];
  const toc = h("nav", { class: "toc card", "aria-label": `Sections of ${act.title}` },
    h("h2", { class: "small-head" }, "Sections"),
    h("ol", {}, act.sections.map((s) => h("li", {},
      h("a", { href: `#/law/read?j=${j.code}&act=${encodeURIComponent(act.uri)}&n=${encodeURIComponent(s.number)}`, "aria-current": s === current ? "page" : null },
        numbered(s.number) ? [h("span", { class: "num" }, s.number), " "] : null, s.heading)))));
  const article = h("article", { class: "card section-text" }, loading());
  body.append(h("div", { class: "reader" }, article, toc));
  if (!current) return;
  const data = await gql("ReadSection", { c: j.code, n: current.number });
  if (ctx.stale()) return;
  const sec = data.jurisdiction.acts.find((a) => a.uri === act.uri)?.sections[0];
  fill(article,
    h("p", { class: "muted small" }, `${act.title} · ${j.name}`),
    act.sourceNote ? h("p", { class: "note source-note" }, h("strong", {}, "Source: "), act.sourceNote) : null,
    // A numbered section is "Section 10. Heading"; the Schedule, the long title and the like
    // are named by their heading alone (not "Section Schedule. Schedule").
    h("h2", { class: "section-title" }, numbered(sec.number) ? `Section ${sec.number}. ${sec.heading}` : sec.heading),
    h("p", { class: "meta" }, confidenceBadge(sec.confidence), sec.chapter ? h("span", { class: "muted small" }, ` ${sec.chapter}`) : null,
      cited.length ? h("span", { class: "badge cited-badge" }, `cited: ${sec.number}${cited.map((c) => `(${c})`).join("")}`) : null),
    ...sectionText(sec.text, cited),
    sec.summary ? h("aside", { class: "note summary" }, h("strong", {}, h("a", { href: "/method#summary-and-text" }, "Summary"), " (ours, not the Act's words): "), sec.summary) : null,
    sec.note ? h("p", { class: "note" }, h("strong", {}, "Note: "), sec.note) : null,
    h("p", { class: "muted small uri" }, h("code", {}, sec.uri), " · ",
      h("a", { href: sec.uri, class: "akn-html" }, "Permanent page"), " · ",
      h("a", { href: `${sec.uri}.xml`, class: "akn-xml", type: "application/akn+xml" }, "Akoma Ntoso XML"), " · ",
      h("a", { href: `${sec.uri}.pdf`, class: "akn-pdf", type: "application/pdf" }, "PDF"), " · ",
      h("a", { href: "/downloads/acts.zip", class: "akn-bulk", type: "application/zip" }, "Every Act (zip)"), " · ",
      h("a", { href: "/method" }, "How the sources were read")),
  );
  article.querySelector(".cited")?.scrollIntoView({ block: "center" });
}
