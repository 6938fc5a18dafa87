// Comparative research on the law page: the matrix of topics × states, one scenario through
// every Act, and CSV / JSON downloads of whatever is compared. Every view keeps its state in
// the URL (#/law/matrix?topics=...&j=...), so a link to it is a permalink.
import {
  ApiError, citeList, cited, confidenceBadge, field, fromIstInput, gql, h, label, loading, prose, rupees,
  showFormError, timeEl,
} from "./lib.js";

export const TOPICS = [
  ["CLAIM_PERIOD", "Claim period: how long an owner has to claim impounded animals"],
  ["CATTLE_DEFINITION", "Definition of cattle"],
  ["FINE_CAPS", "Fines and their caps"],
  ["COMPOUNDING", "Compounding of offences"],
  ["PROHIBITED_PURCHASERS", "Who may not buy at an auction"],
  ["MONEY_ROUTING", "Where the money goes"],
  ["TERRITORIAL_EXTENT", "Where the Act is in force"],
  ["KEEPING_RULES", "How animals must be kept"],
  ["SEIZURE_POWERS", "Who may seize, and where"],
  ["POUND_KEEPER_DUTIES", "The pound-keeper's duties"],
  ["PERIODS", "Periods and how they are counted"],
  ["IMPOUNDMENT_CHARGES", "Fines per head and feeding charges"],
  ["SALE_PROCEDURE", "Sale and its account"],
  ["COMPLAINTS_AND_COMPENSATION", "Complaints and compensation"],
  ["OFFENCES", "Offences and penalties"],
  ["REGISTRATION_AND_LICENCES", "Registration, tax and licences"],
  ["RULES_AND_DELEGATION", "Rules and delegation"],
];
export const topicTitle = (t) => TOPICS.find(([v]) => v === t)?.[1] || label(t);

const COUNTING = {
  EXACT_INSTANT: "from the instant",
  FIRST_DAY_EXCLUDED: "first day excluded, IST",
  CALENDAR_MONTHS: "calendar months",
};

/** A fact's value in words: "7 days from the date of impounding (first day excluded, IST)". */
export function factText(f) {
  if (f.unknown) return "unknown: the source does not show it";
  if (f.kind === "FLAG") return f.flag ? "Yes" : "No";
  if (f.kind === "DURATION" && f.duration) {
    const d = f.duration;
    const unit = d.unit.toLowerCase().replace(/s$/, d.count === 1 ? "" : "s");
    return `${d.count} ${unit} from ${d.starts} (${COUNTING[d.counting] || d.counting})`;
  }
  if (f.kind === "AMOUNT" && f.amount) {
    const a = f.amount;
    const parts = [];
    if (a.fixed != null) parts.push(rupees(a.fixed));
    if (a.minimum != null) parts.push(`at least ${rupees(a.minimum)}`);
    if (a.maximum != null) parts.push(`up to ${rupees(a.maximum)}`);
    if (a.notified) parts.push(`notified by ${a.fixedBy || "notification"}`);
    if (a.boundFactor != null) parts.push(`at most ${a.boundFactor} × ${label(a.boundBase)}`);
    else if (a.notified) parts.push("no bound in the Act");
    return parts.join("; ") || "no amount";
  }
  if (f.kind === "FUNDS") {
    if (!f.items.length) return "no fund named";
    return f.items.map((item, i) => `${item} ${Math.round(Number(f.shares[i]) * 1000) / 10}%`).join(", ");
  }
  if (f.items && f.items.length) return f.items.map(label).join(", ");
  return f.text || "—";
}

export function factList(facts) {
  if (!facts || !facts.length) return null;
  return h("dl", { class: "facts typed" }, facts.flatMap((f) => [
    h("dt", {}, f.label),
    h("dd", { "data-fact": f.key }, factText(f), " ", h("span", { class: "small" }, citeList(f.citations))),
  ]));
}

// ---- downloads ----
function csvCell(value) {
  const text = value == null ? "" : String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header, rows) {
  return [header, ...rows].map((r) => r.map(csvCell).join(",")).join("\n") + "\n";
}

function save(filename, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h("a", { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** The PDF the server prints of the same answer: a link (`pdf` a URL), or, for facts that
 * travel in a body, a button that posts `pdf.body` to `pdf.url` and saves what comes back. */
function pdfControl(name, pdf) {
  if (!pdf) return null;
  if (typeof pdf === "string") return h("a", { href: pdf, "data-download": "pdf", type: "application/pdf" }, "PDF");
  const status = h("span", { class: "small muted", role: "status" });
  const button = h("button", { type: "button", class: "secondary", "data-download": "pdf", onClick: async () => {
    status.textContent = "";
    const r = await fetch(pdf.url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(pdf.body) });
    if (!r.ok) {
      const err = await r.json().catch(() => ({}));
      status.textContent = err.errors?.[0]?.message || `The PDF could not be made (${r.status})`;
      return;
    }
    save(`${name}.pdf`, await r.blob(), "application/pdf");
  } }, "PDF");
  return [button, status];
}

/** Two buttons that download `data` as JSON and `csv()` as CSV, named `name`, and the PDF. */
export function downloads(name, data, csv, pdf = null) {
  return h("div", { class: "downloads" },
    h("button", { type: "button", class: "secondary", "data-download": "csv", onClick: () => save(`${name}.csv`, csv(), "text/csv") }, "Download CSV"),
    h("button", { type: "button", class: "secondary", "data-download": "json", onClick: () => save(`${name}.json`, JSON.stringify(data, null, 2), "application/json") }, "Download JSON"),
    pdfControl(name, pdf));
}

const citeText = (cs) => (cs || []).map((c) => `${cited(c.section)} ${c.uri}`).join("; ");

export function comparisonCsv(comparisons) {
  const rows = [];
  for (const c of comparisons) {
    for (const r of c.rows) {
      rows.push([c.topic, r.jurisdiction, r.provided ? "yes" : "no", r.confidence, r.summary, citeText(r.citations),
        r.facts.map((f) => `${f.key}: ${factText(f)}`).join(" | ")]);
    }
  }
  return toCsv(["topic", "jurisdiction", "provided", "confidence", "summary", "citations", "facts"], rows);
}

// ---- the matrix: topics × states ----
function checkboxes(name, legend, options, chosen) {
  return h("fieldset", { class: "choices" }, h("legend", {}, legend),
    options.map(([value, text]) => h("label", { class: "choice" },
      h("input", { type: "checkbox", name, value, checked: chosen.has(value) }), " ", text)));
}

export async function matrixTab(body, list, ctx, setParams) {
  const topics = (ctx.params.get("topics") || "").split(",").filter(Boolean);
  const codes = (ctx.params.get("j") || "").split(",").filter(Boolean);
  const chosenTopics = new Set(topics.length ? topics : TOPICS.map(([t]) => t));
  const chosenStates = new Set(codes.length ? codes : list.map((j) => j.code));
  const form = h("form", { class: "card matrix-form", onSubmit: (e) => {
    e.preventDefault();
    const pick = (n) => [...form.querySelectorAll(`input[name=${n}]:checked`)].map((x) => x.value);
    const t = pick("topic");
    const j = pick("state");
    setParams(ctx, "matrix", {
      topics: t.length === TOPICS.length ? "" : t.join(","),
      j: j.length === list.length ? "" : j.join(","),
    });
  } },
  checkboxes("state", "States", list.map((j) => [j.code, j.name]), chosenStates),
  checkboxes("topic", "Topics", TOPICS, chosenTopics),
  h("div", { class: "actions" }, h("button", { type: "submit" }, "Show the matrix")));
  body.append(h("p", { class: "muted" }, "Every topic of the Acts against every state. Each cell opens the sections it rests on; the link of this page holds your choice."), form, loading());
  const data = await gql("CompareMatrix",
    { t: [...chosenTopics], j: list.filter((j) => chosenStates.has(j.code)).map((j) => j.code) });
  if (ctx.stale()) return;
  body.querySelector(".loading")?.remove();
  const comparisons = data.compareMatrix;
  const states = list.filter((j) => chosenStates.has(j.code));
  const table = h("table", { class: "table matrix" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Topic"), states.map((j) => h("th", { scope: "col" }, j.name)))),
    h("tbody", {}, comparisons.map((c) => h("tr", { "data-topic": c.topic },
      h("th", { scope: "row" }, topicTitle(c.topic)),
      states.map((j) => {
        const r = c.rows.find((x) => x.jurisdiction === j.code);
        return h("td", { "data-jurisdiction": j.code, class: r.provided ? null : "absent" },
          h("div", { class: "cell-head" }, confidenceBadge(r.confidence), r.provided ? null : h("span", { class: "badge" }, "No such provision")),
          h("details", { class: "cell" },
            h("summary", {}, r.summary.length > 140 ? `${r.summary.slice(0, 140)}…` : r.summary),
            h("p", {}, r.summary),
            factList(r.facts),
            h("p", { class: "muted small" }, "Sections: ", citeList(r.citations))));
      })))));
  body.append(
    h("div", { class: "matrix-head" }, h("h2", {}, `${comparisons.length} topic${comparisons.length === 1 ? "" : "s"} × ${states.length} state${states.length === 1 ? "" : "s"}`),
      downloads("pashu-matrix", comparisons, () => comparisonCsv(comparisons),
        `/downloads/compare.pdf?topics=${comparisons.map((c) => c.topic).join(",")}&jurisdictions=${states.map((j) => encodeURIComponent(j.code)).join(",")}`)),
    h("div", { class: "table-wrap" }, table));
}

// ---- one scenario through every Act ----
const SCENARIO_FIELDS = [
  ["animals", "Animals (species:count, …)", "text", "cow:2, goat:1"],
  ["place", "Place of seizure", "place", "PRIVATE_LAND"],
  ["seizedAt", "Seized at (IST)", "datetime-local", ""],
  ["impoundedAt", "Brought to the pound at (IST)", "datetime-local", ""],
  ["announcedAt", "Seizure announced at (IST)", "datetime-local", ""],
  ["reportedAt", "Unclaimed cattle reported at (IST)", "datetime-local", ""],
  ["noticedAt", "Notice published at (IST)", "datetime-local", ""],
  ["owner", "The owner", "owner", "ABSENT"],
  ["ownerAppearsAt", "Owner appears at (IST)", "datetime-local", ""],
  ["fine", "Fine per head (hypothetical, ₹)", "number", ""],
  ["feeding", "Feeding per head per day (hypothetical, ₹)", "number", ""],
  ["habitual", "Fine per head in a habitual-trespass area (₹)", "number", ""],
  ["aerodrome", "Fine per head in an aerodrome (₹)", "number", ""],
  ["salePrice", "Sale price of all the animals (₹)", "number", ""],
  ["saleExpenses", "Expenses of sale (₹)", "number", ""],
  ["asOf", "Dues worked out on (IST)", "datetime-local", ""],
];
// Supposed acts, one a row: a delivery (or one under protest), a sale (at a price, with its
// expenses), a release by order, a death of an injury suffered while being seized, a further
// refusal to pay, the rest after a sale on a refusal taken back or refused. Kept in the URL
// as `acts=KIND~species~count~instant~price~expenses,…` (the last two of a sale only).
const ACT_KINDS = [
  ["DELIVERY", "Delivered to the owner"],
  ["PROTEST", "Delivered on a deposit under protest"],
  ["SALE", "Sold"],
  ["RELEASE_DIRECTOR", "Released by order of the Director"],
  ["RELEASE_LOCAL_AUTHORITY", "Released by order of the local authority"],
  ["RELEASE_MAGISTRATE", "Released by order of a magistrate"],
  ["RELEASE_CIVIL_COURT", "Released by order of a civil court"],
  ["DEATH", "Died of an injury suffered while being seized"],
  ["REFUSAL", "The owner refuses to pay (again)"],
  ["REFUSAL_DEPOSIT", "The owner refuses the deposit under protest"],
  ["REST", "After a sale on a refusal: the rest taken back"],
  ["REST_REFUSED", "After a sale on a refusal: the rest refused"],
];
const RELEASES = ACT_KINDS.map(([k]) => k).filter((k) => k.startsWith("RELEASE_"));
const WITH_ANIMALS = new Set(["DELIVERY", "PROTEST", "SALE", "DEATH", ...RELEASES]);
// The answer's acts, named as the form names them.
const ACT_NAMES = {
  DELIVER: "Delivered to the owner",
  DELIVER_ON_DEPOSIT: "Delivered on a deposit under protest",
  REFUSAL: "The owner's refusal to pay",
  SALE: "Sale",
  DELIVER_REST: "The rest delivered to the owner",
  REFUSE_REST: "The rest refused by the owner",
  RELEASE_BY_ORDER: "Released by order",
  COMPLAINT: "Complaint of illegal seizure",
  DECIDE_COMPLAINT: "The complaint decided",
  RECORD_INJURY: "Died of an injury suffered while being seized",
};
const PLACES = ["PRIVATE_LAND", "PUBLIC_PROPERTY", "HABITUAL_TRESPASS_AREA", "AERODROME"];
const CONDUCT = [["ABSENT", "Never appears"], ["PAYS", "Appears and pays"], ["REFUSES", "Appears but will not pay"], ["DISPUTES", "Disputes the seizure and deposits"]];
const RATE_FIELDS = [["fine", "FINE_PER_HEAD"], ["feeding", "FEEDING_PER_HEAD_PER_DAY"], ["habitual", "HABITUAL_AREA_FINE_PER_HEAD"], ["aerodrome", "AERODROME_FINE_PER_HEAD"]];
// The form's fields as the API's input fields (what a field error names).
const FIELD_OF = { seizedAt: "seizedAt", impoundedAt: "impoundedAt", ownerAppearsAt: "ownerAppearsAt", animals: "animals", salePrice: "salePrice", rates: "fine" };

function control(kind, value) {
  if (kind === "place") return h("select", {}, PLACES.map((p) => h("option", { value: p, selected: p === value }, label(p))));
  if (kind === "yesno") return h("select", {}, [["yes", "Yes"], ["no", "No"]].map(([v, t]) => h("option", { value: v, selected: v === value }, t)));
  if (kind === "owner") return h("select", {}, CONDUCT.map(([v, t]) => h("option", { value: v, selected: v === value }, t)));
  return h("input", { type: kind, value: value || "", step: kind === "number" ? "0.01" : null, min: kind === "number" ? "0" : null, autocomplete: "off" });
}

export function scenarioFacts(params) {
  const animals = (params.get("animals") || "").split(",").map((x) => x.trim()).filter(Boolean).map((x) => {
    const [species, count] = x.split(":");
    return { species: species.trim(), count: Number(count || 1) };
  });
  const seizedAt = fromIstInput(params.get("seizedAt"));
  const facts = { animals, seizedAt, place: params.get("place") || "PRIVATE_LAND", owner: params.get("owner") || "ABSENT" };
  for (const k of ["impoundedAt", "announcedAt", "reportedAt", "noticedAt", "ownerAppearsAt", "asOf"]) {
    const v = fromIstInput(params.get(k));
    if (v) facts[k] = v;
  }
  const from = (seizedAt || "").slice(0, 10);
  facts.rates = RATE_FIELDS.filter(([k]) => params.get(k)).map(([k, kind]) => ({ kind, amount: params.get(k), effectiveFrom: from }));
  if (params.get("salePrice")) facts.salePrice = params.get("salePrice");
  if (params.get("saleExpenses")) facts.saleExpenses = params.get("saleExpenses");
  Object.assign(facts, supposedActs(params));
  return facts;
}

/** The rows of `acts=KIND~species~count~instant~price~expenses,…` (a blank species: every
 * animal still held). */
export function actRows(value) {
  return (value || "").split(",").filter(Boolean).map((row) => {
    const [kind, species, count, at, price, expenses] = row.split("~");
    return { kind, species: species || "", count: count || "", at: at || "", price: price || "", expenses: expenses || "" };
  });
}

/** The rows of supposed acts a link holds; one of an older link's `restAt` is the last. */
function actRowsOf(params) {
  const rows = actRows(params.get("acts"));
  if (params.get("restAt")) rows.push({ kind: params.get("restAccepted") === "no" ? "REST_REFUSED" : "REST", species: "", count: "", at: params.get("restAt"), price: "", expenses: "" });
  return rows;
}

/** The complaints of `complaints=filed~decided~illegal,…`; an older link's `complaintAt` is the first. */
export function complaintRows(params) {
  const rows = (params.get("complaints") || "").split(",").filter(Boolean).map((row) => {
    const [at, decidedAt, illegal] = row.split("~");
    return { at: at || "", decidedAt: decidedAt || "", illegal: illegal === "yes" ? "yes" : "no" };
  });
  if (params.get("complaintAt")) {
    rows.unshift({ at: params.get("complaintAt"), decidedAt: params.get("complaintDecidedAt") || "", illegal: params.get("complaintIllegal") === "yes" ? "yes" : "no" });
  }
  return rows;
}

/** The supposed acts as the API's lists. `placed`, if given, is told where each row of each
 * list is on the form (`placed.sales[2]`: the place of the third sale among the act rows,
 * `placed.complaints[i]` among the complaint rows), so that an error naming a list's row
 * (`field`, `index`) is shown on that row. */
function supposedActs(params, placed = {}) {
  const out = { deliveries: [], sales: [], releases: [], deaths: [], refusals: [], rests: [], complaints: [] };
  const put = (list, item, n) => {
    out[list].push(item);
    (placed[list] ||= []).push(n);
  };
  actRowsOf(params).forEach((r, n) => {
    const at = fromIstInput(r.at);
    if (!at) return;
    const animals = r.species ? [{ species: r.species, count: Number(r.count || 1) }] : null;
    if (r.kind === "SALE") {
      const sale = { at, animals };
      if (r.price) sale.price = r.price;
      if (r.expenses) sale.expenses = r.expenses;
      put("sales", sale, n);
    } else if (r.kind.startsWith("RELEASE_")) put("releases", { at, animals, authority: r.kind.slice("RELEASE_".length) }, n);
    else if (r.kind === "DEATH") put("deaths", { at, animals: animals || [] }, n); // none named: the API says so
    else if (r.kind.startsWith("REFUSAL")) put("refusals", { at, deposit: r.kind === "REFUSAL_DEPOSIT" }, n);
    else if (r.kind.startsWith("REST")) put("rests", { at, accepted: r.kind === "REST" }, n);
    else put("deliveries", { at, animals, underProtest: r.kind === "PROTEST" }, n);
  });
  complaintRows(params).forEach((c, n) => {
    const at = fromIstInput(c.at);
    if (at) put("complaints", { at, decidedAt: fromIstInput(c.decidedAt), illegal: c.illegal === "yes" }, n);
  });
  return out;
}

const clean = (v) => v.trim().replace(/[~,]/g, " ");

/** A list of rows a researcher adds and removes: each row's labels carry its number, and
 * stay in order when one is removed. `make(n, row)` builds a row's element, with its
 * `relabel(n)`; `serial(el)` is the row in the URL. */
function rowList({ legend, addText, cls, initial, make, serial, blank }) {
  const rows = h("ol", { class: `plain ${cls}` });
  const renumber = () => [...rows.children].forEach((li, i) => li.relabel(i + 1));
  const addRow = (r, focus = false) => {
    const li = make(rows.children.length + 1, r, () => {
      li.remove();
      renumber();
      adder.focus();
    });
    rows.append(li);
    if (focus) li.querySelector("select, input")?.focus();
  };
  const adder = h("button", { type: "button", class: "secondary", onClick: () => addRow(blank(), true) }, addText);
  initial.forEach((r) => addRow(r));
  const set = h("fieldset", { class: `choices rows ${cls}-set` }, h("legend", {}, legend), rows, h("div", { class: "actions" }, adder));
  set.value = () => [...rows.children].map(serial).join(",");
  return set;
}

/** A labelled control whose label can be renumbered. */
function numbered(text, control, opts) {
  const f = field(text, control, opts);
  f.relabel = (t) => { f.querySelector("label").textContent = t; };
  return f;
}

/** The repeatable rows of supposed acts: a kind, the animals (not of a refusal or the rest),
 * an instant, and a sale's price and expenses. */
function actsFieldset(initial) {
  return rowList({
    legend: "Deliveries, sales, releases, deaths, refusals and the rest, of some or all of the animals",
    addText: "Add an act",
    cls: "act-rows",
    initial,
    blank: () => ({ kind: "DELIVERY", species: "", count: "", at: "", price: "", expenses: "" }),
    make: (n, r, remove) => {
      const kind = h("select", { "data-part": "kind" }, ACT_KINDS.map(([v, t]) => h("option", { value: v, selected: v === r.kind }, t)));
      const input = (part, attrs, value) => h("input", { ...attrs, value, autocomplete: "off", "data-part": part });
      const species = input("species", { type: "text" }, r.species);
      const count = input("count", { type: "number", min: "1", step: "1" }, r.count);
      const at = input("at", { type: "datetime-local", required: true }, r.at);
      const price = input("price", { type: "number", min: "0", step: "0.01" }, r.price);
      const expenses = input("expenses", { type: "number", min: "0", step: "0.01" }, r.expenses);
      const parts = {
        kind: numbered(`Act ${n}`, kind),
        species: numbered(`Act ${n}: species (blank: all held)`, species),
        count: numbered(`Act ${n}: head`, count),
        at: numbered(`Act ${n}: at (IST)`, at),
        price: numbered(`Act ${n}: price the lot fetched (₹)`, price, { hint: "Blank: as much as meets the dues" }),
        expenses: numbered(`Act ${n}: expenses of the sale (₹)`, expenses),
      };
      const button = h("button", { type: "button", class: "secondary", onClick: () => remove() }, `Remove act ${n}`);
      const row = h("li", { class: "form-grid act-row", "data-act-row": "" }, Object.values(parts), h("div", { class: "actions" }, button));
      // Only the parts the kind has are shown; what a hidden part holds stays while the
      // form is open, and is not sent.
      const shape = () => {
        const k = kind.value;
        parts.species.hidden = parts.count.hidden = !WITH_ANIMALS.has(k);
        parts.price.hidden = parts.expenses.hidden = k !== "SALE";
        // A hidden part is disabled too: what it holds cannot then block the form unseen.
        for (const p of Object.values(parts)) p.querySelector("input, select").disabled = p.hidden;
        parts.species.relabel(`Act ${row.n}: ${k === "DEATH" ? "species that died" : "species (blank: all held)"}`);
      };
      row.relabel = (m) => {
        row.n = m;
        parts.kind.relabel(`Act ${m}`);
        parts.count.relabel(`Act ${m}: head`);
        parts.at.relabel(`Act ${m}: at (IST)`);
        parts.price.relabel(`Act ${m}: price the lot fetched (₹)`);
        parts.expenses.relabel(`Act ${m}: expenses of the sale (₹)`);
        button.textContent = `Remove act ${m}`;
        shape();
      };
      kind.addEventListener("change", shape);
      row.relabel(n);
      return row;
    },
    serial: (row) => {
      const part = (p) => clean(row.querySelector(`[data-part=${p}]`).value);
      const sale = part("kind") === "SALE";
      const animals = WITH_ANIMALS.has(part("kind"));
      return [part("kind"), animals ? part("species") : "", animals ? part("count") : "", part("at"),
        sale ? part("price") : "", sale ? part("expenses") : ""].join("~").replace(/~+$/, "");
    },
  });
}

/** The repeatable complaints of illegal seizure, each with its decision. */
function complaintsFieldset(initial) {
  return rowList({
    legend: "Complaints of illegal seizure, each with its decision",
    addText: "Add a complaint",
    cls: "complaint-rows",
    initial,
    blank: () => ({ at: "", decidedAt: "", illegal: "no" }),
    make: (n, c, remove) => {
      const at = h("input", { type: "datetime-local", value: c.at, required: true, "data-part": "at" });
      const decidedAt = h("input", { type: "datetime-local", value: c.decidedAt, "data-part": "decidedAt" });
      const illegal = control("yesno", c.illegal);
      illegal.dataset.part = "illegal";
      const parts = [
        numbered(`Complaint ${n}: filed at (IST)`, at),
        numbered(`Complaint ${n}: decided at (IST)`, decidedAt, { hint: "Blank: not decided" }),
        numbered(`Complaint ${n}: the seizure adjudged illegal`, illegal),
      ];
      const button = h("button", { type: "button", class: "secondary", onClick: () => remove() }, `Remove complaint ${n}`);
      const row = h("li", { class: "form-grid act-row", "data-complaint-row": "" }, parts, h("div", { class: "actions" }, button));
      row.relabel = (m) => {
        parts[0].relabel(`Complaint ${m}: filed at (IST)`);
        parts[1].relabel(`Complaint ${m}: decided at (IST)`);
        parts[2].relabel(`Complaint ${m}: the seizure adjudged illegal`);
        button.textContent = `Remove complaint ${m}`;
      };
      return row;
    },
    serial: (row) => ["at", "decidedAt", "illegal"].map((p) => clean(row.querySelector(`[data-part=${p}]`).value)).join("~"),
  });
}

/** Where an error of one of the API's lists is shown: the row it names (`field`, the list, or
 * the list and a field of its rows, `sales.price`; `index`, its row, from 0), at the part that
 * field names, else the part its code or message is about (else the instant); an error of a
 * whole list (no row), on its rows' fieldset. `placed`: where each list's rows are on the
 * form (supposedActs). */
function rowOfError(form, err, placed) {
  const [list, named] = (err.field || "").split(".");
  const at = placed[list];
  if (!at) return null;
  const set = form.querySelector(list === "complaints" ? ".complaint-rows-set" : ".act-rows-set");
  const index = err.extensions?.index;
  if (!Number.isInteger(index)) return set;
  const row = set.querySelector("ol").children[at[index]];
  if (!row) return set;
  const species = err.extensions?.species;
  const about = named && row.querySelector(`[data-part=${CSS.escape(named)}]`) ? named
    : err.code === "UNKNOWN_SPECIES" || species || /names the animals|die, but/.test(err.message) ? "species"
      : /count/.test(err.message) ? "count" : /amount|price/.test(err.message) ? "price" : "at";
  const part = row.querySelector(`[data-part=${about}]`);
  return (part && !part.closest(".field").hidden ? part : row.querySelector("[data-part=at]")).closest(".field");
}

const lawfulBadge = (v) => (v === true ? h("span", { class: "badge conf-read" }, "lawful")
  : v === false ? h("span", { class: "badge conf-unknown" }, "not lawful")
    : h("span", { class: "badge" }, "not in the Act"));

function scenarioCard(a, name) {
  const card = h("article", { class: "card state", "data-jurisdiction": a.jurisdiction }, h("header", {}, h("h3", {}, name)));
  if (a.refusal) card.append(h("div", { class: "refusal" }, lawfulBadge(a.refusal.lawful), " ", a.refusal.summary, " ", h("span", { class: "small" }, citeList(a.refusal.citations))));
  card.append(h("h4", {}, "The animals"), h("ul", { class: "plain" }, a.animals.map((x) => h("li", {},
    `${x.count} × ${x.species}: `, x.impoundable ? "may be impounded" : "not covered by the Act", " ", h("span", { class: "small" }, citeList(x.citations))))));
  if (!a.provided) return card;
  if (a.steps.length) {
    card.append(h("h4", {}, "Steps taken"), h("ul", { class: "plain" }, a.steps.map((s) => h("li", { "data-step": s.action },
      h("strong", {}, label(s.action)), " ", timeEl(s.at), " ", lawfulBadge(s.lawful), h("div", { class: "small muted" }, prose(s.explanation), " ", citeList(s.citations))))));
  }
  card.append(h("h4", {}, "Timeline"), h("ol", { class: "steps compact" }, a.timeline.map((s) => h("li", { class: s.projected ? "step projected" : "step" },
    h("strong", {}, label(s.action)), h("div", { class: "window" }, "From ", timeEl(s.notBefore), h("br"), s.deadline ? ["Late from ", timeEl(s.deadline)] : h("span", { class: "muted" }, "The Act sets no deadline")),
    h("div", { class: "small" }, citeList([s.citation]))))));
  if (a.acts.length) {
    card.append(h("h4", {}, "Acts supposed"), h("ul", { class: "plain" }, a.acts.map((x) => h("li", { "data-act": x.act, "data-lawful": String(x.lawful) },
      h("strong", {}, ACT_NAMES[x.act] || label(x.act)), " ", timeEl(x.at), " ", lawfulBadge(x.lawful), h("div", { class: "small muted" }, prose(x.explanation), " ", citeList(x.citations))))));
  }
  if (a.rates.length) {
    card.append(h("h4", {}, "Hypothetical rates"), h("ul", { class: "plain" }, a.rates.map((r) => h("li", {},
      `${label(r.kind)} ${rupees(r.amount)}: `, r.accepted ? "may be notified" : h("strong", {}, "refused"), h("div", { class: "small muted" }, prose(r.explanation), " ", citeList(r.citations))))));
  }
  if (a.dues) {
    card.append(h("h4", {}, "Dues on ", timeEl(a.dues.asOf)), h("p", { class: "dues-total" }, "Total ", h("strong", {}, rupees(a.dues.total))),
      h("ul", { class: "plain small" }, a.dues.lines.map((l) => h("li", {}, `${label(l.kind)}, ${l.heads} × ${l.species}${l.days ? `, ${l.days} day(s)` : ""}: ${rupees(l.amount)}`))));
  }
  card.append(h("dl", { class: "facts" },
    h("dt", {}, "Earliest sale"), h("dd", { "data-fact": "earliestSale" }, a.earliestSale ? timeEl(a.earliestSale) : "no sale", " ", h("span", { class: "small" }, citeList(a.earliestSaleCitations))),
    h("dt", {}, "Next duty"), h("dd", { "data-fact": "nextAction" }, a.nextAction
      ? [label(a.nextAction.action), ", from ", timeEl(a.nextAction.notBefore), a.nextAction.deadline ? [", late from ", timeEl(a.nextAction.deadline)] : null]
      : "none open"),
    h("dt", {}, "May not buy"), h("dd", {}, a.prohibitedPurchasers.map(label).join(", ") || "no one named", " ", h("span", { class: "small" }, citeList(a.prohibitedPurchasersCitations))),
    a.owner ? [h("dt", {}, "The owner"), h("dd", {}, lawfulBadge(a.owner.lawful), " ", a.owner.summary, " ", h("span", { class: "small" }, citeList(a.owner.citations)))] : null));
  if (a.money.length) {
    card.append(h("h4", {}, "Where each rupee goes"), h("table", { class: "table money" }, h("tbody", {}, a.money.map((m) => h("tr", {},
      h("td", {}, label(m.kind)), h("td", { "data-account": m.account }, m.accountName), h("td", { class: "num" }, rupees(m.amount)), h("td", { class: "small" }, citeList(m.citations)))))));
  }
  return card;
}

function scenarioCsv(answers) {
  const rows = [];
  const add = (a, item, value, cites) => rows.push([a.jurisdiction, item, value, citeText(cites)]);
  for (const a of answers) {
    add(a, "provided", a.provided ? "yes" : "no", a.refusal?.citations);
    for (const x of a.animals) add(a, `animal ${x.species}`, `${x.count}; impoundable ${x.impoundable}`, x.citations);
    for (const s of a.steps) add(a, `step ${s.action}`, `${s.at}; lawful ${s.lawful}`, s.citations);
    for (const s of a.timeline) add(a, `window ${s.action}`, `${s.notBefore} to ${s.deadline || "no deadline"}`, [s.citation]);
    for (const x of a.acts) add(a, `act ${x.act}`, `${x.at}; lawful ${x.lawful}; ${x.explanation}`, x.citations);
    for (const r of a.rates) add(a, `rate ${r.kind}`, `${r.amount}; accepted ${r.accepted}`, r.citations);
    if (a.dues) add(a, "dues", `${a.dues.total} on ${a.dues.asOf}`, []);
    add(a, "earliest sale", a.earliestSale || "", a.earliestSaleCitations);
    if (a.nextAction) add(a, "next duty", `${a.nextAction.action} from ${a.nextAction.notBefore} to ${a.nextAction.deadline || "no deadline"}`, []);
    add(a, "may not buy", a.prohibitedPurchasers.join(" "), a.prohibitedPurchasersCitations);
    if (a.owner) add(a, "owner", a.owner.summary, a.owner.citations);
    for (const m of a.money) add(a, `money ${m.kind}`, `${m.amount} to ${m.accountName} (${m.account})`, m.citations);
  }
  return toCsv(["jurisdiction", "item", "value", "citations"], rows);
}

export async function scenarioTab(body, list, ctx, setParams) {
  const inputs = {};
  const form = h("form", { class: "card form-grid scenario-form", onSubmit: (e) => {
    e.preventDefault();
    setParams(ctx, "scenario", {
      ...Object.fromEntries(SCENARIO_FIELDS.map(([k]) => [k, inputs[k].value.trim()])), acts: acts.value(), complaints: complaints.value(),
    });
  } });
  const acts = actsFieldset(actRowsOf(ctx.params));
  const complaints = complaintsFieldset(complaintRows(ctx.params));
  for (const [key, text, kind, fallback] of SCENARIO_FIELDS) {
    inputs[key] = control(kind, ctx.params.get(key) ?? fallback);
    form.append(field(text, inputs[key], { name: key, hint: key === "seizedAt" || key === "animals" ? "Required" : null }));
  }
  form.append(acts, complaints);
  inputs.seizedAt.required = true;
  inputs.animals.required = true;
  form.append(h("div", { class: "actions" }, h("button", { type: "submit" }, "Run through every Act")));
  body.append(h("p", { class: "muted" }, "One set of facts through every Act at once: whether each step and each act you suppose (a delivery, a sale at its price, a death, a further refusal, a complaint and its decision) is lawful, and why; the timeline, the next duty, the dues on a day under rates you suppose notified, the earliest sale, who may not buy and where each rupee goes. Nothing is stored."), form);
  if (!ctx.params.get("seizedAt")) return;
  body.append(loading());
  let data;
  const placed = {};
  supposedActs(ctx.params, placed);
  try {
    data = await gql("CompareScenario", { f: scenarioFacts(ctx.params) });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    body.querySelector(".loading")?.remove();
    showFormError(form, err, FIELD_OF, (e) => rowOfError(form, e, placed));
    return;
  }
  if (ctx.stale()) return;
  body.querySelector(".loading")?.remove();
  const answers = data.compareScenario;
  const nameOf = (code) => list.find((j) => j.code === code)?.name || code;
  body.append(
    h("div", { class: "matrix-head" }, h("h2", {}, "Each Act's answer"), downloads("pashu-scenario", answers, () => scenarioCsv(answers),
      { url: "/downloads/scenario.pdf", body: scenarioFacts(ctx.params) })),
    h("div", { class: "columns", style: `--cols: ${Math.min(answers.length, 4)}` }, answers.map((a) => scenarioCard(a, nameOf(a.jurisdiction)))));
}

