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
  ["restAt", "After a sale, the rest offered back at (IST)", "datetime-local", ""],
  ["restAccepted", "The rest taken back", "yesno", "yes"],
  ["complaintAt", "Complaint of illegal seizure filed at (IST)", "datetime-local", ""],
  ["complaintDecidedAt", "Complaint decided at (IST)", "datetime-local", ""],
  ["complaintIllegal", "The seizure adjudged illegal", "yesno", "no"],
];
// Supposed acts on part of the animals, one a row: a delivery (or one under protest), a sale,
// or a release by order; kept in the URL as `acts=KIND~species~count~instant,…`.
const ACT_KINDS = [
  ["DELIVERY", "Delivered to the owner"],
  ["PROTEST", "Delivered on a deposit under protest"],
  ["SALE", "Sold"],
  ["RELEASE_DIRECTOR", "Released by order of the Director"],
  ["RELEASE_LOCAL_AUTHORITY", "Released by order of the local authority"],
  ["RELEASE_MAGISTRATE", "Released by order of a magistrate"],
  ["RELEASE_CIVIL_COURT", "Released by order of a civil court"],
];
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

/** The rows of `acts=KIND~species~count~instant,…` (a blank species: every animal still held). */
export function actRows(value) {
  return (value || "").split(",").filter(Boolean).map((row) => {
    const [kind, species, count, at] = row.split("~");
    return { kind, species: species || "", count: count || "", at: at || "" };
  });
}

function supposedActs(params) {
  const out = { deliveries: [], sales: [], releases: [] };
  for (const r of actRows(params.get("acts"))) {
    const at = fromIstInput(r.at);
    if (!at) continue;
    const animals = r.species ? [{ species: r.species, count: Number(r.count || 1) }] : null;
    if (r.kind === "SALE") out.sales.push({ at, animals });
    else if (r.kind.startsWith("RELEASE_")) out.releases.push({ at, animals, authority: r.kind.slice("RELEASE_".length) });
    else out.deliveries.push({ at, animals, underProtest: r.kind === "PROTEST" });
  }
  const restAt = fromIstInput(params.get("restAt"));
  if (restAt) out.rest = { at: restAt, accepted: params.get("restAccepted") !== "no" };
  const complaintAt = fromIstInput(params.get("complaintAt"));
  if (complaintAt) {
    out.complaint = { at: complaintAt, decidedAt: fromIstInput(params.get("complaintDecidedAt")), illegal: params.get("complaintIllegal") === "yes" };
  }
  return out;
}

/** The repeatable rows of supposed acts: each a kind, a species, a count and an instant. */
function actsFieldset(value) {
  const rows = h("ol", { class: "plain act-rows" });
  const addRow = (r = { kind: "DELIVERY", species: "", count: "", at: "" }) => {
    const n = rows.children.length + 1;
    const kind = h("select", { "data-part": "kind" }, ACT_KINDS.map(([v, t]) => h("option", { value: v, selected: v === r.kind }, t)));
    const species = h("input", { type: "text", value: r.species, autocomplete: "off", "data-part": "species" });
    const count = h("input", { type: "number", value: r.count, min: "1", step: "1", "data-part": "count" });
    const at = h("input", { type: "datetime-local", value: r.at, "data-part": "at" });
    const row = h("li", { class: "form-grid act-row", "data-act-row": "" },
      field(`Act ${n}`, kind), field(`Act ${n}: species (blank: all held)`, species), field(`Act ${n}: head`, count),
      field(`Act ${n}: at (IST)`, at),
      h("div", { class: "actions" }, h("button", { type: "button", class: "secondary", onClick: () => row.remove() }, `Remove act ${n}`)));
    rows.append(row);
  };
  actRows(value).forEach(addRow);
  const set = h("fieldset", { class: "choices supposed-acts" }, h("legend", {}, "Deliveries, sales and releases of some or all of the animals"),
    rows, h("div", { class: "actions" }, h("button", { type: "button", class: "secondary", onClick: () => addRow() }, "Add a delivery, sale or release")));
  set.value = () => [...rows.querySelectorAll("[data-act-row]")].map((row) => {
    const part = (p) => row.querySelector(`[data-part=${p}]`).value.trim().replace(/[~,]/g, " ");
    return part("at") ? [part("kind"), part("species"), part("count"), part("at")].join("~") : null;
  }).filter(Boolean).join(",");
  return set;
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
      h("strong", {}, label(x.act)), " ", timeEl(x.at), " ", lawfulBadge(x.lawful), h("div", { class: "small muted" }, prose(x.explanation), " ", citeList(x.citations))))));
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
    setParams(ctx, "scenario", { ...Object.fromEntries(SCENARIO_FIELDS.map(([k]) => [k, inputs[k].value.trim()])), acts: acts.value() });
  } });
  const acts = actsFieldset(ctx.params.get("acts"));
  for (const [key, text, kind, fallback] of SCENARIO_FIELDS) {
    inputs[key] = control(kind, ctx.params.get(key) ?? fallback);
    form.append(field(text, inputs[key], { name: key, hint: key === "seizedAt" || key === "animals" ? "Required" : null }));
  }
  form.append(acts);
  inputs.seizedAt.required = true;
  inputs.animals.required = true;
  form.append(h("div", { class: "actions" }, h("button", { type: "submit" }, "Run through every Act")));
  body.append(h("p", { class: "muted" }, "One set of facts through every Act at once: whether each step is lawful, the timeline, the dues on a day under rates you suppose notified, the earliest sale, who may not buy and where each rupee goes. Nothing is stored."), form);
  if (!ctx.params.get("seizedAt")) return;
  body.append(loading());
  let data;
  try {
    data = await gql("CompareScenario", { f: scenarioFacts(ctx.params) });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    body.querySelector(".loading")?.remove();
    showFormError(form, err, FIELD_OF);
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

