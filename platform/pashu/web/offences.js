// Offences and what follows them: the offence recorded, the fine a magistrate imposes within
// the Act's bounds, its payment into the funds the Act names, a fine recovered by the sale of
// cattle not in a pound, and compensation ordered. The register of every Act (#/work/offences);
// the form recording an offence is shared with the compositions of web/keeping.js.
import { citeLink, day, field, gql, h, label, rupees, timeEl } from "./lib.js";
import {
  actionForm, checkbox, checkField, countInput, dateTimeInput, grid, ist, may, moneyInput,
  personFields, readOnly, selectInput, textInput,
} from "./forms.js";

const OFFENDER_ROLES = ["OWNER", "KEEPER", "SEIZER", "POUND_KEEPER", "BUYER", "CORPORATION", "OFFICER_OF_CORPORATION"];
const FINED = ["FINED", "COMPOUNDED"];
const card = (name, title, ...children) =>
  h("section", { class: "card", "aria-labelledby": `${name}-h`, "data-section": name }, h("h2", { id: `${name}-h` }, title), ...children);

/** The form recording an offence against a person, under a section the Act gives. */
export function offenceForm(offences, reload, roles = OFFENDER_ROLES) {
  const usable = offences.filter((o) => o.applicable);
  const section = selectInput(usable.map((o) => [o.section, `s.${o.section}: ${o.title}`]));
  const [fields, offender] = personFields("offender", { who: "Offender's " });
  const role = selectInput(roles);
  const at = dateTimeInput();
  const marked = usable.filter((o) => o.confidence !== "READ");
  return actionForm({
    name: "offence",
    title: "Record an offence",
    intro: marked.length
      ? ["The text of ", marked.map((o, i) => [i ? ", " : null, `s.${o.section}`]), " is not fully legible: its penalty is applied only as far as it can be read."] : null,
    body: grid(field("Offence", section, { name: "section" }), ...fields,
      field("Charged as", role, { name: "offender.role" }),
      field("Committed (IST)", at, { name: "committedAt" })),
    submit: "Record the offence",
    fieldMap: { "code:NOT_IN_JURISDICTION": "section", "code:TOO_EARLY": "committedAt" },
    run: async () => {
      await gql("RecordOffence", {
        input: { section: section.value, offender: { ...offender(), role: role.value }, committedAt: ist(at.value) },
      }, { auth: true });
      reload("Offence recorded.");
    },
  });
}

const caseName = (c) => `${c.offender.name} — s.${c.section}, ${day(c.committedAt)}`;

export async function offencesPage(reload) {
  const [{ viewer, offenceCases: cases }, { compensationOrders: orders }] = await Promise.all([
    gql("OffencesPage", {}, { auth: true }), gql("CompensationOrders", {}, { auth: true })]);
  const j = viewer.tenant.jurisdiction;
  const role = viewer.role;
  const fines = cases.flatMap((c) => c.fines.map((f) => ({ ...f, case: c })));
  const unpaid = fines.filter((f) => !f.paidAt);
  const listed = card("offences", "Offence cases",
    cases.length ? h("ul", { class: "plain records" }, cases.map(caseItem))
      : h("p", { class: "muted" }, "No offence case is on the register."),
    h("details", {}, h("summary", {}, "The offences of the Act and their fines"),
      h("ul", { class: "plain small" }, j.offences.filter((o) => o.applicable).map((o) => h("li", {},
        h("strong", {}, `s.${o.section}`), `: ${o.title}`, fineBounds(o), " — ", citeLink(o.citation))))));
  const ordered = card("compensation-orders", "Compensation orders",
    orders.length ? h("ul", { class: "plain records" }, orders.map(orderItem))
      : h("p", { class: "muted" }, "No compensation has been ordered."));
  const acts = [
    ["recordOffence", () => offenceForm(j.offences, reload)],
    ["imposeFine", () => fineForm(cases.filter((c) => !FINED.includes(c.status) && !c.fines.length), j.offences, reload)],
    ["payFine", () => payForm(unpaid, reload)],
    ["recordFineRecoverySale", () => recoverySaleForm(unpaid, reload)],
    ["orderCompensation", () => compensationForm(cases, reload)],
    ["recordCompensationRecovery", () => recoveryForm(orders.filter((o) => !o.recovery), reload)],
  ];
  const shown = acts.filter(([act]) => may(role, act)).map(([, form]) => form());
  const hidden = acts.filter(([act]) => !may(role, act)).map(([act]) => act);
  return ["Offences and fines", [listed, ordered, card("record", "Record", shown, hidden.length ? readOnly(role, hidden) : null)], viewer];
}

const fineBounds = (o) => (o.fineMax != null
  ? `; fine ${o.fineMin != null && o.fineMin !== o.fineMax ? `${rupees(o.fineMin)} to ` : "up to "}${rupees(o.fineMax)}${o.subsequentFine != null ? `, ${rupees(o.subsequentFine)} for a subsequent offence` : ""}`
  : "");

function caseItem(c) {
  return h("li", { class: "record", "data-item": "offence-case", "data-status": c.status },
    h("strong", {}, c.offender.name), " ", h("span", { class: `status st-${c.status.toLowerCase()}` }, label(c.status)),
    h("div", { class: "small" }, c.offence.title, " — ", citeLink(c.offence.citation)),
    h("div", { class: "muted small" }, "Committed ", timeEl(c.committedAt), ` · ${label(c.offender.role).toLowerCase()}, ${c.offender.address}`,
      c.impoundmentId ? [" · ", h("a", { href: `#/case/${encodeURIComponent(c.impoundmentId)}` }, "its impoundment case")] : null),
    c.fines.map((f) => h("div", { class: "small", "data-item": "fine", "data-paid": f.paidAt ? "true" : "false" },
      h("strong", {}, `Fined ${rupees(f.amount)}`), ", ", timeEl(f.at), f.paidAt ? [" · paid ", timeEl(f.paidAt)] : " · not yet paid",
      h("div", { class: "muted small" }, f.routingNote))));
}

const orderName = (o) => `${rupees(o.total)}: ${o.payer.name} to ${o.recipient.name}, ${day(o.at)}`;

function orderItem(o) {
  const r = o.recovery;
  return h("li", { class: "record", "data-item": "compensation-order", "data-recovered": r ? "true" : "false" },
    h("strong", {}, `${rupees(o.total)} to ${o.recipient.name}`), " ",
    h("span", { class: `status st-${r ? "delivered" : "impounded"}` }, r ? label(r.manner) : "Not yet paid"),
    h("div", { class: "small" }, `${label(o.kind)}: ${o.grounds}`, " — ", o.citations.map((c, i) => [i ? ", " : null, citeLink(c)])),
    h("div", { class: "muted small" }, `Ordered by ${o.orderedBy} `, timeEl(o.at), `; payable by ${o.payer.name}, ${o.payer.address}`,
      ` (compensation ${rupees(o.amount)}, fines ${rupees(o.finesPaid)}, expenses ${rupees(o.expenses)})`),
    r ? h("div", { class: "small" }, `${label(r.manner)} ${rupees(r.amount)}, `, timeEl(r.at), ` · ${r.reference}`) : null);
}

// The whole sum of an order paid, or recovered as a fine where the Act makes it so (the API
// refuses the second, with its section, under an Act that does not).
function recoveryForm(open, reload) {
  if (!open.length) return h("p", { class: "muted", "data-form": "compensation-recovery" }, "No compensation order awaits payment.");
  const order = selectInput(open.map((o) => [o.id, orderName(o)]));
  const manner = selectInput([["PAID", "Paid by the person ordered to pay"], ["RECOVERED_AS_FINE", "Recovered as a fine"]]);
  const at = dateTimeInput();
  const reference = textInput();
  return actionForm({
    name: "compensation-recovery",
    title: "Record compensation paid or recovered",
    intro: "The order's whole sum: compensation, fines and expenses.",
    body: grid(field("Compensation order", order, { name: "orderId" }), field("How", manner, { name: "manner" }),
      field("Paid or recovered (IST)", at, { name: "at" }),
      field("Reference", reference, { name: "reference", hint: "The receipt, or the court's process" })),
    submit: "Record it",
    fieldMap: { "code:CONFLICT": "orderId", "code:NOT_FOUND": "orderId" },
    run: async () => {
      const data = await gql("RecordCompensationRecovery", {
        input: { orderId: order.value, manner: manner.value, at: ist(at.value), reference: reference.value.trim() },
      }, { auth: true });
      const r = data.recordCompensationRecovery.recovery;
      reload(`Compensation ${label(r.manner).toLowerCase()}: ${rupees(r.amount)}.`);
    },
  });
}

function fineForm(open, offences, reload) {
  if (!open.length) return h("p", { class: "muted", "data-form": "fine" }, "No offence case awaits a fine.");
  const offence = selectInput(open.map((c) => [c.id, caseName(c)]));
  const amount = moneyInput();
  const at = dateTimeInput();
  const authority = textInput("", { required: false });
  const bound = h("small", { class: "hint", id: "fine-bound" });
  const showBound = () => {
    const c = open.find((x) => x.id === offence.value);
    const o = offences.find((x) => x.section === c?.section);
    bound.replaceChildren(...(o?.fineMax != null ? [`Within the Act's bounds${fineBounds(o)}, under `, citeLink(o.citation)] : []));
  };
  offence.addEventListener("change", showBound);
  showBound();
  const amountField = field("Fine (₹)", amount, { name: "amount" });
  amount.setAttribute("aria-describedby", bound.id);
  amountField.append(bound);
  return actionForm({
    name: "fine",
    title: "Impose a fine",
    intro: "Within the bounds the Act sets for the offence.",
    body: grid(field("Offence case", offence, { name: "offenceId" }), amountField,
      field("Imposed (IST)", at, { name: "at" }),
      field("Local body whose fund receives it", authority, { name: "localAuthority", hint: "Only for an offence arising from no impoundment case, where the Act credits a local body's fund" })),
    submit: "Impose the fine",
    fieldMap: { "code:FINE_ABOVE_CAP": "amount", "code:FINE_BELOW_MINIMUM": "amount", "code:CONFLICT": "offenceId", "words:report": "offenceId" },
    run: async () => {
      const data = await gql("ImposeFine", {
        input: { offenceId: offence.value, amount: amount.value.trim(), at: ist(at.value), localAuthority: authority.value.trim() || null },
      }, { auth: true });
      reload(`Fine imposed: ${rupees(data.imposeFine.amount)}.`);
    },
  });
}

function payForm(unpaid, reload) {
  if (!unpaid.length) return h("p", { class: "muted", "data-form": "pay-fine" }, "No fine awaits payment.");
  const fine = selectInput(unpaid.map((f) => [f.id, `${rupees(f.amount)}: ${caseName(f.case)}`]));
  const at = dateTimeInput();
  const salary = checkbox(false);
  const authority = textInput("", { required: false });
  return actionForm({
    name: "pay-fine",
    title: "Receive a fine",
    intro: "Credited to the funds the Act names for it.",
    body: [grid(field("Fine", fine, { name: "fineId" }), field("Paid (IST)", at, { name: "at" }),
      field("Local body whose fund receives it", authority, { name: "localAuthority", hint: "Only where the fine was recorded without it" })),
    checkField(salary, "Recovered by deduction from the offender's salary", "fromSalary")],
    submit: "Record the payment",
    fieldMap: { "code:CONFLICT": "fineId" },
    run: async () => {
      const data = await gql("PayFine", {
        input: { fineId: fine.value, at: ist(at.value), fromSalary: salary.checked, localAuthority: authority.value.trim() || null },
      }, { auth: true });
      reload(`Fine of ${rupees(data.payFine.amount)} received.`);
    },
  });
}

// A fine recovered by selling the offender's cattle that are not in a pound, where the Act
// provides it (the API refuses it, with its section, elsewhere).
function recoverySaleForm(unpaid, reload) {
  if (!unpaid.length) return null;
  const fine = selectInput(unpaid.map((f) => [f.id, `${rupees(f.amount)}: ${caseName(f.case)}`]));
  const at = dateTimeInput();
  const cattle = textInput();
  const count = countInput("1", "1");
  const all = checkbox(false);
  const [ownerFields, owner] = personFields("cattle.owner", { who: "Owner's " });
  const place = textInput();
  const [buyerFields, buyer] = personFields("buyer", { who: "Buyer's " });
  const price = moneyInput();
  const expenses = moneyInput("0.00");
  return actionForm({
    name: "fine-sale",
    title: "Record a fine recovered by sale of cattle",
    intro: "Cattle not in a pound, sold to recover an unpaid fine; the balance is held for the owner.",
    body: [grid(field("Fine", fine, { name: "fineId" }), field("Sold (IST)", at, { name: "at" }),
      field("Cattle sold", cattle, { name: "cattle.description" }), field("Head", count, { name: "cattle.count" }),
      ...ownerFields, field("Where sold", place, { name: "place" }), ...buyerFields,
      field("Price (₹)", price, { name: "price" }), field("Expenses of the sale (₹)", expenses, { name: "expenses" })),
    checkField(all, "These are all the offender's cattle", "cattle.allOfThem")],
    submit: "Record the sale",
    fieldMap: { "code:CONFLICT": "fineId", "code:NOT_IN_JURISDICTION": "fineId", "code:PROHIBITED_PURCHASER": "buyer.name" },
    run: async () => {
      const data = await gql("RecordFineRecoverySale", {
        input: {
          fineId: fine.value, at: ist(at.value), place: place.value.trim(), price: price.value.trim(), expenses: expenses.value.trim(),
          cattle: { description: cattle.value.trim(), count: Number(count.value), allOfThem: all.checked, owner: owner() },
          buyer: { ...buyer(), role: "PUBLIC" },
        },
      }, { auth: true });
      const s = data.recordFineRecoverySale;
      reload(`Sale recorded: ${rupees(s.fineRecovered)} of the fine recovered; balance ${rupees(s.balance)}.`);
    },
  });
}

function compensationForm(cases, reload) {
  const kind = selectInput(["DAMAGE", "ILLEGAL_SEIZURE"]);
  const [payerFields, payer] = personFields("payer", { who: "Payer's " });
  const [recipientFields, recipient] = personFields("recipient", { who: "Recipient's " });
  const amount = moneyInput();
  const at = dateTimeInput();
  const grounds = h("textarea", { rows: "2", required: true });
  const orderedBy = textInput();
  const offence = selectInput(cases.map((c) => [c.id, caseName(c)]), { blank: "None" });
  return actionForm({
    name: "compensation",
    title: "Order compensation",
    intro: "For damage or loss proved, as the Act lets a magistrate or council order it.",
    body: grid(field("For", kind, { name: "kind" }), ...payerFields, ...recipientFields,
      field("Compensation (₹)", amount, { name: "amount" }), field("Ordered (IST)", at, { name: "at" }),
      field("The damage or loss proved", grounds, { name: "grounds" }),
      field("Ordered by", orderedBy, { name: "orderedBy", hint: "The Council or Magistrate" }),
      field("Offence case it follows", offence, { name: "offenceId" })),
    submit: "Order compensation",
    fieldMap: { "code:NOT_IN_JURISDICTION": "kind", "code:FINE_ABOVE_CAP": "amount" },
    run: async () => {
      const data = await gql("OrderCompensation", {
        input: {
          kind: kind.value, payer: payer(), recipient: recipient(), amount: amount.value.trim(), at: ist(at.value),
          grounds: grounds.value.trim(), orderedBy: orderedBy.value.trim(), offenceId: offence.value || null,
        },
      }, { auth: true });
      reload(`Compensation of ${rupees(data.orderCompensation.total)} ordered.`);
    },
  });
}
