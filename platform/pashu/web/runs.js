// The clock's recent runs, said in words: what happened to which register number.
import { add, ApiError, gql, h, label, timeEl } from "./lib.js";

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A run's subject "Impoundment:<uuid>" is the case whose Relay id is its base64url. */
function globalId(subject) {
  return btoa(subject).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The cases the runs name, by global id: one static document, asked once per case (the
 * latest runs name a handful). */
async function casesNamed(runs) {
  const ids = [...new Set(runs.map((r) => r.subject).filter((s) => s?.startsWith("Impoundment:")).map(globalId))];
  const found = await Promise.all(ids.map((id) => gql("RunCase", { id }, { auth: true })));
  return new Map(found.map((d) => d.impoundment).filter(Boolean).map((c) => [c.id, c]));
}

function caseRef(c) {
  return h("a", { href: `#/case/${encodeURIComponent(c.id)}` }, `Register no. ${c.registerNumber}`);
}

/** What a run did, in a clerk's words. */
export function describe(run, cases) {
  const n = run.actions;
  if (run.task === "pashu.sweep_tenant") {
    return [n ? `Looked for due duties: ${plural(n, "duty", "duties")} handed on to be done` : "Looked for due duties: none was due"];
  }
  // A batch of cases records a run per case, so both tasks read alike.
  if ((run.task === "pashu.act_on_case" || run.task === "pashu.act_on_cases") && run.subject?.startsWith("Impoundment:")) {
    const c = cases.get(globalId(run.subject));
    const who = c ? caseRef(c) : "A case";
    if (!n) return [who, ": nothing was due any more"];
    const issued = c ? c.notices.filter((x) => x.issuedAt && Date.parse(x.issuedAt) === Date.parse(run.asOf)) : [];
    const said = issued.map((x) => `issued the notice “${label(x.kind)}”`);
    if (said.length < n && c?.auctions.length) {
      const a = c.auctions[c.auctions.length - 1];
      said.push(`scheduled auction round ${a.round}`);
    }
    return [who, ": ", said.length ? said.join(", ") : `${plural(n, "duty", "duties")} done`];
  }
  if (run.task === "pashu.close_claim_window") return [n ? "Closed a claim window that had run out" : "A claim window: nothing to close"];
  if (run.task === "pashu.remind_instalment") return [n ? "Reminded an owner of a tax instalment due" : "A tax instalment: no reminder due"];
  return [label(run.task.replace(/^pashu\./, "")), `: ${plural(n, "action")}`];
}

export async function runsCard(data) {
  const box = h("section", { class: "card", "aria-labelledby": "runs-h", "data-list": "task-runs" }, h("h2", { id: "runs-h" }, "What the law's clocks did"));
  if (data.error) return add(box, h("p", { class: "muted" }, `Not shown: ${data.error.code} — ${data.error.message}`));
  const runs = data.taskRuns;
  if (!runs.length) return add(box, h("p", { class: "muted" }, "The law's clocks have not run for this department yet."));
  // Without the register numbers (a refusal, say) the runs still show, as "A case".
  const cases = await casesNamed(runs).catch((err) => { if (err instanceof ApiError) return new Map(); throw err; });
  const failed = runs.filter((r) => r.outcome !== "OK").length;
  return add(box,
    h("p", { class: "muted small" }, `The ${plural(runs.length, "latest run")}${failed ? `, ${failed} failed or retrying` : ", all done"}.`),
    h("div", { class: "table-wrap" }, h("table", { class: "table runs" },
      h("thead", {}, h("tr", {}, ["What happened", "As of", "Outcome", "Took"].map((t, i) => h("th", { scope: "col", class: i === 3 ? "num" : null }, t)))),
      h("tbody", {}, runs.map((r) => h("tr", { "data-task": r.task },
        h("td", { title: [r.task, r.subject].filter(Boolean).join(" ") }, describe(r, cases)),
        h("td", {}, timeEl(r.asOf)),
        h("td", {}, h("span", { class: `status ${r.outcome === "OK" ? "st-delivered" : "st-overdue"}` }, r.outcome === "OK" ? "Done" : label(r.outcome)),
          r.attempt > 1 ? h("span", { class: "muted small" }, ` attempt ${r.attempt}`) : null,
          r.error ? h("div", { class: "error small" }, r.error) : null),
        h("td", { class: "num" }, `${r.durationMs} ms`)))))));
}

