// The registers of an Act that governs keeping by notified orders (Chhattisgarh Pashu
// (Niyantran) Adhiniyam 1976, s.4): the orders, the licences and permits under them, the
// inspections an order provides for, and the offences with their compositions (s.10).
// Each list shows the provisions it rests on with how surely their text is known (a
// reconstructed clause stays marked so); each form is shown to the roles the API lets record
// it, and a refusal is shown beside the field it names, with its section.
import {
  citeLink, confidenceBadge, field, fill, fromIstInput, gql, h, istInput, label, loading,
  prose, rupees, timeEl, day,
} from "./lib.js";
import { actionForm, grid, may, whoMay } from "./forms.js";
import { offenceForm } from "./offences.js";

const TABS = [
  ["orders", "Notified orders", "REGULATED_AREAS"],
  ["licences", "Licences and permits", "REGULATED_AREAS"],
  ["inspections", "Inspections", "REGULATED_AREAS"],
  ["compositions", "Offences and compositions", "COMPOUNDING"],
];

// Each form is shown only to the roles the API lets record it (forms.js `may`); the API
// refuses any other with FORBIDDEN whatever a page shows.
const KEEPING_MODES = ["CONFINED", "IN_SHED", "FENCED", "TETHERED", "UNDER_KEEPER", "AT_LARGE"];
// Those the Act's offences reach: an owner or keeper, a corporation and its officer (s.11).
const OFFENDER_ROLES = ["OWNER", "KEEPER", "CORPORATION", "OFFICER_OF_CORPORATION"];
const CLOSED = ["COMPOUNDED", "FINED"];

let flash = null; // a success message shown once the page is read again

/** The tabs this department's Act has: the registers its capabilities provide. */
export function keepingTabs(capabilities) {
  return TABS.filter(([, , cap]) => capabilities.includes(cap));
}

/** A citation with its confidence beside it where the text is not plainly read. */
function citeMarked(c) {
  if (!c) return null;
  const conf = String(c.confidence || "").toUpperCase();
  return h("span", { class: "cite-marked" }, citeLink(c), conf && conf !== "READ" ? [" ", confidenceBadge(c.confidence)] : null);
}

function citesMarked(citations) {
  if (!citations?.length) return null;
  return h("span", { class: "cites" }, citations.map((c, i) => [i ? ", " : null, citeMarked(c)]));
}

const today = () => istInput().slice(0, 10);
const money = (v) => (v == null ? null : rupees(v));
const decimalInput = (value = "") => h("input", { type: "text", inputmode: "decimal", pattern: "\\d+(\\.\\d{1,2})?", value });
const text = (props = {}) => h("input", { type: "text", ...props });
const optional = (v) => (v && v.trim() ? v.trim() : null);
const list = (v) => v.split(/[,;]/).map((x) => x.trim()).filter(Boolean);

function formsCard(role, forms) {
  const shown = forms.filter(([act]) => may(role, act)).map(([, form]) => form());
  const hidden = forms.filter(([act]) => !may(role, act));
  return h("section", { class: "card no-print", "aria-labelledby": "record-h", "data-section": "record" },
    h("h2", { id: "record-h" }, "Record"),
    shown,
    hidden.length ? h("p", { class: "muted small", "data-note": "roles" },
      hidden.map(([act, , what], i) => [i ? " " : null, `${what} is recorded by ${whoMay(act)}.`]),
      ` You are signed in as ${role.toLowerCase()}.`) : null);
}

export async function keepingView(view, tab, ctx) {
  view.append(loading("Loading the registers…"));
  const { viewer } = await gql("KeepingViewer", {}, { auth: true });
  if (ctx.stale()) return;
  const j = viewer.tenant.jurisdiction;
  const tabs = keepingTabs(j.capabilities);
  if (!tabs.length) {
    fill(view, h("h1", { tabindex: "-1" }, "No such register"),
      h("p", {}, `${j.name}'s Act provides no notified orders or compositions. `, h("a", { href: "#/dashboard" }, "Back to the dashboard")));
    return;
  }
  const active = tabs.find(([key]) => key === tab) || tabs[0];
  const body = h("div", { class: "keeping-body" }, loading());
  const reload = (message) => { flash = message; ctx.go(location.hash); };
  fill(view,
    h("p", { class: "crumbs" }, h("a", { href: "#/dashboard" }, "Dashboard"), " / ", active[1]),
    h("div", { class: "page-head" },
      h("h1", { tabindex: "-1" }, active[1]),
      h("p", { class: "lede" }, `${viewer.tenant.name} · ${j.name} · signed in as ${viewer.role.toLowerCase()}`)),
    h("nav", { class: "tabs", "aria-label": "Registers" }, tabs.map(([key, title]) =>
      h("a", { href: `#/keeping/${key}`, class: key === active[0] ? "active" : null, "aria-current": key === active[0] ? "page" : null }, title))),
    flash ? h("p", { class: "success", role: "status" }, flash) : null,
    body);
  flash = null;
  const show = { orders: ordersTab, licences: licencesTab, inspections: inspectionsTab, compositions: compositionsTab }[active[0]];
  await show(body, viewer, ctx, reload);
}

// ---- notified orders (s.4) ----
async function ordersTab(body, viewer, ctx, reload) {
  const { notifiedOrders: orders } = await gql("NotifiedOrders", {}, { auth: true });
  if (ctx.stale()) return;
  fill(body, h("div", { class: "grid-2" },
    h("section", { class: "card", "aria-labelledby": "orders-h", "data-list": "orders" },
      h("h2", { id: "orders-h" }, "The orders", h("span", { class: "count-pill" }, String(orders.length))),
      orders.length ? h("ul", { class: "plain records" }, orders.map(orderItem))
        : h("p", { class: "muted" }, "No order is on the register.")),
    formsCard(viewer.role, [["recordNotifiedOrder", () => orderForm(reload), "An order"]])));
}

function orderItem(o) {
  return h("li", { class: "record", "data-item": "order", "data-reference": o.reference },
    h("strong", {}, o.reference), " — ", o.title,
    h("div", { class: "small" }, `${label(o.effect)}s ${o.activities.map((a) => label(a).toLowerCase()).join(" and ")} of `,
      o.species ? o.species.join(", ") : "every kind of cattle", ` in ${o.area}`),
    h("div", { class: "muted small" }, "In force from ", timeEl(o.effectiveFrom, true), o.effectiveUntil ? [" to ", timeEl(o.effectiveUntil, true)] : " with no end set",
      o.licenceFee != null ? ` · licence fee ${money(o.licenceFee)}` : null,
      o.permitFee != null ? ` · permit fee ${money(o.permitFee)}` : null),
    h("div", { class: "small" }, "Under ", citesMarked(o.citations)),
    h("details", {}, h("summary", {}, "Why"), h("p", { class: "small" }, prose(o.explanation))));
}

function orderForm(reload) {
  const title = text({ required: true });
  const reference = text({ required: true });
  const area = text({ required: true });
  const effect = h("select", {}, ["REGULATE", "PROHIBIT"].map((v) => h("option", { value: v }, label(v))));
  const keeping = h("input", { type: "checkbox", checked: true });
  const movement = h("input", { type: "checkbox" });
  const clauses = text({ placeholder: "a, e" });
  const species = text({ placeholder: "every kind of cattle" });
  const from = h("input", { type: "date", required: true, value: today() });
  const until = h("input", { type: "date" });
  const licenceFee = decimalInput();
  const permitFee = decimalInput();
  const activities = h("fieldset", { class: "field checks", "data-field": "activities" },
    h("legend", {}, "It governs"),
    h("label", { class: "check" }, keeping, " Keeping"),
    h("label", { class: "check" }, movement, " Movement"));
  return actionForm({
    name: "order",
    title: "Enter a notified order",
    intro: "As notified in the gazette. An order reaches only an area where the Act is in force.",
    body: grid(
      field("Title", title, { name: "title" }),
      field("Gazette reference", reference, { name: "reference" }),
      field("Area", area, { name: "area" }),
      field("Effect", effect, { name: "effect" }),
      activities,
      field("Clauses it rests on", clauses, { name: "clauses", hint: "Letters of the clauses of the order-making power, e.g. “a, b, e”; none: the general power alone" }),
      field("Species (if not all cattle)", species, { name: "species", hint: "Comma-separated; empty for every kind of cattle" }),
      field("In force from", from, { name: "effectiveFrom" }),
      field("In force until (if set)", until, { name: "effectiveUntil" }),
      field("Licence fee (₹), if it provides licences", licenceFee, { name: "licenceFee" }),
      field("Permit fee (₹), if it provides permits", permitFee, { name: "permitFee" })),
    submit: "Enter the order",
    fieldMap: { "words:clause": "clauses", "words:prohibits or regulates": "activities", "words:fixes no fee": "licenceFee" },
    run: async () => {
      const data = await gql("RecordNotifiedOrder", {
        input: {
          title: title.value, reference: reference.value, area: area.value, effect: effect.value,
          activities: [keeping.checked ? "KEEPING" : null, movement.checked ? "MOVEMENT" : null].filter(Boolean),
          clauses: list(clauses.value), species: species.value.trim() ? list(species.value) : null,
          effectiveFrom: from.value, effectiveUntil: until.value || null,
          licenceFee: optional(licenceFee.value), permitFee: optional(permitFee.value),
        },
      }, { auth: true });
      reload(`Order ${data.recordNotifiedOrder.reference} entered.`);
    },
  });
}

// ---- licences and permits (s.4(2)(e)) ----
async function licencesTab(body, viewer, ctx, reload) {
  const { notifiedOrders: orders, cattleLicences: licences } = await gql("CattleLicences", {}, { auth: true });
  if (ctx.stale()) return;
  const orderOf = new Map(orders.map((o) => [o.id, o]));
  fill(body, h("div", { class: "grid-2" },
    h("section", { class: "card", "aria-labelledby": "licences-h", "data-list": "licences" },
      h("h2", { id: "licences-h" }, "Granted", h("span", { class: "count-pill" }, String(licences.length))),
      licences.length ? h("ul", { class: "plain records" }, licences.map((l) => licenceItem(l, orderOf.get(l.orderId))))
        : h("p", { class: "muted" }, "No licence or permit is on the register.")),
    formsCard(viewer.role, [
      ["grantLicence", () => grantForm(orders, reload), "A grant"],
      ["cancelLicence", () => cancelForm(licences.filter((l) => !l.cancelledAt), reload), "A cancellation"],
    ])));
}

function licenceItem(l, order) {
  return h("li", { class: `record${l.cancelledAt ? " cancelled" : ""}`, "data-item": "licence", "data-holder": l.holder },
    h("strong", {}, `${label(l.kind)}: ${l.holder}`), l.cancelledAt ? h("span", { class: "badge late" }, "cancelled") : null,
    h("div", { class: "small" }, "Under order ", order ? order.reference : "—", ` · fee ${money(l.fee)}`),
    h("div", { class: "muted small" }, "Valid from ", timeEl(l.validFrom, true), l.validUntil ? [" to ", timeEl(l.validUntil, true)] : "", " · granted ", timeEl(l.grantedAt)),
    l.cancelledAt ? h("div", { class: "small" }, "Cancelled ", timeEl(l.cancelledAt), `: ${l.cancellationReason}`,
      l.citations.length ? [" — under ", citesMarked(l.citations)] : null) : null);
}

function grantForm(orders, reload) {
  if (!orders.length) return h("p", { class: "muted", "data-form": "grant" }, "Enter the order first: a licence or permit is granted under one.");
  const order = h("select", {}, orders.map((o) => h("option", { value: o.id }, `${o.reference} — ${o.title}`)));
  const kind = h("select", {}, ["LICENCE", "PERMIT"].map((v) => h("option", { value: v }, label(v))));
  const holder = text({ required: true, autocomplete: "off" });
  const from = h("input", { type: "date", required: true, value: today() });
  const until = h("input", { type: "date" });
  const at = h("input", { type: "datetime-local", required: true, value: istInput() });
  return actionForm({
    name: "grant",
    title: "Grant a licence or permit",
    intro: "For the fee the order fixes: a licence to keep cattle, a permit to move them.",
    body: grid(
      field("Under order", order, { name: "orderId" }),
      field("Kind", kind, { name: "kind" }),
      field("Holder", holder, { name: "holder" }),
      field("Valid from", from, { name: "validFrom" }),
      field("Valid until (if set)", until, { name: "validUntil" }),
      field("Granted (IST)", at, { name: "at" })),
    submit: "Grant",
    fieldMap: { "words:prohibits": "orderId" },
    run: async () => {
      const data = await gql("GrantLicence", {
        input: { orderId: order.value, kind: kind.value, holder: holder.value, validFrom: from.value, validUntil: until.value || null, at: fromIstInput(at.value) },
      }, { auth: true });
      const l = data.grantLicence;
      reload(`${label(l.kind)} granted to ${l.holder} for ${money(l.fee)}.`);
    },
  });
}

function cancelForm(active, reload) {
  if (!active.length) return h("p", { class: "muted", "data-form": "cancel" }, "No licence or permit in force to cancel.");
  const licence = h("select", {}, active.map((l) => h("option", { value: l.id }, `${label(l.kind)}: ${l.holder}`)));
  const reason = text({ required: true });
  const at = h("input", { type: "datetime-local", required: true, value: istInput() });
  return actionForm({
    name: "cancel",
    title: "Cancel a licence or permit",
    body: grid(
      field("Licence or permit", licence, { name: "licenceId" }),
      field("Reason", reason, { name: "reason" }),
      field("Cancelled (IST)", at, { name: "at" })),
    submit: "Cancel it",
    fieldMap: { "code:CONFLICT": "licenceId" },
    run: async () => {
      const data = await gql("CancelLicence", { input: { licenceId: licence.value, reason: reason.value, at: fromIstInput(at.value) } }, { auth: true });
      reload(`${label(data.cancelLicence.kind)} of ${data.cancelLicence.holder} cancelled.`);
    },
  });
}

// ---- inspections an order provides for (s.4(2)(b)) ----
async function inspectionsTab(body, viewer, ctx, reload) {
  const { inspectors, inspections } = await gql("KeepingInspections", {}, { auth: true });
  if (ctx.stale()) return;
  fill(body, h("div", { class: "grid-2" },
    h("div", {},
      h("section", { class: "card", "aria-labelledby": "visits-h", "data-list": "inspections" },
        h("h2", { id: "visits-h" }, "Visits", h("span", { class: "count-pill" }, String(inspections.length))),
        inspections.length ? h("ul", { class: "plain records" }, inspections.map(inspectionItem))
          : h("p", { class: "muted" }, "No visit is on the register.")),
      h("section", { class: "card", "aria-labelledby": "inspectors-h", "data-list": "inspectors" },
        h("h2", { id: "inspectors-h" }, "Persons designated to inspect"),
        inspectors.length ? h("ul", { class: "plain records" }, inspectors.map((i) => h("li", { class: "record", "data-item": "inspector" },
          h("strong", {}, i.name), h("div", { class: "muted small" }, `Designated by the ${label(i.designatedBy).toLowerCase()}`,
            i.villageCouncil ? ` (${i.villageCouncil})` : "", " on ", timeEl(i.designatedOn, true), ` · ${i.reference}`))))
          : h("p", { class: "muted" }, "No one is designated yet."))),
    formsCard(viewer.role, [
      ["designateInspector", () => designateForm(reload), "A designation"],
      ["recordInspection", () => inspectionForm(inspectors, reload), "A visit"],
    ])));
}

function inspectionItem(v) {
  const hygiene = v.hygienic == null ? "hygiene not looked at" : v.hygienic ? "clean and sanitary" : "not clean or sanitary";
  return h("li", { class: "record", "data-item": "inspection" },
    h("strong", {}, v.place), v.contravention ? h("span", { class: "badge late" }, "contravention") : null,
    h("div", { class: "small" }, `${v.ownerName}, ${v.ownerAddress} · ${hygiene}`),
    h("div", { class: "muted small" }, timeEl(v.at), ` · by ${v.inspectorName}`, v.area ? ` · under the order for ${v.area}` : ""),
    v.findings.length ? h("ul", { class: "small" }, v.findings.map((f) => h("li", {},
      `${f.heads} ${f.species}, ${label(f.mode).toLowerCase()} by ${label(f.timeOfDay).toLowerCase()}: `,
      f.complies ? "complies" : "does not comply", ` (${f.sections.join(", ")})`))) : null,
    v.offenceCaseId ? h("div", { class: "small" }, h("a", { href: "#/keeping/compositions" }, "An offence case was opened")) : null,
    v.notes ? h("div", { class: "muted small" }, v.notes) : null);
}

function designateForm(reload) {
  const name = text({ required: true, autocomplete: "off" });
  const by = h("select", {}, ["GOVERNMENT", "VILLAGE_COUNCIL"].map((v) => h("option", { value: v }, label(v))));
  const council = text();
  const on = h("input", { type: "date", required: true, value: today() });
  const reference = text({ required: true });
  return actionForm({
    name: "designate",
    title: "Designate a person to inspect",
    body: grid(
      field("Name", name, { name: "name" }),
      field("Designated by", by, { name: "designatedBy" }),
      field("Village Council (if it designated)", council, { name: "villageCouncil" }),
      field("Designated on", on, { name: "designatedOn" }),
      field("Order or reference", reference, { name: "reference" })),
    submit: "Designate",
    fieldMap: {},
    run: async () => {
      const data = await gql("DesignateInspector", {
        input: { name: name.value, designatedBy: by.value, villageCouncil: optional(council.value), designatedOn: on.value, reference: reference.value },
      }, { auth: true });
      reload(`${data.designateInspector.name} designated to inspect.`);
    },
  });
}

function inspectionForm(inspectors, reload) {
  if (!inspectors.length) return h("p", { class: "muted", "data-form": "inspection" }, "Designate a person to inspect first.");
  const inspector = h("select", {}, inspectors.map((i) => h("option", { value: i.id }, i.name)));
  const at = h("input", { type: "datetime-local", required: true, value: istInput() });
  const place = text({ required: true });
  const area = text();
  const owner = text({ required: true, autocomplete: "off" });
  const address = text({ required: true });
  const hygienic = h("select", {}, [["", "Not looked at"], ["true", "Clean and sanitary"], ["false", "Not clean or sanitary"]]
    .map(([v, t]) => h("option", { value: v }, t)));
  const species = text({ placeholder: "none" });
  const heads = h("input", { type: "number", min: "1", step: "1", value: "1" });
  const mode = h("select", {}, KEEPING_MODES.map((v) => h("option", { value: v }, label(v))));
  const time = h("select", {}, ["DAY", "NIGHT"].map((v) => h("option", { value: v }, label(v))));
  const notes = h("textarea", { rows: "2" });
  return actionForm({
    name: "inspection",
    title: "Record a visit",
    intro: "Inspection lies only under an order in force for the area that provides for it. A contravention found opens an offence case.",
    body: grid(
      field("Inspector", inspector, { name: "inspectorId" }),
      field("When (IST)", at, { name: "at" }),
      field("Premises visited", place, { name: "place" }),
      field("Area under the order (if not the premises)", area, { name: "area" }),
      field("Owner", owner, { name: "ownerName" }),
      field("Owner's address", address, { name: "ownerAddress" }),
      field("Hygiene", hygienic, { name: "hygienic" }),
      field("Animals found (species, if any)", species, { name: "findings" }),
      field("Head", heads, { name: "heads" }),
      field("Kept", mode, { name: "mode" }),
      field("By", time, { name: "timeOfDay" }),
      field("Notes", notes, { name: "notes" })),
    submit: "Record the visit",
    fieldMap: { "words:before it happens|not yet designated": "at" },
    run: async () => {
      const findings = species.value.trim()
        ? [{ species: species.value.trim(), heads: Number(heads.value) || 1, mode: mode.value, timeOfDay: time.value }] : [];
      const data = await gql("RecordInspection", {
        input: {
          inspectorId: inspector.value, at: fromIstInput(at.value), place: place.value, area: optional(area.value),
          ownerName: owner.value, ownerAddress: address.value, findings,
          hygienic: hygienic.value === "" ? null : hygienic.value === "true", notes: notes.value,
        },
      }, { auth: true });
      const v = data.recordInspection;
      reload(v.contravention ? "Visit recorded: a contravention was found and an offence case opened." : "Visit recorded: no contravention.");
    },
  });
}

// ---- offences and their composition (s.10) ----
async function compositionsTab(body, viewer, ctx, reload) {
  const { offenceCases: cases, cattleLicences: licences } = await gql("OffenceCases", {}, { auth: true });
  if (ctx.stale()) return;
  const offences = viewer.tenant.jurisdiction.offences;
  fill(body, h("div", { class: "grid-2" },
    h("section", { class: "card", "aria-labelledby": "cases-h", "data-list": "offence-cases" },
      h("h2", { id: "cases-h" }, "Offence cases", h("span", { class: "count-pill" }, String(cases.length))),
      cases.length ? h("ul", { class: "plain records" }, cases.map(caseItem))
        : h("p", { class: "muted" }, "No offence case is on the register.")),
    formsCard(viewer.role, [
      ["recordOffence", () => offenceForm(offences, reload, OFFENDER_ROLES), "An offence"],
      ["compoundOffence", () => compoundForm(cases.filter((c) => !CLOSED.includes(c.status)), licences.filter((l) => !l.cancelledAt), reload), "A composition"],
    ])));
}

function caseItem(c) {
  return h("li", { class: "record", "data-item": "offence-case", "data-status": c.status },
    h("strong", {}, `${c.offender.name}`), h("span", { class: `status st-${c.status.toLowerCase()}` }, label(c.status)),
    h("div", { class: "small" }, c.offence.title, " — ", citeMarked(c.offence.citation)),
    h("div", { class: "muted small" }, "Committed ", timeEl(c.committedAt), ` · ${label(c.offender.role).toLowerCase()}, ${c.offender.address}`),
    c.steps.map((s) => h("div", { class: "muted small" }, `${label(s.kind)}: ${s.authority}, `, timeEl(s.at))),
    c.compositions.map((x) => h("div", { class: "small", "data-item": "composition" },
      h("strong", {}, `Compounded for ${money(x.amount)}`), x.releaseSum ? ` and ${money(x.releaseSum)} for the release of ${x.thingsReleased}` : "",
      ", ", timeEl(x.at), ": ", x.acquitted ? "an acquittal (proceedings had begun)" : "no proceedings may be taken for the offence",
      x.licenceCancellation ? `; licence cancelled (${x.licenceCancellation.reason})` : "")));
}

function compoundForm(open, licences, reload) {
  if (!open.length) return h("p", { class: "muted", "data-form": "compound" }, "No open offence case to compound.");
  const offence = h("select", {}, open.map((c) => h("option", { value: c.id }, `${c.offender.name} — s.${c.section}, `, day(c.committedAt))));
  const amount = decimalInput();
  const at = h("input", { type: "datetime-local", required: true, value: istInput() });
  const release = decimalInput();
  const estimate = decimalInput();
  const things = text();
  const licence = h("select", {}, h("option", { value: "" }, "None"), licences.map((l) => h("option", { value: l.id }, `${label(l.kind)}: ${l.holder}`)));
  const reason = text();
  amount.required = true;
  const cap = () => open.find((c) => c.id === offence.value)?.offence;
  const capHint = h("small", { class: "hint", id: "compound-cap" });
  const showCap = () => {
    const o = cap();
    fill(capHint, o?.compositionMax != null ? [`At most ${money(o.compositionMax)}, under `, citesMarked(o.citations)] : "");
  };
  offence.addEventListener("change", showCap);
  const amountField = field("Composition money (₹)", amount, { name: "amount" });
  amount.setAttribute("aria-describedby", capHint.id);
  amountField.append(capHint);
  showCap();
  return actionForm({
    name: "compound",
    title: "Compound an offence",
    intro: "Before proceedings it bars them; after, it is an acquittal.",
    body: grid(
      field("Offence case", offence, { name: "offenceId" }),
      amountField,
      field("Compounded (IST)", at, { name: "at" }),
      field("Further sum for release (₹), if any", release, { name: "releaseSum" }),
      field("Estimated value of the things (₹)", estimate, { name: "estimatedValue" }),
      field("Things released", things, { name: "thingsReleased" }),
      field("Licence cancelled with it", licence, { name: "cancelLicenceId" }),
      field("Why the licence is cancelled", reason, { name: "cancelLicenceReason" })),
    submit: "Compound",
    fieldMap: { "code:FINE_ABOVE_CAP": "amount", "words:further sum": "releaseSum", "words:nothing left to compound|second composition": "offenceId" },
    run: async () => {
      const data = await gql("CompoundOffence", {
        input: {
          offenceId: offence.value, amount: amount.value.trim(), at: fromIstInput(at.value),
          releaseSum: optional(release.value), estimatedValue: optional(estimate.value), thingsReleased: optional(things.value),
          cancelLicenceId: licence.value || null, cancelLicenceReason: optional(reason.value),
        },
      }, { auth: true });
      const x = data.compoundOffence;
      reload(`Compounded for ${money(x.amount)}: ${x.acquitted ? "an acquittal" : "no proceedings may be taken"}.`);
    },
  });
}

// ---- the dashboard's part: the registers at a glance ----
export async function keepingDashboard(capabilities) {
  const tabs = keepingTabs(capabilities);
  if (!tabs.length) return null;
  const data = await gql("KeepingSummary", {}, { auth: true });
  const now = today();
  const inForce = data.notifiedOrders.filter((o) => o.effectiveFrom <= now && (!o.effectiveUntil || o.effectiveUntil >= now)).length;
  const held = data.cattleLicences.filter((l) => !l.cancelledAt).length;
  const found = data.inspections.filter((v) => v.contravention).length;
  const open = data.offenceCases.filter((c) => !CLOSED.includes(c.status)).length;
  const counts = {
    orders: [inForce, "orders in force"],
    licences: [held, "licences and permits held"],
    inspections: [found, "visits that found a contravention"],
    compositions: [open, "offence cases open"],
  };
  return [
    h("div", { class: "tiles keeping-tiles" }, tabs.map(([key]) => h("div", { class: "tile", "data-count": key },
      h("span", { class: "tile-value" }, String(counts[key][0])), h("span", { class: "tile-label" }, counts[key][1])))),
    h("section", { class: "card", "aria-labelledby": "registers-h", "data-list": "registers" },
      h("h2", { id: "registers-h" }, "Registers"),
      h("ul", { class: "plain records" }, tabs.map(([key, title]) => h("li", { class: "record" },
        h("a", { href: `#/keeping/${key}` }, title),
        h("div", { class: "muted small" }, {
          orders: "Orders prohibiting or regulating the keeping or movement of cattle in an area.",
          licences: "Licences to keep and permits to move cattle under a regulating order; their cancellation.",
          inspections: "Persons designated to inspect, and their visits under an order providing for inspection.",
          compositions: "Offences under the Act, and their composition for money.",
        }[key]))))),
  ];
}
