// The department's forms: who may use which, the controls they are built of, and how the
// platform's refusal is shown beside the field it names, with its citation. A refused form is
// never re-drawn: everything the clerk typed stays where it was, to be corrected.
import { ApiError, field, fromIstInput, h, istInput, label, showFormError } from "./lib.js";

// The roles the API lets record each act (each service's `who.require(...)`; an admin may do
// every act). The server decides; the pages only spare a user a form he would be refused.
const MAY = {
  recordSeizure: ["CLERK"],
  createPound: ["CLERK"],
  publishNotification: ["FINANCE"],
  recordNotice: ["CLERK"],
  recordProclamation: ["CLERK"],
  scheduleAuction: ["CLERK"],
  closeAuction: ["CLERK", "FINANCE"],
  recordSale: ["CLERK", "FINANCE"],
  deliverToOwner: ["CLERK", "FINANCE"],
  deliverRest: ["CLERK", "FINANCE"],
  recordRefusalToPay: ["CLERK", "FINANCE"],
  claimProceeds: ["CLERK", "FINANCE"],
  releaseByOrder: ["CLERK", "MAGISTRATE"],
  fileComplaint: ["CLERK", "MAGISTRATE"],
  decideComplaint: ["MAGISTRATE"],
  registerAnimals: ["CLERK"],
  assessAnimalTax: ["CLERK", "FINANCE"],
  payAnimalTax: ["CLERK", "FINANCE"],
  renewEstablishmentRegistration: ["CLERK"],
  recordExtentNotification: ["CLERK"],
  recordInjury: ["CLERK"],
  correctSeizure: ["CLERK"],
  collectSeizerDues: ["CLERK", "FINANCE"],
  recordOffence: ["CLERK", "MAGISTRATE"],
  imposeFine: ["MAGISTRATE"],
  payFine: ["MAGISTRATE", "FINANCE"],
  recordFineRecoverySale: ["CLERK", "FINANCE"],
  orderCompensation: ["MAGISTRATE"],
  recordCompensationRecovery: ["MAGISTRATE"],
  recordRegistrationAppeal: ["CLERK"],
  decideRegistrationAppeal: ["CLERK", "MAGISTRATE"],
  declareGrazingGround: ["CLERK"],
  makeGrazingOrder: ["CLERK"],
  recordGrazingDecision: ["CLERK"],
  // The registers of an Act governing keeping by notified orders (web/keeping.js).
  recordNotifiedOrder: ["CLERK"],
  grantLicence: ["CLERK"],
  cancelLicence: ["CLERK", "MAGISTRATE"],
  designateInspector: ["CLERK"],
  recordInspection: ["CLERK"],
  compoundOffence: ["MAGISTRATE"],
};

/** Whether a user of `role` may record `act` (a mutation's name). */
export function may(role, act) {
  return role === "ADMIN" || (MAY[act] || []).includes(role);
}

/** The roles that may record `act`, in words ("a clerk or a finance officer, or an admin"). */
export function whoMay(act) {
  const words = { CLERK: "a clerk", FINANCE: "a finance officer", MAGISTRATE: "a magistrate" };
  return [...(MAY[act] || []).map((r) => words[r] || label(r)), "an admin"].join(" or ");
}

// ---- controls ----
const MONEY = "\\d+(\\.\\d{1,2})?";
export const dateTimeInput = (value = istInput()) => h("input", { type: "datetime-local", required: true, value });
export const dateInput = (value = istInput().slice(0, 10)) => h("input", { type: "date", required: true, value });
export const textInput = (value = "", { required = true, ...rest } = {}) => h("input", { type: "text", required, value, ...rest });
export const moneyInput = (value = "", { required = true } = {}) =>
  h("input", { type: "text", inputmode: "decimal", required, pattern: MONEY, value, title: "Rupees, e.g. 50.00" });
export const countInput = (value = "1", min = "0") => h("input", { type: "number", min, step: "1", required: true, value });
export function selectInput(values, { text = label, blank = null, value = null } = {}) {
  return h("select", {},
    blank != null ? h("option", { value: "" }, blank) : null,
    values.map((v) => {
      const [val, shown] = Array.isArray(v) ? v : [v, text(v)];
      return h("option", { value: val, selected: val === value }, shown);
    }));
}
export const checkbox = (checked = false) => h("input", { type: "checkbox", checked });
/** A checkbox and its words, as one field the API's errors may name. */
export const checkField = (box, text, name) => h("label", { class: "check field", "data-field": name }, box, ` ${text}`);
export const ist = fromIstInput;

/** The form field a refusal concerns: the API's own `field`, else the one its code points at
 * (a date refused as too early is the "When" field), else one its words point at
 * (`"words:regex"`, where the API names no field), else an input path the message names
 * ("… at 'input.price'"), else one whose label the message names (a species in a lot). */
function fieldOf(err, form, fieldMap) {
  // An error of one row of a list names the row (`index`, from 0): `fieldMap.row` gives the
  // form's field of that row, where the form has rows.
  const index = err.extensions?.index;
  if (Number.isInteger(index) && typeof fieldMap.row === "function") {
    const named = fieldMap.row(err, index);
    if (named) return named;
  }
  if (err.field) return fieldMap[err.field] || err.field;
  if (fieldMap[`code:${err.code}`]) return fieldMap[`code:${err.code}`];
  for (const [key, name] of Object.entries(fieldMap)) {
    if (key.startsWith("words:") && new RegExp(key.slice(6), "i").test(err.message)) return name;
  }
  const path = err.message.match(/at '(?:input\.)?([\w.]+)'/);
  if (path) {
    const named = fieldMap[path[1]] || path[1];
    if (form.querySelector(`.field[data-field="${CSS.escape(named)}"]`)) return named;
    const top = path[1].split(".")[0];
    if (form.querySelector(`.field[data-field="${CSS.escape(top)}"]`)) return top;
  }
  for (const holder of form.querySelectorAll(".field[data-field^='lots.']")) {
    const species = holder.dataset.field.slice(5);
    if (new RegExp(`\\b${species}\\b`).test(err.message)) return holder.dataset.field;
  }
  return fieldMap[`code:${err.code}:fallback`] || null;
}

/** Run a form's request: its button disabled meanwhile; a refusal shown beside its field. */
export async function submitting(form, fieldMap, run) {
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  showFormError(form, null);
  try {
    await run();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const mapped = Object.assign(Object.create(err), { field: fieldOf(err, form, fieldMap) });
    showFormError(form, mapped, fieldMap);
  } finally {
    button.disabled = false;
  }
}

/** A form of the department's work: a heading, its fields and one button. `run` sends it;
 * `fieldMap` maps the API's field names (or `code:CODE`) to the form's where they differ, and
 * `fieldMap.row(err, index)` an error of one row of a list to the form's field of that row. */
export function actionForm({ name, title, intro, body, submit, fieldMap = {}, run }) {
  const id = `${name}-h`;
  const form = h("form", { class: "action-form", "aria-labelledby": id, "data-form": name, novalidate: false },
    h("h3", { id }, title),
    intro ? h("p", { class: "muted small" }, intro) : null,
    body,
    h("div", { class: "actions" }, h("button", { type: "submit" }, submit)));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    submitting(form, fieldMap, run);
  });
  return form;
}

export const grid = (...fields) => h("div", { class: "form-grid" }, ...fields);
export { field };

/** A person's name and address, as two fields named `<name>.name` and `<name>.address`. */
export function personFields(name, { who = "", person = null, required = true } = {}) {
  const n = textInput(person?.name || "", { required, autocomplete: "off" });
  const a = textInput(person?.address || "", { required });
  const fields = [field(`${who}name`.replace(/^./, (c) => c.toUpperCase()), n, { name: `${name}.name` }),
    field(`${who}address`.replace(/^./, (c) => c.toUpperCase()), a, { name: `${name}.address` })];
  const value = () => ({ name: n.value.trim(), address: a.value.trim() });
  return [fields, value, () => Boolean(n.value.trim())];
}

/** A page's notice that the user's role records nothing here. */
export function readOnly(role, acts) {
  return h("p", { class: "muted small", "data-read-only": "" },
    `Signed in as ${label(role).toLowerCase()}, you may read this. Only ${[...new Set(acts.map(whoMay))].join("; ")} may record it.`);
}
