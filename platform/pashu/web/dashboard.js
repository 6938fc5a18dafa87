// Signing in with a token, and the department's dashboard.
import { fundsCard } from "./books.js";
import {
  add, ApiError, field, gql, h, label, loading, showFormError, svg, timeEl, token,
} from "./lib.js";
import { keepingDashboard } from "./keeping.js";
import { runsCard } from "./runs.js";

const OPEN = ["IMPOUNDED", "PARTLY_RELEASED"];
export async function signInView(view, ctx) {
  const message = sessionStorage.getItem("pashu.signin-message");
  sessionStorage.removeItem("pashu.signin-message");
  const input = h("input", { type: "password", required: true, autocomplete: "off", spellcheck: "false", placeholder: "pashu_…" });
  const form = h("form", { class: "card narrow" },
    field("API token", input, { name: "token", hint: "Paste the token your administrator gave you (from “pashu token create” or “pashu demo”). It is kept only in this browser tab." }),
    h("div", { class: "actions" }, h("button", { type: "submit" }, "Sign in")));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    form.querySelector(".error")?.remove();
    token.set(input.value);
    try {
      const data = await gql("SignIn", {}, { auth: true });
      const next = ctx.params.get("next");
      ctx.go(next && next.startsWith("#/") ? next : "#/dashboard");
      return data;
    } catch (err) {
      token.clear();
      if (!(err instanceof ApiError)) throw err;
      // The refusal concerns the token: shown beside it, the field marked and focused.
      showFormError(form, Object.assign(Object.create(err), { field: "token" }));
    }
  });
  add(view,
    h("div", { class: "page-head" }, h("h1", { tabindex: "-1" }, "Sign in to your department"),
      h("p", { class: "lede" }, "The dashboard shows your department's pounds, cases, dues and funds. ",
        h("a", { href: "#/law/compare" }, "The law page"), " needs no sign-in.")),
    message ? h("div", { class: "error", role: "alert" }, h("span", { class: "error-code" }, "UNAUTHENTICATED"), " ", message) : null,
    form,
  );
  input.focus();
}

/** The latest cases, one page: the counts come from impoundmentStats, computed in SQL. */
async function latestCases() {
  const data = await gql("LatestCases", {}, { auth: true });
  return data.impoundments.edges.map((e) => e.node);
}

function endOfTodayIst() {
  const now = new Date();
  const ist = new Date(now.getTime() + 330 * 60000);
  const y = ist.getUTCFullYear();
  const m = String(ist.getUTCMonth() + 1).padStart(2, "0");
  const d = String(ist.getUTCDate()).padStart(2, "0");
  return `${y}-${m}-${d}T23:59:59+05:30`;
}

function pairs(counts, name = (k) => k) {
  return counts.map(({ key, count }) => [name(key), count]);
}

/** A label broken at spaces into lines of at most `fits` characters (a longer word keeps its
 *  own line): the chart's names are shown whole, never cut. */
function wrapLabel(text, fits) {
  const lines = [];
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last && `${last} ${word}`.length <= fits) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length ? lines : [""];
}

/** A horizontal bar chart in inline SVG, with the numbers as a table for screen readers. */
function barChart(title, rows, { unit = "" } = {}) {
  const id = `chart-${title.replace(/\W+/g, "-").toLowerCase()}`;
  const max = Math.max(1, ...rows.map(([, v]) => v));
  // A label takes as many lines as its words need (a pound's name is often three or four
  // words), so no name is cut; each row is as tall as its label.
  const width = 360;
  const fits = 16;
  const lineH = 15;
  const wrapped = rows.map(([k]) => wrapLabel(k, fits));
  const longest = Math.max(9, ...wrapped.flat().map((l) => l.length));
  const labelW = 12 + 8 * Math.min(longest, 20);
  const heights = wrapped.map((lines) => Math.max(28, 12 + lines.length * lineH));
  const tops = heights.map((_, i) => heights.slice(0, i).reduce((a, b) => a + b, 0));
  const height = Math.max(28, heights.reduce((a, b) => a + b, 0));
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "bars", role: "img", "aria-labelledby": `${id}-t`, preserveAspectRatio: "xMinYMin meet" },
    svg("title", { id: `${id}-t` }, `${title}: ${rows.map(([k, v]) => `${k} ${v}`).join(", ") || "none"}`),
    rows.map(([key, value], i) => {
      const w = Math.max(2, ((width - labelW - 36) * value) / max);
      const y = tops[i];
      const rowH = heights[i];
      const lines = wrapped[i];
      const first = y + rowH / 2 + 5 - ((lines.length - 1) * lineH) / 2;
      return svg("g", {},
        svg("text", { x: labelW - 8, y: first, "text-anchor": "end", class: "bar-label" },
          lines.map((line, n) => svg("tspan", { x: labelW - 8, dy: n ? lineH : null }, line))),
        svg("rect", { x: labelW, y: y + rowH / 2 - 8, width: w, height: 16, rx: 3, class: `bar bar-${i % 6}` }),
        svg("text", { x: labelW + w + 6, y: y + rowH / 2 + 5, class: "bar-value" }, `${value}${unit}`));
    }));
  return h("figure", { class: "card chart", "data-chart": title },
    h("figcaption", {}, title),
    rows.length ? chart : h("p", { class: "muted" }, "Nothing yet."),
    h("table", { class: "sr-only" }, h("caption", {}, title),
      h("tbody", {}, rows.map(([k, v]) => h("tr", {}, h("th", { scope: "row" }, k), h("td", {}, v))))));
}

function tile(name, value, note, tone) {
  return h("div", { class: `tile ${tone || ""}`, "data-count": name },
    h("span", { class: "tile-value" }, String(value)),
    h("span", { class: "tile-label" }, note));
}

function caseLink(c, extra) {
  return h("a", { href: `#/case/${encodeURIComponent(c.id)}`, class: "case-link" }, `Register no. ${c.registerNumber}`, extra ? [" — ", extra] : null);
}

function heads(c) {
  return c.animalCounts.map((a) => `${a.count} ${a.species}`).join(", ");
}

function dutyList(title, cases, kind, empty) {
  return h("section", { class: `card duty ${kind}`, "aria-labelledby": `${kind}-h`, "data-list": kind },
    h("h2", { id: `${kind}-h` }, title, h("span", { class: "count-pill" }, String(cases.length))),
    cases.length
      ? h("ul", { class: "plain" }, cases.map((c) => h("li", {},
        caseLink(c, label(c.nextAction?.action)),
        h("div", { class: "muted small" },
          kind === "overdue" && c.nextAction?.deadline ? ["Late since ", timeEl(c.nextAction.deadline)] : ["May be done from ", timeEl(c.nextAction?.notBefore)],
          ` · ${c.pound?.name || ""} · ${heads(c)}`))))
      : h("p", { class: "muted" }, empty));
}

export async function dashboardView(view, ctx) {
  view.append(loading("Loading your department…"));
  const { viewer } = await gql("DashboardViewer", {}, { auth: true });
  if (ctx.stale()) return;
  const caps = viewer.tenant.jurisdiction.capabilities;
  view.replaceChildren(h("div", { class: "page-head" },
    h("h1", { tabindex: "-1" }, viewer.tenant.name),
    h("p", { class: "lede" }, `${viewer.tenant.jurisdiction.name} · signed in as ${viewer.user.name} (${viewer.role.toLowerCase()})`)));
  const fundsQ = gql("Funds", {}, { auth: true });
  if (!caps.includes("IMPOUNDMENT")) {
    const [registers, { funds }] = await Promise.all([keepingDashboard(caps), fundsQ]);
    if (ctx.stale()) return;
    add(view, registers,
      h("p", { class: "card muted" }, "This department's Act has no impoundment chapter, so it keeps no pounds or seizure register."),
      fundsCard(funds, registers ? { empty: "No money has moved yet: compositions are received here." } : undefined));
    return;
  }
  const due = endOfTodayIst();
  const [{ impoundmentStats: stats }, cases, { auctions }, overdueData, dueData, fundsData, runsData] = await Promise.all([
    gql("ImpoundmentStats", {}, { auth: true }),
    latestCases(),
    gql("UpcomingAuctions", {}, { auth: true }),
    gql("OverdueCases", {}, { auth: true }),
    gql("CasesDueBy", { d: due }, { auth: true }),
    fundsQ,
    gql("RecentTaskRuns", {}, { auth: true })
      .catch((err) => { if (err instanceof ApiError) return { error: err }; throw err; }),
  ]);
  if (ctx.stale()) return;
  const overdue = overdueData.impoundments.edges.map((e) => e.node);
  const dueToday = dueData.impoundments.edges.map((e) => e.node);
  const open = cases.filter((c) => OPEN.includes(c.status));
  const awaiting = open.filter((c) => c.nextAction?.action === "AUCTION" && !c.auctions.some((a) => !a.closedAt))
    .sort((a, b) => a.nextAction.notBefore.localeCompare(b.nextAction.notBefore));
  const byId = new Map(cases.map((c) => [c.id, c]));
  const runs = await runsCard(runsData);
  if (ctx.stale()) return;
  const scheduled = auctions.map((a) => ({ c: byId.get(a.impoundmentId) || { id: a.impoundmentId, registerNumber: "…" }, a }));

  view.append(
    h("div", { class: "tiles" },
      tile("cases", stats.total, "cases on the register"),
      tile("open", stats.open, "open cases"),
      tile("in-pound", stats.animalsInPound, "animals in the pound"),
      tile("overdue", overdue.length, "overdue", overdue.length ? "alert" : ""),
      tile("due", dueToday.length, "due by today", dueToday.length ? "warn" : "")),
    h("div", { class: "grid-2" },
      dutyList("Overdue", overdue, "overdue", "Nothing is overdue."),
      dutyList("Due by today", dueToday, "due", "Nothing falls due today.")),
    h("div", { class: "grid-3" },
      barChart("Cases by status", pairs(stats.byStatus, label)),
      barChart("Cases by pound", pairs(stats.byPound)),
      barChart("Animals in the pound by species", pairs(stats.bySpecies))),
    h("div", { class: "grid-2" },
      auctionsCard(scheduled, awaiting),
      fundsCard(fundsData.funds)),
    runs,
    casesTable(cases),
  );
}

function auctionsCard(scheduled, awaiting) {
  return h("section", { class: "card", "aria-labelledby": "auctions-h", "data-list": "auctions" },
    h("h2", { id: "auctions-h" }, "Upcoming auctions"),
    scheduled.length ? h("ul", { class: "plain" }, scheduled.map(({ c, a }) => h("li", {},
      caseLink(c, `round ${a.round}`),
      h("div", { class: "muted small" }, timeEl(a.scheduledFor), ` · ${a.place}`))))
      : h("p", { class: "muted" }, "No auction is scheduled."),
    awaiting.length ? [h("h3", {}, "Awaiting an auction"), h("ul", { class: "plain" }, awaiting.map((c) => h("li", {}, caseLink(c),
      h("div", { class: "muted small" }, "May be sold from ", timeEl(c.nextAction.notBefore), ` · ${heads(c)}`))))] : null);
}

function casesTable(cases) {
  return h("section", { class: "card", "aria-labelledby": "cases-h" },
    h("h2", { id: "cases-h" }, "The register", h("span", { class: "muted small" }, " — the latest entries")),
    h("div", { class: "table-wrap" }, h("table", { class: "table cases" },
      h("thead", {}, h("tr", {}, ["No.", "Seized", "Pound", "Animals", "Status", "Next duty"].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, cases.map((c) => h("tr", {},
        h("td", {}, h("a", { href: `#/case/${encodeURIComponent(c.id)}` }, String(c.registerNumber))),
        h("td", {}, timeEl(c.seizedAt)),
        h("td", {}, c.pound?.name || "—"),
        h("td", {}, heads(c)),
        h("td", {}, h("span", { class: `status st-${c.status.toLowerCase()}` }, label(c.status))),
        h("td", {}, c.nextAction ? [label(c.nextAction.action), c.nextAction.overdue ? h("span", { class: "badge late" }, "late") : null] : "—")))))));
}
