// The department's books as a clerk reads them: the funds it holds, the money received and
// from whom, the money paid or due and to whom; the double-entry balances one click away.
// Everything is read from the account's kind (the part of its key before ":") and the name
// the API gives, so new accounts (a fund per local body, say) show without a change here.
import { h, label, rupees } from "./lib.js";

// kind -> [heading, how a balance reads]: payers' accounts go negative by what they paid in.
const KINDS = {
  fund: ["Funds held", 1],
  deposit: ["Held on deposit", 1],
  payer: ["Received from", -1],
  payee: ["Paid or due to", 1],
};

/** "12.50" -> 1250n: exact arithmetic on the API's decimal strings. */
function paise(amount) {
  const negative = amount.trim().startsWith("-");
  const [whole, fraction = ""] = amount.trim().replace(/^[-+]/, "").split(".");
  const value = BigInt(whole || "0") * 100n + BigInt((fraction + "00").slice(0, 2));
  return negative ? -value : value;
}

function fromPaise(value) {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/** The name a clerk reads: the API's own name, else the account's words ("payer:owner:…" -> "Owner"). */
function accountName(f) {
  if (f.name && f.name !== f.account) return f.name;
  const words = f.account.split(":")[1] || f.account;
  return label(words.replace(/-/g, "_"));
}

/** Group the accounts by kind, and within a kind by the name a clerk reads (summed). */
export function books(funds) {
  const groups = new Map();
  for (const f of funds) {
    const kind = f.account.includes(":") ? f.account.split(":")[0] : "other";
    const [heading, sign] = KINDS[kind] || [label(kind), 1];
    if (!groups.has(kind)) groups.set(kind, { kind, heading, sign, rows: new Map() });
    const rows = groups.get(kind).rows;
    const name = accountName(f);
    rows.set(name, (rows.get(name) || 0n) + paise(f.balance) * BigInt(sign));
  }
  const order = [...Object.keys(KINDS)];
  return [...groups.values()]
    .sort((a, b) => (order.indexOf(a.kind) + 1 || 99) - (order.indexOf(b.kind) + 1 || 99))
    .map((g) => ({ ...g, rows: [...g.rows].filter(([, v]) => v !== 0n).sort(([a], [b]) => a.localeCompare(b)) }))
    .filter((g) => g.rows.length);
}

/** The books card: the department's (`funds`), or one case's with its own title and list name. */
export function fundsCard(funds, { title = "The books", list = "funds", empty = "No money has moved yet." } = {}) {
  const groups = books(funds);
  const total = funds.reduce((sum, f) => sum + paise(f.balance), 0n);
  const sorted = [...funds].sort((a, b) => a.account.localeCompare(b.account));
  return h("section", { class: "card books", "aria-labelledby": `${list}-h`, "data-list": list },
    h("h2", { id: `${list}-h` }, title),
    groups.length ? groups.map((g) => h("div", { class: "book", "data-kind": g.kind },
      h("h3", {}, g.heading),
      h("table", { class: "table" },
        h("caption", { class: "sr-only" }, g.heading),
        h("tbody", {}, g.rows.map(([name, value]) => h("tr", {},
          h("th", { scope: "row" }, name),
          h("td", { class: "num" }, rupees(fromPaise(value))))))))) : h("p", { class: "muted" }, empty),
    sorted.length ? h("details", { class: "ledger" },
      h("summary", {}, "Double-entry detail"),
      h("p", { class: "muted small" }, "Every account of the ledger with its balance as booked: money paid in from outside shows as a negative balance of the payer's account. ",
        total === 0n ? "The balances sum to ₹0.00: every movement is balanced." : `The balances sum to ${rupees(fromPaise(total))}.`),
      h("div", { class: "table-wrap" }, h("table", { class: "table" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Account"), h("th", { scope: "col", class: "num" }, "Balance"))),
        h("tbody", {}, sorted.map((f) => h("tr", {},
          h("td", {}, accountName(f), h("div", { class: "muted small" }, h("code", {}, f.account))),
          h("td", { class: `num ${f.balance.startsWith("-") ? "neg" : ""}` }, rupees(f.balance)))))))) : null);
}
