// The department's registers beyond a case: a new seizure, pounds, rates, the registration of
// animals and their tax, establishments, and where the Act is in force. Each page lists what
// is recorded and, to the roles the API lets record it, the form that records more.
import { ApiError, citeList, day, field, fill, gql, h, istInput, label, loading, rupees, timeEl } from "./lib.js";
import {
  actionForm, checkbox, checkField, countInput, dateInput, dateTimeInput, grid, ist, may, moneyInput,
  personFields, readOnly, selectInput, textInput,
} from "./forms.js";
import { offencesPage } from "./offences.js";

// Each page: its path, its tab's words, and the chapter of the Act it needs (null: any Act).
const PAGES = [
  ["seizure", "New seizure", "IMPOUNDMENT"],
  ["pounds", "Pounds", "IMPOUNDMENT"],
  ["rates", "Rates", null],
  ["registration", "Registration of animals", "ANIMAL_REGISTRATION"],
  ["establishments", "Establishments", "ESTABLISHMENT_REGISTRATION"],
  ["offences", "Offences and fines", null],
  ["grazing", "Grazing grounds", "GRAZING_GROUNDS"],
  ["extent", "Where the Act is in force", null],
];

export const workPages = (capabilities) => PAGES.filter(([, , cap]) => !cap || capabilities.includes(cap));

function tabs(active, capabilities) {
  return h("nav", { class: "tabs", "aria-label": "The registers" },
    workPages(capabilities).map(([key, text]) =>
      h("a", { href: `#/work/${key}`, class: key === active ? "active" : null, "aria-current": key === active ? "page" : null }, text)));
}

const VIEWS = {
  seizure: seizurePage,
  pounds: poundsPage,
  rates: ratesPage,
  registration: registrationPage,
  establishments: establishmentsPage,
  offences: offencesPage,
  grazing: grazingPage,
  extent: extentPage,
};

export async function workView(view, page, ctx) {
  view.append(loading());
  const show = VIEWS[page] || VIEWS.seizure;
  const reload = (message) => { flash = message; ctx.go(location.hash); };
  const [title, parts, viewer] = await show(reload, ctx);
  if (ctx.stale()) return;
  const caps = viewer.tenant.jurisdiction.capabilities;
  fill(view,
    h("p", { class: "crumbs" }, h("a", { href: "#/dashboard" }, "Dashboard"), " / ", title),
    h("div", { class: "page-head" }, h("h1", { tabindex: "-1" }, title),
      h("p", { class: "lede" }, `${viewer.tenant.name} · ${viewer.tenant.jurisdiction.name}`)),
    tabs(page in VIEWS ? page : "seizure", caps),
    flash ? h("p", { class: "success", role: "status" }, flash) : null,
    parts);
  flash = null;
}
let flash = null;

// A table that may scroll sideways on a phone: a region the keyboard can reach and scroll.
const table = (heads, rows, empty, name = "The list") => (rows.length
  ? h("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": name }, h("table", { class: "table" },
    h("thead", {}, h("tr", {}, heads.map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", {}, rows.map((r) => h("tr", {}, r.map((cell) => h("td", {}, cell)))))))
  : h("p", { class: "muted" }, empty));

const card = (name, title, ...children) =>
  h("section", { class: "card", "aria-labelledby": `${name}-h`, "data-section": name }, h("h2", { id: `${name}-h` }, title), ...children);

// ---- a new seizure: the register entry and its animals ----
async function seizurePage(reload, ctx) {
  const { viewer, pounds, compare, kindNotifications } = await gql("NewCaseForm", {}, { auth: true });
  const j = viewer.tenant.jurisdiction;
  const species = speciesOf(j.code, compare, kindNotifications);
  if (!j.capabilities.includes("IMPOUNDMENT")) {
    return ["New seizure", h("p", { class: "card muted" }, `${j.name}'s Act keeps no pounds or seizure register.`), viewer];
  }
  const body = may(viewer.role, "recordSeizure")
    ? (pounds.length ? seizureForm(j, pounds, species, ctx) : h("p", { class: "muted" }, "No pound is recorded yet: ", h("a", { href: "#/work/pounds" }, "record a pound"), " first."))
    : readOnly(viewer.role, ["recordSeizure"]);
  return ["New seizure", card("seizure", "Enter a seizure in the register", body,
    h("details", {}, h("summary", {}, "Who may seize, and where, under the Act"),
      h("ul", { class: "plain small" }, j.seizurePowers.map((p) => h("li", {},
        h("strong", {}, label(p.capacity)), `: ${p.places.map(label).join(", ")}`,
        p.damageRequired ? " (only an animal found doing damage)" : "", " — ", citeList(p.citations)))))), viewer];
}

// The kinds the tenant's Act names (its definition of cattle, and kinds named beside them),
// with those a notification has added since and less those it has taken out: offered as
// suggestions, not a closed list, for an Act whose "animal" reaches any domesticated kind
// (the API refuses a species it does not know, with UNKNOWN_SPECIES, beside the field).
function speciesOf(code, compare, notifications) {
  const named = compare.rows.filter((r) => r.jurisdiction === code)
    .flatMap((r) => r.facts.filter((f) => f.kind === "SPECIES").flatMap((f) => f.items));
  const today = istInput().slice(0, 10);
  const kinds = new Set(named);
  for (const n of [...notifications].filter((x) => x.effectiveFrom <= today).sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom))) {
    if (n.included) kinds.add(n.species); else kinds.delete(n.species);
  }
  return [...kinds];
}

function animalRow(n) {
  const species = textInput("", { autocomplete: "off", list: "seizure-species" });
  const count = countInput("1", "1");
  const description = textInput("", { required: false });
  const tags = textInput("", { required: false });
  const row = h("fieldset", { class: "animal-row", "data-row": String(n) },
    h("legend", {}, `Animals, line ${n}`),
    h("div", { class: "form-grid" },
      field("Species", species, { name: `animals.${n}.species` }),
      field("Head", count, { name: `animals.${n}.count` }),
      field("Marks and colour", description, { name: `animals.${n}.description` }),
      field("Ear tags", tags, { name: `animals.${n}.earTags`, hint: "Separated by commas, if any" })));
  const value = () => ({
    species: species.value.trim(), count: Number(count.value), description: description.value.trim(),
    earTags: tags.value.split(",").map((t) => t.trim()).filter(Boolean),
  });
  return { row, value, species };
}

function seizureForm(j, pounds, species, ctx) {
  const pound = selectInput(pounds.map((p) => [p.id, `${p.name} (${p.localAuthority.name})`]));
  const seized = dateTimeInput();
  const impounded = dateTimeInput();
  const placeKind = selectInput(j.placesOfSeizure);
  const place = textInput();
  const area = textInput("", { required: false });
  const capacity = selectInput([...new Set(j.seizurePowers.map((p) => p.capacity))]);
  const signed = checkbox(true);
  const damage = textInput("", { required: false });
  const [seizerFields, seizer] = personFields("seizer", { who: "Seizer's " });
  const [ownerFields, owner, ownerKnown] = personFields("owner", { who: "Owner's ", required: false });
  const rows = [animalRow(1)];
  const list = h("div", {}, rows[0].row);
  const more = h("button", { type: "button", class: "secondary small-btn" }, "Add a line of animals");
  more.addEventListener("click", () => {
    const r = animalRow(rows.length + 1);
    rows.push(r);
    list.append(r.row);
    r.species.focus();
  });
  const animals = h("div", { class: "field", "data-field": "animals" }, list, h("div", { class: "actions" }, more),
    h("datalist", { id: "seizure-species" }, species.map((s) => h("option", { value: s }))));
  return actionForm({
    name: "seizure",
    title: "The seizure",
    intro: "As the register records it: when and where the animals were seized, by whom, and when the pound received them.",
    body: [
      grid(field("Pound", pound, { name: "poundId" }),
        field("Seized (IST)", seized, { name: "seizedAt" }),
        field("Received at the pound (IST)", impounded, { name: "impoundedAt" }),
        field("Kind of place", placeKind, { name: "placeKind" }),
        field("Place of seizure", place, { name: "place" }),
        field("Local area", area, { name: "area", hint: "Default: the pound's local authority" })),
      h("fieldset", { class: "group" }, h("legend", {}, "Seized by"),
        grid(...seizerFields,
          field("In the capacity of", capacity, { name: "seizerCapacity", hint: "A power the Act gives" }),
          field("Damage found", damage, { name: "damage", hint: "Where the Act requires damage" })),
        checkField(signed, "The seizer signed the register entry", "seizerSigned")),
      h("fieldset", { class: "group" }, h("legend", {}, "Owner, if known"), grid(...ownerFields)),
      animals,
    ],
    submit: "Enter the seizure",
    fieldMap: {
      seizer: "seizer.name", owner: "owner.name", species: "animals.1.species", "code:UNKNOWN_SPECIES": "animals.1.species",
      // The line the error names, among the lines sent (those with a species).
      row: (err, i) => {
        const n = rows.indexOf(rows.filter((r) => r.value().species)[i]) + 1;
        if (!n) return null;
        const part = err.field === "animals.count" ? "count" : /ear tags/.test(err.message) ? "earTags" : "species";
        return `animals.${n}.${part}`;
      },
    },
    run: async () => {
      const data = await gql("RecordSeizure", {
        input: {
          poundId: pound.value, seizedAt: ist(seized.value), impoundedAt: ist(impounded.value),
          placeKind: placeKind.value, place: place.value.trim(), area: area.value.trim() || null,
          seizer: seizer(), seizerSigned: signed.checked, seizerCapacity: capacity.value,
          damage: damage.value.trim() || null, owner: ownerKnown() ? owner() : null,
          animals: rows.map((r) => r.value()).filter((a) => a.species),
        },
      }, { auth: true });
      ctx.go(`#/case/${encodeURIComponent(data.recordSeizure.id)}`);
    },
  });
}

// ---- pounds ----
async function poundsPage(reload) {
  const { viewer, pounds } = await gql("PoundsPage", {}, { auth: true });
  const name = textInput();
  const authorities = [...new Set(pounds.map((p) => p.localAuthority.name))];
  const authority = textInput("", { list: "local-authorities", autocomplete: "off" });
  const form = may(viewer.role, "createPound")
    ? actionForm({
      name: "pound",
      title: "Record a pound",
      body: [grid(field("Name", name, { name: "name" }),
        field("Local authority", authority, { name: "localAuthority", hint: "The Village Council or Town Committee controlling it" })),
      h("datalist", { id: "local-authorities" }, authorities.map((a) => h("option", { value: a })))],
      submit: "Record the pound",
      run: async () => {
        const data = await gql("CreatePound", { input: { name: name.value.trim(), localAuthority: authority.value.trim() } }, { auth: true });
        reload(`Pound recorded: ${data.createPound.name}.`);
      },
    })
    : readOnly(viewer.role, ["createPound"]);
  return ["Pounds", [card("pounds", "The department's pounds",
    table(["Pound", "Local authority"], pounds.map((p) => [p.name, p.localAuthority.name]), "No pound is recorded yet.", "The department's pounds")),
  card("new-pound", "A new pound", form)], viewer];
}

// ---- rates notified ----
async function ratesPage(reload) {
  const { viewer, pounds, notifications } = await gql("RatesPage", {}, { auth: true });
  const rules = viewer.tenant.jurisdiction.rates;
  const listed = card("rates", "Rates notified",
    table(["Kind", "Species", "Amount", "From", "Published", "Reference"], notifications.map((n) => [
      label(n.kind), n.species || "every species", rupees(n.amount), day(n.effectiveFrom), day(n.publishedOn),
      [n.reference, n.aerodrome ? ` · ${n.aerodrome}` : ""]]), "No rate has been notified.", "Rates notified"),
    rules.length ? h("details", {}, h("summary", {}, "The rates the Act leaves to notification"),
      h("ul", { class: "plain small" }, rules.map((r) => h("li", {}, h("strong", {}, label(r.kind)),
        ` — fixed by ${r.fixedBy}${r.perSpecies ? ", per species" : ""}${r.byLocalArea ? ", may differ by local area" : ""} `,
        citeList(r.citations))))) : null);
  if (!rules.length) return ["Rates", [listed], viewer];
  if (!may(viewer.role, "publishNotification")) return ["Rates", [listed, card("new-rate", "Publish a rate", readOnly(viewer.role, ["publishNotification"]))], viewer];
  const kind = selectInput(rules.map((r) => r.kind));
  const species = textInput("", { required: false });
  const amount = moneyInput();
  const from = dateInput();
  const published = h("input", { type: "date" });
  const reference = textInput();
  const aerodrome = textInput("", { required: false });
  const authorities = new Map(pounds.map((p) => [p.localAuthority.id, p.localAuthority.name]));
  const authority = selectInput([...authorities], { blank: "Every local area" });
  const pound = selectInput(pounds.map((p) => [p.id, p.name]), { blank: "Every pound" });
  const form = actionForm({
    name: "rate",
    title: "Publish a rate notification",
    body: grid(field("Kind", kind, { name: "kind" }),
      field("Species", species, { name: "species", hint: "Empty: every species" }),
      field("Amount (₹)", amount, { name: "amount" }),
      field("Takes effect on", from, { name: "effectiveFrom" }),
      field("Published in the Gazette on", published, { name: "publishedOn", hint: "Empty: the day it takes effect" }),
      field("Gazette reference", reference, { name: "reference" }),
      field("Aerodrome", aerodrome, { name: "aerodrome", hint: "Only for a rate fixed for an aerodrome" }),
      field("Local authority", authority, { name: "localAuthorityId", hint: "Where the Act lets rates differ by local area" }),
      field("Pound", pound, { name: "poundId", hint: "A locality within a local area" })),
    submit: "Publish",
    run: async () => {
      const data = await gql("PublishNotification", {
        input: {
          kind: kind.value, species: species.value.trim() || null, amount: amount.value.trim(),
          effectiveFrom: from.value, publishedOn: published.value || null, reference: reference.value.trim(),
          aerodrome: aerodrome.value.trim() || null, localAuthorityId: authority.value || null, poundId: pound.value || null,
        },
      }, { auth: true });
      const n = data.publishNotification;
      reload(`Published: ${label(n.kind)}, ${rupees(n.amount)} from ${day(n.effectiveFrom)}.`);
    },
  });
  return ["Rates", [listed, card("new-rate", "Publish a rate", form)], viewer];
}

// ---- registration of animals, and animal tax where the Act levies it ----
async function registrationPage(reload) {
  const { viewer, registrations, taxInstalments } = await gql("RegistrationPage", {}, { auth: true });
  const caps = viewer.tenant.jurisdiction.capabilities;
  const taxed = caps.includes("ANIMAL_TAX");
  const heads = (r) => r.animals.map((a) => `${a.species}: ${a.adults} adult, ${a.young} young`).join("; ");
  const byReg = (id) => taxInstalments.filter((t) => t.registrationId === id);
  const listed = card("registrations", "The register of animals",
    table(["Owner", "Animals", "Registered", "Fee", ...(taxed ? ["Animal tax"] : [])], registrations.map((r) => [
      [r.owner.name, h("div", { class: "muted small" }, r.owner.address, ` · ${label(r.owner.category)}`)],
      heads(r),
      [timeEl(r.registeredAt), r.late ? h("span", { class: "badge late" }, "late") : null],
      r.exempt ? "exempt" : rupees(r.fee),
      ...(taxed ? [byReg(r.id).map((t) => h("div", { class: "small" },
        `${t.year} no. ${t.number}: ${rupees(t.amount)} `, t.paid ? "paid" : ["due ", day(t.dueOn)]))] : []),
    ]), "No animal is registered yet.", "The register of animals"));
  const parts = [listed];
  parts.push(card("register", "Register an owner's animals",
    may(viewer.role, "registerAnimals") ? registerForm(reload) : readOnly(viewer.role, ["registerAnimals"])));
  if (taxed) {
    const forms = [];
    if (may(viewer.role, "assessAnimalTax") && registrations.length) forms.push(assessForm(registrations, reload));
    const unpaid = taxInstalments.filter((t) => !t.paid);
    if (may(viewer.role, "payAnimalTax") && unpaid.length) forms.push(payForm(unpaid, registrations, reload));
    parts.push(card("tax", "Animal tax",
      forms.length ? forms : (may(viewer.role, "assessAnimalTax")
        ? h("p", { class: "muted" }, "Register an owner's animals first.") : readOnly(viewer.role, ["assessAnimalTax"]))));
    parts.push(await appealsCard(viewer.role, registrations, taxInstalments, reload));
  }
  return ["Registration of animals", parts, viewer];
}

// ---- appeals against a registration or an assessment of tax ----
async function appealsCard(role, registrations, instalments, reload) {
  const { registrationAppeals: appeals } = await gql("RegistrationAppeals", {}, { auth: true });
  const subjects = [
    ...registrations.map((r) => [r.id, `Registration of ${r.owner.name}'s animals`]),
    ...instalments.map((t) => [t.id, `Animal tax ${t.year} no. ${t.number} (${rupees(t.amount)}) of ${registrations.find((r) => r.id === t.registrationId)?.owner.name || "—"}`]),
  ];
  const named = new Map(subjects);
  const forms = [];
  if (may(role, "recordRegistrationAppeal") && subjects.length) forms.push(appealForm(subjects, reload));
  if (may(role, "decideRegistrationAppeal")) forms.push(...appeals.filter((a) => !a.outcome).map((a) => decideAppealForm(a, reload)));
  return card("appeals", "Appeals",
    table(["Against", "Appellant", "To", "Filed", "Outcome"], appeals.map((a) => [
      named.get(a.subject) || a.subject, a.appellant, a.authority, day(a.filedOn),
      a.outcome ? [label(a.outcome), " ", day(a.decidedOn), a.remarks ? h("div", { class: "muted small" }, a.remarks) : null] : "pending",
    ]), "No appeal has been filed.", "Appeals"),
    appeals[0] ? h("p", { class: "muted small" }, appeals[0].explanation, " ", citeList(appeals[0].citations)) : null,
    forms.length ? forms : (may(role, "recordRegistrationAppeal") ? null : readOnly(role, ["recordRegistrationAppeal"])));
}

function appealForm(subjects, reload) {
  const subject = selectInput(subjects);
  const appellant = textInput("", { autocomplete: "off" });
  const authority = textInput();
  const filed = dateInput();
  const grounds = h("textarea", { rows: "2", required: true });
  return actionForm({
    name: "appeal",
    title: "Record an appeal",
    intro: "Against a registration or an assessment of animal tax, to the authority the Act names.",
    body: grid(field("Against", subject, { name: "subject" }), field("Appellant", appellant, { name: "appellant" }),
      field("Appealed to", authority, { name: "authority" }), field("Filed on", filed, { name: "filedOn" }),
      field("Grounds", grounds, { name: "grounds" })),
    submit: "Record the appeal",
    fieldMap: { "code:NOT_IN_JURISDICTION": "subject", "code:TOO_LATE": "filedOn" },
    run: async () => {
      await gql("RecordRegistrationAppeal", {
        input: { subject: subject.value, appellant: appellant.value.trim(), authority: authority.value.trim(), filedOn: filed.value, grounds: grounds.value.trim() },
      }, { auth: true });
      reload("Appeal recorded: it awaits its decision.");
    },
  });
}

function decideAppealForm(appeal, reload) {
  const outcome = selectInput(["ALLOWED", "PARTLY_ALLOWED", "DISMISSED", "WITHDRAWN"]);
  const decided = dateInput();
  const remarks = textInput("", { required: false });
  return actionForm({
    name: `decide-appeal-${appeal.id}`,
    title: `Decide the appeal of ${appeal.appellant}`,
    body: grid(field("Outcome", outcome, { name: "outcome" }), field("Decided on", decided, { name: "decidedOn" }),
      field("Remarks", remarks, { name: "remarks" })),
    submit: "Record the outcome",
    fieldMap: { "code:CONFLICT": "outcome" },
    run: async () => {
      await gql("DecideRegistrationAppeal", {
        input: { appealId: appeal.id, outcome: outcome.value, decidedOn: decided.value, remarks: remarks.value.trim() },
      }, { auth: true });
      reload(`Appeal ${label(outcome.value).toLowerCase()}.`);
    },
  });
}

function registerForm(reload) {
  const [ownerFields, owner] = personFields("owner", { who: "Owner's " });
  const category = selectInput(["PRIVATE", "CENTRAL_GOVERNMENT", "STATE_GOVERNMENT", "NORTH_EASTERN_COUNCIL", "GOVERNMENT_CORPORATION", "VILLAGE_COUNCIL"]);
  const at = dateTimeInput();
  const since = dateInput();
  const council = textInput("", { required: false });
  const species = textInput("", { autocomplete: "off" });
  const adults = countInput("1");
  const young = countInput("0");
  return actionForm({
    name: "register",
    title: "The owner reports his animals",
    body: [grid(...ownerFields,
      field("Owner is", category, { name: "owner.category", hint: "An Act may exempt some owners" }),
      field("Reported (IST)", at, { name: "at" }),
      field("Owned since", since, { name: "ownedSince" }),
      field("Village Council", council, { name: "villageCouncil", hint: "Its fund receives the fee" })),
    h("fieldset", { class: "group field", "data-field": "animals" }, h("legend", {}, "Animals"),
      grid(field("Species", species, { name: "species" }), field("Adults", adults, { name: "adults" }),
        field("Young", young, { name: "young" })))],
    submit: "Register",
    fieldMap: { "code:TOO_LATE": "at" },
    run: async () => {
      const data = await gql("RegisterAnimals", {
        input: {
          owner: { ...owner(), category: category.value }, at: ist(at.value), ownedSince: since.value,
          villageCouncil: council.value.trim() || null,
          animals: [{ species: species.value.trim(), adults: Number(adults.value), young: Number(young.value) }],
        },
      }, { auth: true });
      reload(`Registered: fee ${rupees(data.registerAnimals.fee)}${data.registerAnimals.late ? " (late)" : ""}.`);
    },
  });
}

const ownerOf = (registrations, id) => registrations.find((r) => r.id === id)?.owner.name || "—";

function assessForm(registrations, reload) {
  const reg = selectInput(registrations.map((r) => [r.id, `${r.owner.name} (${day(r.registeredAt)})`]));
  const year = h("input", { type: "number", required: true, min: "2000", step: "1", value: String(new Date().getFullYear()) });
  const schedule = selectInput(["ANNUAL", "HALF_YEARLY"]);
  return actionForm({
    name: "assess",
    title: "Assess a year's animal tax",
    body: grid(field("Registration", reg, { name: "registrationId" }), field("Year", year, { name: "year" }),
      field("Paid in", schedule, { name: "schedule" })),
    submit: "Assess",
    run: async () => {
      const data = await gql("AssessAnimalTax", { input: { registrationId: reg.value, year: Number(year.value), schedule: schedule.value } }, { auth: true });
      reload(`Assessed: ${data.assessAnimalTax.map((t) => rupees(t.amount)).join(" and ")}.`);
    },
  });
}

function payForm(unpaid, registrations, reload) {
  const inst = selectInput(unpaid.map((t) => [t.id, `${ownerOf(registrations, t.registrationId)}, ${t.year} no. ${t.number}: ${rupees(t.amount)}`]));
  const amount = moneyInput(unpaid[0].amount);
  inst.addEventListener("change", () => { amount.value = unpaid.find((t) => t.id === inst.value)?.amount || ""; });
  const at = dateTimeInput();
  return actionForm({
    name: "pay-tax",
    title: "Take payment of an instalment",
    body: grid(field("Instalment", inst, { name: "instalmentId" }), field("Amount (₹)", amount, { name: "amount", hint: "In full" }),
      field("Paid (IST)", at, { name: "at" })),
    submit: "Take the payment",
    fieldMap: { "code:TOO_EARLY": "at", "code:TOO_LATE": "at" },
    run: async () => {
      const data = await gql("PayAnimalTax", { input: { instalmentId: inst.value, amount: amount.value.trim(), at: ist(at.value) } }, { auth: true });
      reload(`Paid: ${rupees(data.payAnimalTax.amount)}.`);
    },
  });
}

// ---- establishments ----
async function establishmentsPage(reload) {
  const { viewer, establishments } = await gql("EstablishmentsPage", {}, { auth: true });
  const listed = card("establishments", "Registered establishments",
    table(["Establishment", "Valid until", "Certificates"], establishments.map((e) => [e.name, day(e.validUntil),
      e.registrations.map((r) => h("div", { class: "small" }, `no. ${r.certificateNo}: fee ${rupees(r.fee)}`,
        r.penalty !== "0.00" ? `, penalty ${rupees(r.penalty)}` : ""))]), "No establishment is registered yet.", "Registered establishments"));
  const name = textInput();
  const last = dateInput();
  const applied = dateTimeInput();
  const onTime = checkbox(true);
  const form = may(viewer.role, "renewEstablishmentRegistration")
    ? actionForm({
      name: "establishment",
      title: "Register or renew an establishment",
      intro: "For twelve months; an application after its last date pays the Act's penalty.",
      body: [grid(field("Establishment", name, { name: "establishment" }),
        field("Last date for the application", last, { name: "lastDate" }),
        field("Applied (IST)", applied, { name: "appliedAt" })),
      checkField(onTime, "A valid application was made within the prescribed period", "validApplicationOnTime")],
      submit: "Register",
      fieldMap: { "code:TOO_EARLY": "appliedAt", "code:TOO_LATE": "appliedAt" },
      run: async () => {
        const data = await gql("RenewEstablishmentRegistration", {
          input: { establishment: name.value.trim(), lastDate: last.value, appliedAt: ist(applied.value), validApplicationOnTime: onTime.checked },
        }, { auth: true });
        const r = data.renewEstablishmentRegistration;
        reload(`Registered: certificate no. ${r.certificateNo}, fee ${rupees(r.fee)}.`);
      },
    })
    : readOnly(viewer.role, ["renewEstablishmentRegistration"]);
  return ["Establishments", [listed, card("new-establishment", "Register an establishment", form)], viewer];
}

// ---- grazing grounds a Village Council declares, and the orders for them ----
async function grazingPage(reload) {
  let data;
  try {
    data = await gql("GrazingPage", {}, { auth: true });
  } catch (err) {
    // An Act without grazing grounds (its tab is not shown) keeps no such register: the API
    // says so, naming the Act, to one who comes by the address.
    if (!(err instanceof ApiError) || err.code !== "NOT_IN_JURISDICTION") throw err;
    const { viewer } = await gql("ExtentPage", {}, { auth: true });
    return ["Grazing grounds", card("grazing", "Grazing grounds", h("p", { class: "muted" }, `${err.message}: there is no grazing register to keep.`)), viewer];
  }
  const { viewer, grazingGrounds: grounds } = data;
  // A ground's approval, or an order's decision, by the State Government.
  const state = (x) => {
    const d = x.approval || x.decision;
    return d ? `${d.approved ? "approved" : "not approved"} ${day(d.decidedOn)} (${d.reference})` : "awaiting approval";
  };
  const listed = card("grazing", "Grazing grounds",
    table(["Ground", "Declared", "Approval", "In force", "Orders"], grounds.map((g) => [
      [h("strong", {}, g.name), h("div", { class: "muted small" }, `${g.villageCouncil} · ${g.location}${g.extent ? ` · ${g.extent}` : ""}`)],
      [day(g.declaredOn), h("div", { class: "muted small" }, `${g.reference}; from ${day(g.effectiveFrom)}${g.effectiveUntil ? ` to ${day(g.effectiveUntil)}` : ""}`)],
      state(g),
      [g.inForce ? "yes" : "no", h("div", { class: "muted small" }, g.explanation, " ", citeList(g.citations))],
      g.orders.length ? g.orders.map((o) => h("div", { class: "small" }, h("strong", {}, o.title), `: ${state(o)}`)) : "—",
    ]), "No grazing ground is declared.", "Grazing grounds"));
  if (!may(viewer.role, "declareGrazingGround")) return ["Grazing grounds", [listed, card("new-grazing", "Record", readOnly(viewer.role, ["declareGrazingGround"]))], viewer];
  const undecided = [
    ...grounds.filter((g) => !g.approval).map((g) => [g.id, `The declaration of ${g.name}`]),
    ...grounds.flatMap((g) => g.orders.filter((o) => !o.decision).map((o) => [o.id, `The order “${o.title}” for ${g.name}`])),
  ];
  const forms = [declareGroundForm(reload)];
  if (undecided.length) forms.push(grazingDecisionForm(undecided, reload));
  if (grounds.length) forms.push(grazingOrderForm(grounds, reload));
  return ["Grazing grounds", [listed, card("new-grazing", "Record", forms)], viewer];
}

function declareGroundForm(reload) {
  const council = textInput();
  const name = textInput("", { autocomplete: "off" });
  const location = textInput();
  const extent = textInput("", { required: false });
  const reference = textInput();
  const declared = dateInput();
  const from = dateInput();
  const until = h("input", { type: "date" });
  return actionForm({
    name: "grazing-ground",
    title: "Record a declaration of a grazing ground",
    intro: "As the Village Council declared it; it takes effect with the State Government's approval.",
    body: grid(field("Village Council", council, { name: "villageCouncil" }), field("Name of the ground", name, { name: "name" }),
      field("The land", location, { name: "location" }), field("Extent", extent, { name: "extent", hint: "As declared, e.g. “12 ha”" }),
      field("Resolution", reference, { name: "reference" }), field("Declared on", declared, { name: "declaredOn" }),
      field("In force from", from, { name: "effectiveFrom" }), field("In force until (if set)", until, { name: "effectiveUntil" })),
    submit: "Record the declaration",
    fieldMap: { "words:take effect before": "effectiveFrom" },
    run: async () => {
      const data = await gql("DeclareGrazingGround", {
        input: {
          villageCouncil: council.value.trim(), name: name.value.trim(), location: location.value.trim(), extent: extent.value.trim() || null,
          reference: reference.value.trim(), declaredOn: declared.value, effectiveFrom: from.value, effectiveUntil: until.value || null,
        },
      }, { auth: true });
      reload(`Declaration of ${data.declareGrazingGround.name} recorded: it awaits the State Government's approval.`);
    },
  });
}

function grazingDecisionForm(subjects, reload) {
  const subject = selectInput(subjects);
  const approved = checkbox(true);
  const decided = dateInput();
  const reference = textInput();
  return actionForm({
    name: "grazing-decision",
    title: "Record the State Government's decision",
    body: [grid(field("On", subject, { name: "subjectId" }), field("Decided on", decided, { name: "decidedOn" }),
      field("Reference", reference, { name: "reference" })), checkField(approved, "Approved", "approved")],
    submit: "Record the decision",
    fieldMap: { "code:CONFLICT": "subjectId" },
    run: async () => {
      await gql("RecordGrazingDecision", {
        input: { subjectId: subject.value, approved: approved.checked, decidedOn: decided.value, reference: reference.value.trim() },
      }, { auth: true });
      reload(approved.checked ? "Approval recorded." : "Refusal of approval recorded.");
    },
  });
}

function grazingOrderForm(grounds, reload) {
  const ground = selectInput(grounds.map((g) => [g.id, g.name]));
  const title = textInput();
  const text = h("textarea", { rows: "2", required: true });
  const made = dateInput();
  const referred = dateInput();
  return actionForm({
    name: "grazing-order",
    title: "Record an order for a ground's control and management",
    intro: "Made by the Village Council and referred to the State Government for its prior approval.",
    body: grid(field("Ground", ground, { name: "groundId" }), field("Title", title, { name: "title" }),
      field("Its text", text, { name: "text" }), field("Made on", made, { name: "madeOn" }), field("Referred on", referred, { name: "referredOn" })),
    submit: "Record the order",
    run: async () => {
      const data = await gql("MakeGrazingOrder", {
        input: { groundId: ground.value, title: title.value.trim(), text: text.value.trim(), madeOn: made.value, referredOn: referred.value },
      }, { auth: true });
      reload(`Order “${data.makeGrazingOrder.title}” recorded: it awaits approval.`);
    },
  });
}

// ---- where the Act is in force ----
const GROUNDS = ["MUNICIPALITY", "AUTONOMOUS_DISTRICT_COUNCIL", "EXEMPTION", "EXCLUSION", "COMMENCEMENT", "CANCELLATION"];

async function extentPage(reload) {
  const { viewer, extentNotifications } = await gql("ExtentPage", {}, { auth: true });
  const listed = card("extent", "Extent entries",
    table(["Area", "Ground", "In force", "From", "Reference"], extentNotifications.map((n) => [
      n.area, label(n.ground), n.inForce ? "yes" : "no", day(n.effectiveFrom), n.reference || "—"]), "No entry: the Act is in force where it says.", "Extent entries"));
  const area = textInput();
  const ground = selectInput(GROUNDS);
  const from = dateInput();
  const reference = textInput("", { required: false });
  const form = may(viewer.role, "recordExtentNotification")
    ? actionForm({
      name: "extent",
      title: "Enter that the Act is, or is not, in force in an area",
      body: grid(field("Area", area, { name: "area", hint: "A local authority's area, as named" }),
        field("Ground", ground, { name: "ground" }),
        field("From", from, { name: "effectiveFrom" }),
        field("Gazette reference", reference, { name: "reference", hint: "Empty for the Act's own words" })),
      submit: "Record the entry",
      run: async () => {
        const data = await gql("RecordExtentNotification", {
          input: { area: area.value.trim(), ground: ground.value, effectiveFrom: from.value, reference: reference.value.trim() },
        }, { auth: true });
        const n = data.recordExtentNotification;
        reload(`Recorded: the Act is ${n.inForce ? "" : "not "}in force in ${n.area} from ${day(n.effectiveFrom)}.`);
      },
    })
    : readOnly(viewer.role, ["recordExtentNotification"]);
  return ["Where the Act is in force", [listed, card("new-extent", "A new entry", form)], viewer];
}
