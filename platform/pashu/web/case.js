// A case: the register entry, its timeline, dues, documents and the clerk's actions.
import {
  citeLink, fill, downloadPdf, field, fromIstInput, gql, h, istInput, label, loading,
  prose, rupees, timeEl, when,
} from "./lib.js";
import { fundsCard } from "./books.js";
import {
  actionForm, checkbox, checkField, dateTimeInput, grid, may, moneyInput, personFields,
  selectInput, submitting, textInput, whoMay,
} from "./forms.js";

// The capacities a buyer is recorded in: the public, and those the tenant's Act bars (so a
// clerk records a barred buyer as what he is, and the API refuses the sale with its section).
const buyerRoles = (jurisdiction) => ["PUBLIC", ...(jurisdiction.prohibitedPurchasers?.roles || [])];
const NOTICE_STEPS = ["ANNOUNCE_SEIZURE", "REPORT_UNCLAIMED", "PUBLISH_NOTICE"];
const OTHERS = {
  COMPLAIN_ILLEGAL_SEIZURE: "the owner's window",
  CLAIM_SALE_PROCEEDS: "the owner's window",
  CLAIM_SURPLUS: "the owner's window",
};

let flash = null; // a success message to show after the case is re-read

export async function caseView(view, id, ctx) {
  view.append(loading("Loading the case…"));
  const data = await gql("CasePage", { id }, { auth: true });
  if (ctx.stale()) return;
  const c = data.impoundment;
  if (!c) {
    view.replaceChildren(h("h1", { tabindex: "-1" }, "No such case"),
      h("p", {}, "This department's register has no such entry. ", h("a", { href: "#/dashboard" }, "Back to the dashboard")));
    return;
  }
  const jurisdiction = data.viewer.tenant.jurisdiction;
  const role = data.viewer.role;
  // Complaints of illegal seizure, where the Act hears them (a chapter of its own).
  const complaints = jurisdiction.capabilities.includes("ILLEGAL_SEIZURE_COMPLAINTS")
    ? (await gql("CaseComplaints", { id }, { auth: true })).complaints : null;
  if (ctx.stale()) return;
  const inPound = c.animals.filter((a) => a.status === "IN_POUND");
  const reload = (message) => { flash = message; ctx.go(location.hash); };
  fill(view,
    h("p", { class: "crumbs" }, h("a", { href: "#/dashboard" }, "Dashboard"), " / ", `Register no. ${c.registerNumber}`),
    h("div", { class: "page-head row" },
      h("h1", { tabindex: "-1" }, `Register no. ${c.registerNumber}`),
      h("span", { class: `status big st-${c.status.toLowerCase()}`, "data-status": c.status }, label(c.status)),
      h("button", { type: "button", class: "secondary small-btn print-button", onClick: () => window.print() }, "Print")),
    h("p", { class: "print-only muted small" }, `${data.viewer.tenant.name} · ${jurisdiction.name} · printed ${when(new Date().toISOString())}`),
    flash ? h("p", { class: "success", role: "status" }, flash) : null,
    h("div", { class: "case-grid" },
      h("div", { class: "case-main" }, timelineCard(c), duesCard(c), remediesCard(c),
        complaints ? complaintsCard(c, complaints, role, reload) : null, actionsCard(c, inPound, jurisdiction, role, reload, ctx)),
      h("div", { class: "case-side" }, entryCard(c), documentsCard(c), booksCard(c))),
  );
  flash = null;
}

function entryCard(c) {
  const row = (dt, ...dd) => [h("dt", {}, dt), h("dd", {}, ...dd)];
  return h("section", { class: "card", "aria-labelledby": "entry-h" },
    h("h2", { id: "entry-h" }, "Register entry"),
    h("dl", { class: "facts" },
      row("Seized", timeEl(c.seizedAt)),
      row("Place", c.place, h("div", { class: "muted small" }, label(c.placeKind), c.area ? ` · ${c.area}` : "")),
      row("Brought to pound", timeEl(c.impoundedAt)),
      row("Pound", c.pound ? [c.pound.name, h("div", { class: "muted small" }, c.pound.localAuthority.name)] : "—"),
      row("Seized by", c.seizer.name, h("div", { class: "muted small" }, c.seizer.address, c.seizer.signed ? " · signed the register" : " · not signed")),
      c.seizer.capacity ? row("Power", label(c.seizer.capacity), h("div", { class: "muted small" }, c.seizer.damageFound ? `damage found: ${c.seizer.damageFound}` : "no damage recorded")) : null,
      row("Owner", c.owner ? [c.owner.name, h("div", { class: "muted small" }, c.owner.address)] : h("span", { class: "muted" }, "not known")),
      c.corrects ? row("Corrects", h("a", { href: `#/case/${encodeURIComponent(c.corrects.id)}` }, `Register no. ${c.corrects.registerNumber}`)) : null),
    h("h3", {}, "Animals"),
    h("div", { class: "table-wrap" }, h("table", { class: "table" },
      h("thead", {}, h("tr", {}, ["Species", "Description", "Status"].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, c.animals.map((a) => h("tr", {},
        h("td", {}, a.species, a.earTag ? h("div", { class: "muted small" }, `tag ${a.earTag}`) : null),
        h("td", {}, a.description || "—", a.injury ? h("div", { class: "small", "data-injury": "" }, `Injury: ${a.injury}`) : null),
        h("td", {}, label(a.status), a.releasedAt ? h("div", { class: "muted small" }, timeEl(a.releasedAt)) : null)))))));
}

// A step's state: taken (when, and whether late, as the API says from the step's own window),
// due next (late once its deadline is past), or a window that is not the department's.
function stepState(c, step) {
  if (step.doneAt) return step.late ? ["done late", "Done late", step.doneAt] : ["done", "Done", step.doneAt];
  if (c.nextAction && c.nextAction.action === step.action) {
    return c.nextAction.overdue ? ["next late", "Due next — late", null] : ["next", "Due next", null];
  }
  if (step.required === false) return ["other", "No longer required", null];
  if (OTHERS[step.action]) return ["other", label(OTHERS[step.action]), null];
  if (step.projected) return ["projected", "Projected", null];
  return ["open", "Open", null];
}

// The auctions held or fixed for the case: the step the Act times with no deadline is
// shown with the round the department has fixed for it.
function auctionRounds(c, step) {
  if (step.action !== "AUCTION" || !c.auctions?.length) return null;
  return c.auctions.map((a) => h("div", { class: "small", "data-auction-round": String(a.round) },
    `Round ${a.round} `, a.closedAt ? ["held ", timeEl(a.scheduledFor), ", closed ", timeEl(a.closedAt)] : ["fixed for ", timeEl(a.scheduledFor)],
    a.place ? ` at ${a.place}` : null));
}

function timelineCard(c) {
  return h("section", { class: "card", "aria-labelledby": "timeline-h" },
    h("h2", { id: "timeline-h" }, "Timeline"),
    h("p", { class: "muted small" }, "Who must do what by when, under the Act. “From” is the first instant a step may be taken; “late from” the first instant it is late."),
    h("ol", { class: "steps" }, c.timeline.map((s) => {
      const [cls, text, doneAt] = stepState(c, s);
      return h("li", { class: `step ${cls}`, "data-action": s.action, "data-late": s.late ? String(s.daysLate) : null, "aria-current": cls.startsWith("next") ? "step" : null },
        h("span", { class: "dot", "aria-hidden": "true" }),
        h("div", { class: "step-body" },
          h("div", { class: "step-head" }, h("strong", {}, label(s.action)), h("span", { class: `chip chip-${cls.split(" ")[0]}${cls.endsWith("late") ? " chip-late" : ""}` }, text)),
          h("div", { class: "window" },
            "From ", timeEl(s.notBefore),
            s.deadline ? [" · late from ", timeEl(s.deadline)]
              : h("span", { class: "muted" }, " · the Act sets no deadline")),
          auctionRounds(c, s),
          doneAt ? h("div", { class: "small" }, "Done ", timeEl(doneAt),
            s.late ? h("span", { class: "late-note" }, ` — ${s.daysLate} day${s.daysLate === 1 ? "" : "s"} late`) : null) : null,
          h("div", { class: "small" }, "Under ", citeLink(s.citation, { withAct: true })),
          h("details", {}, h("summary", {}, "Why"), h("p", { class: "small" }, prose(s.explanation)))));
    })));
}

function duesCard(c) {
  const d = c.dues;
  return h("section", { class: "card", "aria-labelledby": "dues-h", "data-section": "dues" },
    h("h2", { id: "dues-h" }, "Dues"),
    h("p", { class: "muted small" }, "What the owner owes as of ", timeEl(d.asOf), " for the animals still in the pound."),
    d.lines.length
      ? h("div", { class: "table-wrap" }, h("table", { class: "table" },
        h("thead", {}, h("tr", {}, ["Item", "Heads", "Days", "Under", "Amount"].map((t, i) => h("th", { scope: "col", class: i === 4 ? "num" : null }, t)))),
        h("tbody", {}, d.lines.map((l) => h("tr", {},
          h("td", {}, `${label(l.kind)}, ${l.species}`, h("div", { class: "muted small" }, prose(l.explanation))),
          h("td", {}, String(l.heads)),
          h("td", {}, l.days == null ? "—" : String(l.days)),
          h("td", {}, citeLink(l.citation)),
          h("td", { class: "num" }, l.amount == null ? h("span", { class: "unknown" }, "no rate notified") : rupees(l.amount))))),
        h("tfoot", {}, h("tr", {}, h("th", { scope: "row", colspan: "4" }, "Total"),
          h("td", { class: "num total", "data-total": d.total ?? "" }, d.total == null ? "not known" : rupees(d.total))))))
      : h("p", { class: "muted" }, "Nothing is owed: no animal of this case is in the pound."));
}

// The money moved about this case, by account: each fund named with its local body or pound.
// The money moved about this case, read as the department's books are (books.js).
function booksCard(c) {
  return fundsCard(c.books, { title: "Books of this case", list: "books", empty: "No money has moved on this case." });
}

// A document's PDF is rendered when asked: the register copy alone (it lists every animal, the
// costliest of them), or the case's other papers together (each a page or two).
function documentsCard(c) {
  const copyOf = (i) => i.registerCopy;
  const fetchDoc = async (pick, filename, button) => {
    button.disabled = true;
    const old = button.textContent;
    button.textContent = "Preparing…";
    try {
      // The register copy alone (a PDF of every animal), or the other papers together.
      const data = pick === copyOf
        ? await gql("CaseRegisterCopy", { id: c.id }, { auth: true })
        : await gql("CasePapers", { id: c.id }, { auth: true });
      downloadPdf(pick(data.impoundment).pdfBase64, filename);
    } catch (err) {
      button.after(h("span", { class: "error small", role: "alert" }, err.message));
    } finally {
      button.disabled = false;
      button.textContent = old;
    }
  };
  const docButton = (text, pick, filename) => {
    const b = h("button", { type: "button", class: "secondary small-btn" }, text);
    b.addEventListener("click", () => fetchDoc(pick, filename, b));
    return b;
  };
  const items = [
    h("li", {}, h("span", {}, "Copy of the register entry"),
      docButton("PDF", copyOf, `register-${c.registerNumber}.pdf`)),
    ...c.receipts.map((r, i) => h("li", {},
      h("span", {}, `Receipt no. ${r.number}: ${rupees(r.amount)} from ${r.claimant.name}`, r.underProtest ? " (under protest)" : "", h("div", { class: "muted small" }, timeEl(r.at))),
      docButton("PDF", (x) => x.receipts[i].document, `receipt-${r.number}.pdf`))),
    ...c.handovers.map((x, i) => h("li", {},
      h("span", {}, x.accepted ? `Account of sale, receipt no. ${x.receiptNumber}` : "Account of sale (refused)"),
      docButton("PDF", (d) => d.handovers[i].document, `handover-${c.registerNumber}-${i + 1}.pdf`))),
    ...c.sales.map((s, i) => h("li", {},
      h("span", {}, `${s.byAuction ? "Auction" : "Disposal"}: ${rupees(s.price)} from ${s.buyer.name}`, h("div", { class: "muted small" }, timeEl(s.at), s.surplus !== "0.00" ? ` · surplus ${rupees(s.surplus)} held` : "")),
      docButton("PDF", (x) => x.sales[i].document, `sale-${c.registerNumber}-${i + 1}.pdf`))),
  ];
  return h("section", { class: "card", "aria-labelledby": "docs-h" },
    h("h2", { id: "docs-h" }, "Documents"),
    h("ul", { class: "docs plain" }, items),
    c.notices.length ? [h("h3", {}, "Notices"), h("ul", { class: "docs plain" }, c.notices.map((n, i) =>
      h("li", {}, h("span", {}, label(n.kind), h("div", { class: "muted small" }, "issued ", timeEl(n.issuedAt), n.proclaimedAt ? [" · proclaimed ", timeEl(n.proclaimedAt)] : null)),
        docButton("PDF", (x) => x.notices[i].document, `notice-${c.registerNumber}-${n.kind.toLowerCase()}.pdf`))))] : null);
}

// The owner who would not pay (and what remained after his sale), and release orders.
function remediesCard(c) {
  if (!c.refusals.length && !c.handovers.length && !c.releaseOrders.length) return null;
  return h("section", { class: "card", "aria-labelledby": "remedies-h", "data-section": "remedies" },
    h("h2", { id: "remedies-h" }, "Refusals, handovers and release orders"),
    h("ul", { class: "plain" },
      c.refusals.map((r) => h("li", { "data-item": "refusal" },
        h("strong", {}, r.deposit ? "Refused to deposit" : "Refused or omitted to pay"), ": ", r.claimant.name, ", ", timeEl(r.at),
        h("div", { class: "muted small" }, "Owed then ", r.dues == null ? "not known" : rupees(r.dues),
          "; as many animals as the dues need may be sold from this instant."))),
      c.handovers.map((x) => h("li", { "data-item": "handover" },
        h("strong", {}, x.accepted ? `Remaining ${x.animals} delivered, receipt no. ${x.receiptNumber}` : "Remaining animals and balance refused: unclaimed"),
        ", ", timeEl(x.at),
        h("div", { class: "muted small" }, `Sold ${x.account.cattleSold} for `, rupees(x.account.proceeds), "; fines and charges ",
          rupees(x.account.finesAndCharges), "; balance to the owner ", rupees(x.balance), " (", x.account.citations.join(", "), ")"))),
      c.releaseOrders.map((o) => h("li", { "data-item": "release-order" },
        h("strong", {}, `Released ${o.animals} by order of ${label(o.authority)}`), " (", o.orderedBy, ", ", o.document, "), ", timeEl(o.releasedAt),
        h("div", { class: "muted small" }, "Reasons: ", o.reasons)))));
}

// The acts recorded on a case, each shown to the roles the API lets record it.
function actionsCard(c, inPound, jurisdiction, role, reload, ctx) {
  const auction = jurisdiction.capabilities.includes("AUCTION");
  const openAuction = c.auctions.find((a) => !a.closedAt);
  const forms = [];
  if (inPound.length) {
    if (may(role, "recordNotice") && noticesDue(c).length) forms.push(noticeForm(c, reload));
    if (may(role, "recordProclamation") && unproclaimed(c).length) forms.push(proclamationForm(c, reload));
    if (may(role, "deliverToOwner")) forms.push(deliverForm(c, inPound, jurisdiction, reload));
    if (auction && openAuction && may(role, "closeAuction")) forms.push(closeAuctionForm(c, openAuction, buyerRoles(jurisdiction), reload));
    if (auction && !openAuction && may(role, "scheduleAuction")) forms.push(scheduleAuctionForm(c, reload));
    if (auction && may(role, "recordSale")) forms.push(saleForm(c, inPound, buyerRoles(jurisdiction), reload));
    if (auction && awaitingRest(c) && may(role, "deliverRest")) forms.push(restForm(c, reload));
    if (auction && !c.refusals.length && may(role, "recordRefusalToPay")) forms.push(refusalForm(c, reload));
    if (may(role, "releaseByOrder")) forms.push(releaseForm(c, reload));
    const unhurt = inPound.filter((a) => !a.injury);
    if (unhurt.length && may(role, "recordInjury")) forms.push(injuryForm(unhurt, reload));
  }
  if (auction && c.sales.length && may(role, "claimProceeds")) forms.push(claimForm(c, reload));
  // An entry is corrected by a new entry pointing at it, until money has moved on the case.
  if (c.status !== "CORRECTED" && !c.receipts.length && !c.sales.length && may(role, "correctSeizure")) {
    forms.push(correctionForm(c, jurisdiction, ctx));
  }
  const notes = [];
  if (!inPound.length) notes.push("No animal of this case is in the pound: nothing is left to deliver or sell.");
  if (!auction) notes.push(`${jurisdiction.name}'s Act provides no auction.`);
  if (!forms.length && (inPound.length || c.sales.length)) {
    notes.push(`Signed in as ${label(role).toLowerCase()}: the acts on a case are recorded by ${whoMay("recordSale")}.`);
  }
  return h("section", { class: "card no-print", "aria-labelledby": "actions-h", "data-section": "actions" },
    h("h2", { id: "actions-h" }, "Record an act"),
    notes.map((n) => h("p", { class: "muted small" }, n)),
    forms);
}

// The notices of the timeline not yet recorded (an announcement, a report, a notice).
function noticesDue(c) {
  return c.timeline.filter((s) => NOTICE_STEPS.includes(s.action) && s.required !== false
    && !c.notices.some((n) => n.kind === s.action));
}

function noticeForm(c, reload) {
  const due = noticesDue(c);
  const kind = selectInput(due.map((s) => s.action));
  const issued = dateTimeInput();
  const proclaimed = h("input", { type: "datetime-local" });
  const text = h("textarea", { rows: "2" });
  return actionForm({
    name: "notice",
    title: "Record a notice, report or announcement",
    intro: "As made: when it was issued and, where it was proclaimed by crier or drum, when.",
    body: grid(
      field("Which", kind, { name: "kind", hint: "The steps of this case's timeline not yet recorded" }),
      field("Issued (IST)", issued, { name: "issuedAt" }),
      field("Proclaimed (IST)", proclaimed, { name: "proclaimedAt", hint: "Leave empty if it was not proclaimed" }),
      field("Its text", text, { name: "text", hint: "Optional" })),
    submit: "Record the notice",
    fieldMap: { "code:TOO_EARLY": "issuedAt", "code:TOO_LATE": "issuedAt", at: "issuedAt" },
    run: async () => {
      await gql("RecordNotice", {
        input: {
          impoundmentId: c.id, kind: kind.value, issuedAt: fromIstInput(issued.value),
          proclaimedAt: fromIstInput(proclaimed.value), text: text.value,
        },
      }, { auth: true });
      reload(`${label(kind.value)} recorded.`);
    },
  });
}

// Notices issued but not yet proclaimed (where the Act has them cried or drummed; it refuses,
// with its section, a proclamation of a notice it does not have proclaimed).
const unproclaimed = (c) => c.notices.filter((n) => !n.proclaimedAt);

function proclamationForm(c, reload) {
  const open = unproclaimed(c);
  const notice = selectInput(open.map((n) => [n.id, `${label(n.kind)}, issued ${when(n.issuedAt)}`]));
  const at = dateTimeInput();
  return actionForm({
    name: "proclamation",
    title: "Record a notice's proclamation",
    intro: "When it was proclaimed by beat of drum or by the crier.",
    body: grid(field("Notice", notice, { name: "noticeId" }), field("Proclaimed (IST)", at, { name: "at" })),
    submit: "Record the proclamation",
    fieldMap: { "code:TOO_EARLY": "at", "code:TOO_LATE": "at" },
    run: async () => {
      const data = await gql("RecordProclamation", { input: { noticeId: notice.value, at: fromIstInput(at.value) } }, { auth: true });
      reload(`${label(data.recordProclamation.kind)} proclaimed ${when(data.recordProclamation.proclaimedAt)}.`);
    },
  });
}

function scheduleAuctionForm(c, reload) {
  const scheduled = h("input", { type: "datetime-local" });
  const place = textInput("", { required: false });
  const conditions = h("textarea", { rows: "2" });
  const at = dateTimeInput();
  return actionForm({
    name: "schedule-auction",
    title: "Put the animals up for auction",
    intro: "Issues the public notice of the auction; empty fields take the Act's own day, place and conditions.",
    body: grid(
      field("Notice issued (IST)", at, { name: "at" }),
      field("Auction to be held (IST)", scheduled, { name: "scheduledFor", hint: "Optional" }),
      field("Place", place, { name: "place", hint: "Optional" }),
      field("Conditions of sale", conditions, { name: "conditions", hint: "Optional" })),
    submit: "Schedule the auction",
    fieldMap: { "code:TOO_EARLY": "at", "code:TOO_LATE": "at" },
    run: async () => {
      const data = await gql("ScheduleAuction", {
        input: {
          impoundmentId: c.id, at: fromIstInput(at.value), scheduledFor: fromIstInput(scheduled.value),
          place: place.value.trim() || null, conditions: conditions.value.trim() || null,
        },
      }, { auth: true });
      reload(`Auction round ${data.scheduleAuction.round} scheduled for ${when(data.scheduleAuction.scheduledFor)}.`);
    },
  });
}

function closeAuctionForm(c, auction, roles, reload) {
  const at = dateTimeInput();
  const lots = auction.lots.filter((l) => l.status === "OFFERED").map((lot) => {
    const sold = checkbox(true);
    const [fields, buyer] = personFields(`lot.${lot.number}.buyer`, { who: "Buyer's ", required: false });
    const role = selectInput(roles);
    const price = moneyInput("", { required: false });
    const expenses = moneyInput("0.00", { required: false });
    const set = h("fieldset", { class: "field lot", "data-field": `lot.${lot.number}` },
      h("legend", {}, `Lot ${lot.number}: ${lot.count} ${lot.species}${lot.description ? ` (${lot.description})` : ""}`),
      checkField(sold, "Sold", `lot.${lot.number}.sold`),
      grid(...fields,
        field("Buyer is", role, { name: `lot.${lot.number}.role`, hint: "Some Acts bar certain buyers" }),
        field("Price (₹)", price, { name: `lot.${lot.number}.price` }),
        field("Expenses (₹)", expenses, { name: `lot.${lot.number}.expenses` })));
    return { lot, set, sold, buyer, role, price, expenses };
  });
  const fieldMap = { "code:TOO_EARLY": "at", "code:TOO_LATE": "at" };
  return actionForm({
    name: "close-auction",
    title: `Close auction round ${auction.round}`,
    intro: ["Held ", timeEl(auction.scheduledFor), ` at ${auction.place}. Lots not marked sold stay in the pound and may be put up again.`],
    body: [grid(field("Closed (IST)", at, { name: "at" })), lots.map((l) => l.set)],
    submit: "Record the results",
    fieldMap,
    run: async () => {
      const sold = lots.filter((l) => l.sold.checked);
      // A refusal of one result names it (`index`): shown on that lot, at its buyer's role, the
      // lot itself or its price.
      fieldMap.row = (err, i) => {
        const n = sold[i]?.lot.number;
        if (n === undefined) return null;
        return err.field === "buyer.role" ? `lot.${n}.role` : err.field === "results.lotId" ? `lot.${n}` : `lot.${n}.price`;
      };
      // GraphQL's refusal of a value it cannot read (a price) names no row: the first lot sold.
      if (sold.length) fieldMap["code:VALIDATION:fallback"] = `lot.${sold[0].lot.number}.price`;
      await gql("CloseAuction", {
        input: {
          auctionId: auction.id, at: fromIstInput(at.value),
          results: sold.map((l) => ({
            lotId: l.lot.id, buyer: { ...l.buyer(), role: l.role.value },
            price: l.price.value.trim(), expenses: l.expenses.value.trim() || "0.00",
          })),
        },
      }, { auth: true });
      reload(`Auction round ${auction.round} closed: ${sold.length} lot(s) sold.`);
    },
  });
}

function claimForm(c, reload) {
  const at = dateTimeInput();
  const [fields, claimant] = personFields("claimant", { who: "Claimant's ", person: c.owner });
  return actionForm({
    name: "claim",
    title: "Pay the owner what he claims after the sale",
    intro: "The proceeds, or the surplus over the dues, as the Act lets him claim within its time.",
    body: grid(field("When (IST)", at, { name: "at" }), ...fields),
    submit: "Pay the claim",
    fieldMap: { "code:TOO_EARLY": "at", "code:TOO_LATE": "at" },
    run: async () => {
      const data = await gql("ClaimProceeds", {
        input: { impoundmentId: c.id, at: fromIstInput(at.value), claimant: claimant() },
      }, { auth: true });
      reload(`Paid to the claimant: ${rupees(data.claimProceeds.amount)}.`);
    },
  });
}

// Complaints of illegal seizure or detention, and the magistrate's decision on each.
function complaintsCard(c, complaints, role, reload) {
  const open = complaints.filter((x) => !x.decision);
  return h("section", { class: "card", "aria-labelledby": "complaints-h", "data-section": "complaints" },
    h("h2", { id: "complaints-h" }, "Complaints of illegal seizure"),
    complaints.length
      ? h("ul", { class: "plain" }, complaints.map((x) => h("li", { "data-item": "complaint" },
        h("strong", {}, `${label(x.form)} complaint of ${x.complainant.name}`), ", ", timeEl(x.at),
        h("div", { class: "small" }, x.statement),
        x.decision
          ? h("div", { class: "muted small" }, x.decision.illegal ? "Decided: the seizure was illegal" : "Decided: the seizure was not illegal",
            ` (${x.decision.decidedBy}, `, timeEl(x.decision.at), `); ${x.decision.releasedAnimals} released`,
            seizerOwes(x) ? ["; the ", (x.decision.payerCapacity || "seizer").toLowerCase(), ` owes ${rupees(x.decision.seizerOwes)}`,
              x.decision.duesCollectedAt ? [", collected ", timeEl(x.decision.duesCollectedAt)] : ", not yet collected"] : null)
          : h("div", { class: "muted small" }, "Awaiting the magistrate's decision"))))
      : h("p", { class: "muted" }, "No complaint has been made."),
    // A complaint may follow a deposit under protest, the cattle delivered: the Act's own
    // time decides whether one lies (the API refuses a late one, with its section).
    may(role, "fileComplaint") ? complaintForm(c, reload) : null,
    may(role, "decideComplaint") ? open.map((x) => decideForm(x, reload)) : null,
    may(role, "collectSeizerDues")
      ? complaints.filter((x) => seizerOwes(x) && !x.decision.duesCollectedAt).map((x) => seizerDuesForm(x, reload)) : null);
}

// What an illegal seizure's decision lays on the seizer (or the detainer) to pay.
const seizerOwes = (x) => Boolean(x.decision?.illegal && Number(x.decision.seizerOwes) > 0);

function seizerDuesForm(complaint, reload) {
  const at = dateTimeInput();
  const d = complaint.decision;
  return actionForm({
    name: `seizer-dues-${complaint.id}`,
    title: `Collect what the ${(d.payerCapacity || "seizer").toLowerCase()} owes`,
    intro: [`${rupees(d.seizerOwes)} of fines and charges${d.payer ? ` from ${d.payer.name}` : ""}, as the decision on the complaint of ${complaint.complainant.name} lays them; credited to the funds the Act names.`],
    body: grid(field("Collected (IST)", at, { name: "at" })),
    submit: "Record the collection",
    fieldMap: { "code:CONFLICT": "at" },
    run: async () => {
      await gql("CollectSeizerDues", { input: { complaintId: complaint.id, at: fromIstInput(at.value) } }, { auth: true });
      reload(`Collected ${rupees(d.seizerOwes)} of fines and charges.`);
    },
  });
}

// An animal hurt or killed while being seized: the register says so beside it.
function injuryForm(animals, reload) {
  const animal = selectInput(animals.map((a) => [a.id, `${a.species}${a.description ? ` (${a.description})` : ""}${a.earTag ? `, tag ${a.earTag}` : ""}`]));
  const at = dateTimeInput();
  const description = h("textarea", { rows: "2", required: true });
  const died = checkbox(false);
  return actionForm({
    name: "injury",
    title: "Record an injury",
    intro: "An animal hurt or killed while being seized or in the pound.",
    body: [grid(field("Animal", animal, { name: "animalId" }), field("When (IST)", at, { name: "at" }),
      field("What happened", description, { name: "description" })),
    checkField(died, "The animal died", "died")],
    submit: "Record the injury",
    fieldMap: { "code:CONFLICT": "animalId" },
    run: async () => {
      await gql("RecordInjury", {
        input: { animalId: animal.value, at: fromIstInput(at.value), description: description.value.trim(), died: died.checked },
      }, { auth: true });
      reload(died.checked ? "Recorded: the animal died." : "Injury recorded.");
    },
  });
}

// A mistaken register entry is never overwritten: a new entry points at it (the old one
// stays as it was, marked corrected). Only what the clerk changes is sent.
function correctionForm(c, jurisdiction, ctx) {
  const reason = textInput();
  const seized = h("input", { type: "datetime-local", value: istInput(new Date(c.seizedAt)) });
  const impounded = h("input", { type: "datetime-local", value: istInput(new Date(c.impoundedAt)) });
  const placeKind = selectInput(jurisdiction.placesOfSeizure, { value: c.placeKind });
  const place = textInput(c.place);
  const area = textInput(c.area || "", { required: false });
  const [seizerFields, seizer] = personFields("seizer", { who: "Seizer's ", person: c.seizer });
  const [ownerFields, owner, ownerKnown] = personFields("owner", { who: "Owner's ", person: c.owner, required: false });
  const signed = checkbox(c.seizer.signed);
  const changed = (a, b) => (a === b ? null : a);
  return actionForm({
    name: "correction",
    title: "Correct the register entry",
    intro: "Enters a new register entry that points at this one; the animals and notices move to it.",
    body: [grid(field("Why it is corrected", reason, { name: "reason" }),
      field("Seized (IST)", seized, { name: "seizedAt" }),
      field("Received at the pound (IST)", impounded, { name: "impoundedAt" }),
      field("Kind of place", placeKind, { name: "placeKind" }),
      field("Place of seizure", place, { name: "place" }),
      field("Local area", area, { name: "area" }),
      ...seizerFields, ...ownerFields),
    checkField(signed, "The seizer signed the register entry", "seizerSigned")],
    submit: "Enter the correction",
    fieldMap: { input: "reason", seizer: "seizer.name", owner: "owner.name", "code:NOT_IN_JURISDICTION": "placeKind" },
    run: async () => {
      const s = seizer();
      const o = ownerKnown() ? owner() : null;
      const at = (v, was) => (v && v !== istInput(new Date(was)) ? fromIstInput(v) : null);
      const data = await gql("CorrectSeizure", {
        input: {
          impoundmentId: c.id, reason: reason.value.trim(),
          seizedAt: at(seized.value, c.seizedAt), impoundedAt: at(impounded.value, c.impoundedAt),
          placeKind: changed(placeKind.value, c.placeKind), place: changed(place.value.trim(), c.place),
          area: area.value.trim() ? changed(area.value.trim(), c.area) : null,
          seizer: s.name !== c.seizer.name || s.address !== c.seizer.address ? s : null,
          owner: o && (o.name !== c.owner?.name || o.address !== c.owner?.address) ? o : null,
          seizerSigned: changed(signed.checked, c.seizer.signed),
        },
      }, { auth: true });
      flash = `Corrected: register no. ${data.correctSeizure.registerNumber} corrects no. ${c.registerNumber}.`;
      ctx.go(`#/case/${encodeURIComponent(data.correctSeizure.id)}`);
    },
  });
}

function complaintForm(c, reload) {
  const at = dateTimeInput();
  const [fields, complainant] = personFields("complainant", { who: "Complainant's ", person: c.owner });
  const form = selectInput(["WRITTEN", "VERBAL"]);
  const statement = h("textarea", { rows: "3", required: true });
  const takenDown = textInput("", { required: false });
  return actionForm({
    name: "complaint",
    title: "File a complaint",
    body: grid(field("Made (IST)", at, { name: "at" }), ...fields,
      field("How", form, { name: "form" }),
      field("The complaint", statement, { name: "statement" }),
      field("Taken down by (a verbal complaint)", takenDown, { name: "takenDownBy", hint: "The magistrate who took it down" })),
    submit: "File the complaint",
    fieldMap: { "code:TOO_EARLY": "at", "code:TOO_LATE": "at" },
    run: async () => {
      await gql("FileComplaint", {
        input: {
          impoundmentId: c.id, at: fromIstInput(at.value), complainant: complainant(), form: form.value,
          statement: statement.value, takenDownBy: takenDown.value.trim() || null,
        },
      }, { auth: true });
      reload("Complaint filed: it awaits the magistrate's decision.");
    },
  });
}

function decideForm(complaint, reload) {
  const name = `decide-${complaint.id}`;
  const at = dateTimeInput();
  const illegal = checkbox(false);
  const compensation = moneyInput("0.00");
  const fines = moneyInput("0.00");
  const expenses = moneyInput("0.00");
  const payer = selectInput(["SEIZER", "DETAINER"]);
  const [fields, detainer, named] = personFields("detainer", { who: "Detainer's ", required: false });
  return actionForm({
    name,
    title: `Decide the complaint of ${complaint.complainant.name}`,
    body: [grid(field("Decided (IST)", at, { name: "at" })),
      checkField(illegal, "The seizure or detention was illegal", "illegal"),
      grid(field("Compensation (₹)", compensation, { name: "compensation" }),
        field("Fines the complainant paid (₹)", fines, { name: "finesPaid" }),
        field("Expenses awarded (₹)", expenses, { name: "expenses" }),
        field("Paid by", payer, { name: "payer" }), ...fields)],
    submit: "Record the decision",
    fieldMap: { "code:TOO_EARLY": "at", "code:TOO_LATE": "at" },
    run: async () => {
      await gql("DecideComplaint", {
        input: {
          complaintId: complaint.id, at: fromIstInput(at.value), illegal: illegal.checked,
          compensation: compensation.value.trim(), finesPaid: fines.value.trim(), expenses: expenses.value.trim(),
          payer: payer.value, detainer: named() ? detainer() : null,
        },
      }, { auth: true });
      reload("Decision recorded.");
    },
  });
}

// A sale after the owner's refusal, and nothing handed over since: the rest await him.
function awaitingRest(c) {
  const refused = c.refusals.at(-1);
  if (!refused) return false;
  const sold = c.sales.some((x) => x.at >= refused.at);
  return sold && !c.handovers.some((x) => x.at >= refused.at);
}

function ownerFields(c) {
  const at = h("input", { type: "datetime-local", required: true, value: istInput() });
  const name = h("input", { type: "text", required: true, autocomplete: "name", value: c.owner?.name || "" });
  const address = h("input", { type: "text", required: true, value: c.owner?.address || "" });
  const fields = [field("When (IST)", at, { name: "at" }), field("Owner or agent", name, { name: "claimant.name" }),
    field("Address", address, { name: "claimant.address" })];
  const value = () => ({ impoundmentId: c.id, at: fromIstInput(at.value), claimant: { name: name.value, address: address.value } });
  return [fields, value];
}

function refusalForm(c, reload) {
  const [fields, value] = ownerFields(c);
  const deposit = h("input", { type: "checkbox" });
  const form = h("form", { class: "action-form", "aria-labelledby": "refusal-h", "data-form": "refusal" },
    h("h3", { id: "refusal-h" }, "The owner refuses or omits to pay"),
    h("p", { class: "muted small" }, "Opens a sale of as many animals as the dues need, at the Act's own time."),
    h("div", { class: "form-grid" }, ...fields),
    h("label", { class: "check field", "data-field": "deposit" }, deposit, " He refused the deposit of a disputed seizure"),
    h("div", { class: "actions" }, h("button", { type: "submit" }, "Record the refusal")));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    submitting(form, { "code:TOO_EARLY": "at", "code:TOO_LATE": "at" }, async () => {
      await gql("RecordRefusalToPay",
        { input: { ...value(), deposit: deposit.checked } }, { auth: true });
      reload("Refusal recorded: the sale may follow.");
    });
  });
  return form;
}

function restForm(c, reload) {
  const [fields, value] = ownerFields(c);
  const paid = h("input", { type: "text", inputmode: "decimal", pattern: "\\d+(\\.\\d{1,2})?", value: "0.00" });
  const refused = h("input", { type: "checkbox" });
  const form = h("form", { class: "action-form", "aria-labelledby": "rest-h", "data-form": "rest" },
    h("h3", { id: "rest-h" }, "Deliver the remaining animals and the balance"),
    h("div", { class: "form-grid" }, ...fields,
      field("Paid by the owner (₹)", paid, { name: "amountPaid", hint: "Only feeding since the sale beyond the balance" })),
    h("label", { class: "check field", "data-field": "accepted" }, refused, " The owner refuses them (they become unclaimed)"),
    h("div", { class: "actions" }, h("button", { type: "submit" }, "Record")));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    submitting(form, { "code:CONFLICT": "at" }, async () => {
      const data = await gql("DeliverRest",
        { input: { ...value(), accepted: !refused.checked, amountPaid: paid.value.trim() || "0.00" } }, { auth: true });
      const d = data.deliverRest;
      reload(d.accepted ? `Delivered: receipt no. ${d.receiptNumber}; balance ${rupees(d.balance)}.` : "Refused: the animals are unclaimed.");
    });
  });
  return form;
}

function releaseForm(c, reload) {
  const authority = h("select", {}, ["DIRECTOR", "LOCAL_AUTHORITY", "MAGISTRATE", "CIVIL_COURT"].map((r) => h("option", { value: r }, label(r))));
  const by = h("input", { type: "text", required: true });
  const orderedAt = h("input", { type: "datetime-local", required: true, value: istInput() });
  const orderRef = h("input", { type: "text", required: true });
  const reasons = h("textarea", { required: true, rows: "2" });
  const at = h("input", { type: "datetime-local", required: true, value: istInput() });
  const form = h("form", { class: "action-form", "aria-labelledby": "release-h", "data-form": "release" },
    h("h3", { id: "release-h" }, "Release on a written order"),
    h("div", { class: "form-grid" },
      field("Ordered by", authority, { name: "authority", hint: "Where the Act allows a release by order" }),
      field("Officer or court", by, { name: "orderedBy" }),
      field("Order dated (IST)", orderedAt, { name: "orderedAt" }),
      field("Order no. or reference", orderRef, { name: "document" }),
      field("Reasons stated in the order", reasons, { name: "reasons" }),
      field("Released (IST)", at, { name: "at" })),
    h("div", { class: "actions" }, h("button", { type: "submit" }, "Release")));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    submitting(form, { "code:NOT_IN_JURISDICTION": "authority", "code:CONFLICT": "at" }, async () => {
      const data = await gql("ReleaseByOrder", {
        input: {
          impoundmentId: c.id, authority: authority.value, orderedBy: by.value, orderedAt: fromIstInput(orderedAt.value),
          reasons: reasons.value, document: orderRef.value, at: fromIstInput(at.value),
        },
      }, { auth: true });
      reload(`Released ${data.releaseByOrder.animals} animal(s) by order.`);
    });
  });
  return form;
}

function deliverForm(c, inPound, jurisdiction, reload) {
  // A deposit under protest is made for a complaint of illegal seizure, where the Act hears one.
  const protestable = jurisdiction.capabilities.includes("ILLEGAL_SEIZURE_COMPLAINTS");
  const at = h("input", { type: "datetime-local", required: true, value: istInput() });
  const name = h("input", { type: "text", required: true, autocomplete: "name", value: c.owner?.name || "" });
  const address = h("input", { type: "text", required: true, value: c.owner?.address || "" });
  const amount = h("input", { type: "text", inputmode: "decimal", required: true, pattern: "\\d+(\\.\\d{1,2})?", value: c.dues.total || "" });
  const protest = h("input", { type: "checkbox" });
  const boxes = inPound.map((a) => h("input", { type: "checkbox", checked: true, value: a.id }));
  const animals = h("fieldset", { class: "field checks", "data-field": "animalIds" },
    h("legend", {}, "Animals to deliver"),
    inPound.map((a, i) => h("label", { class: "check" }, boxes[i], ` ${a.species}${a.description ? ` (${a.description})` : ""}${a.earTag ? `, tag ${a.earTag}` : ""}`)));
  const form = h("form", { class: "action-form", "aria-labelledby": "deliver-h", "data-form": "deliver" },
    h("h3", { id: "deliver-h" }, "Deliver to the owner"),
    h("div", { class: "form-grid" },
      field("When (IST)", at, { name: "at" }),
      field("Claimant's name", name, { name: "claimant.name" }),
      field("Claimant's address", address, { name: "claimant.address" }),
      field("Amount paid (₹)", amount, { name: "amountPaid", hint: "The dues in full, in rupees" })),
    animals,
    protestable ? h("label", { class: "check field", "data-field": "underProtest" }, protest, " Paid as a deposit under protest, for a complaint of illegal seizure") : null,
    h("div", { class: "actions" }, h("button", { type: "submit" }, "Deliver")));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const chosen = boxes.filter((b) => b.checked).map((b) => b.value);
    submitting(form, { "code:TOO_EARLY": "at", "code:CONFLICT": "animalIds" }, async () => {
      const data = await gql("DeliverToOwner", {
        input: {
          impoundmentId: c.id,
          at: fromIstInput(at.value),
          claimant: { name: name.value, address: address.value },
          amountPaid: amount.value.trim(),
          underProtest: protest.checked,
          animalIds: chosen.length === inPound.length ? null : chosen,
        },
      }, { auth: true });
      reload(`Delivered: receipt no. ${data.deliverToOwner.number} for ${rupees(data.deliverToOwner.amount)}.`);
    });
  });
  return form;
}

function saleForm(c, inPound, roles, reload) {
  const species = [...new Set(inPound.map((a) => a.species))];
  const at = h("input", { type: "datetime-local", required: true, value: istInput() });
  const lots = species.map((s) => {
    const max = inPound.filter((a) => a.species === s).length;
    return [s, h("input", { type: "number", min: "0", max: String(max), step: "1", required: true, value: String(max) }), max];
  });
  const buyer = h("input", { type: "text", required: true, autocomplete: "off" });
  const address = h("input", { type: "text", required: true });
  const role = selectInput(roles);
  const price = h("input", { type: "text", inputmode: "decimal", required: true, pattern: "\\d+(\\.\\d{1,2})?" });
  const expenses = h("input", { type: "text", inputmode: "decimal", required: true, pattern: "\\d+(\\.\\d{1,2})?", value: "0.00" });
  const decidedBy = h("input", { type: "text" });
  const form = h("form", { class: "action-form", "aria-labelledby": "sale-h", "data-form": "sale" },
    h("h3", { id: "sale-h" }, "Record a sale"),
    h("div", { class: "form-grid" },
      field("When (IST)", at, { name: "at" }),
      ...lots.map(([s, input, max]) => field(`${s} sold (of ${max} in the pound)`, input, { name: `lots.${s}` })),
      field("Buyer's name", buyer, { name: "buyer.name" }),
      field("Buyer's address", address, { name: "buyer.address" }),
      field("Buyer is", role, { name: "buyer.role", hint: "Some Acts bar certain buyers" }),
      field("Price (₹)", price, { name: "price" }),
      field("Expenses of the sale (₹)", expenses, { name: "expenses" }),
      field("Disposed of otherwise than by auction, as decided by", decidedBy, { name: "decidedBy", hint: "Leave empty for a public auction" })),
    h("div", { class: "actions" }, h("button", { type: "submit" }, "Record the sale")));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const named = (err, i) => {  // the lot the error names, among the lots sent
      const sent = lots.filter(([, input]) => Number(input.value) > 0);
      return sent[i] && err.field === "lots" ? `lots.${sent[i][0]}` : null;
    };
    submitting(form, { "code:TOO_EARLY": "at", "code:TOO_LATE": "at", "code:CONFLICT:fallback": `lots.${species[0]}`, lots: `lots.${species[0]}`, row: named }, async () => {
      const data = await gql("RecordSale", {
        input: {
          impoundmentId: c.id,
          at: fromIstInput(at.value),
          lots: lots.filter(([, input]) => Number(input.value) > 0).map(([s, input]) => ({ species: s, count: Number(input.value) })),
          buyer: { name: buyer.value, address: address.value, role: role.value },
          price: price.value.trim(),
          expenses: expenses.value.trim(),
          decidedBy: decidedBy.value.trim() || null,
        },
      }, { auth: true });
      reload(`Sale recorded: ${rupees(data.recordSale.price)}; surplus ${rupees(data.recordSale.surplus)}.`);
    });
  });
  return form;
}
