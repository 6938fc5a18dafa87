// Pashu's reference frontend: a small hash router over three views that read /graphql.
import { caseView } from "./case.js";
import { dashboardView, signInView } from "./dashboard.js";
import { keepingView } from "./keeping.js";
import { lawView } from "./law.js";
import { workView } from "./work.js";
import { ApiError, fill, h, token } from "./lib.js";

const main = document.getElementById("main");
const nav = document.getElementById("nav");

function parseHash() {
  const raw = location.hash.replace(/^#/, "") || "/law/compare";
  const [path, query = ""] = raw.split("?");
  return { path, parts: path.split("/").filter(Boolean), params: new URLSearchParams(query) };
}

export function go(hash) {
  if (location.hash === hash) render();
  else location.hash = hash;
}

function renderNav(path) {
  const signedIn = Boolean(token.get());
  const link = (href, text, active) =>
    h("a", { href, class: active ? "active" : null, "aria-current": active ? "page" : null }, text);
  // `fill` skips the Registers link when signed out (replaceChildren would print "null").
  fill(
    nav,
    link("#/law/compare", "The law", path.startsWith("/law")),
    link("#/dashboard", "Dashboard", path.startsWith("/dashboard") || path.startsWith("/case") || path.startsWith("/keeping")),
    signedIn ? link("#/work/seizure", "Registers", path.startsWith("/work")) : null,
    signedIn
      ? h("button", {
          type: "button",
          class: "link-button",
          onClick: () => {
            token.clear();
            go("#/signin");
          },
        }, "Sign out")
      : link("#/signin", "Sign in", path.startsWith("/signin")),
  );
}

let renderCount = 0;

async function render() {
  const { path, parts, params } = parseHash();
  const mine = ++renderCount;
  renderNav(path);
  const ctx = {
    params,
    go,
    // A view renders into a fresh container; a later navigation wins over a slow one.
    stale: () => mine !== renderCount,
  };
  const view = h("div", { class: "view" });
  main.replaceChildren(view);
  try {
    if (parts[0] === "law") await lawView(view, parts[1] || "compare", ctx);
    else if (parts[0] === "signin") await signInView(view, ctx);
    else if (parts[0] === "dashboard") await needToken(view, ctx, () => dashboardView(view, ctx));
    else if (parts[0] === "keeping") await needToken(view, ctx, () => keepingView(view, parts[1] || "orders", ctx));
    else if (parts[0] === "work") await needToken(view, ctx, () => workView(view, parts[1] || "seizure", ctx));
    else if (parts[0] === "case" && parts[1]) await needToken(view, ctx, () => caseView(view, decodeURIComponent(parts[1]), ctx));
    else view.replaceChildren(h("h1", { tabindex: "-1" }, "Not found"), h("p", {}, h("a", { href: "#/law/compare" }, "Go to the law page")));
  } catch (err) {
    if (ctx.stale()) return;
    if (err instanceof ApiError && err.code === "UNAUTHENTICATED") {
      token.clear();
      sessionStorage.setItem("pashu.signin-message", err.message);
      go(`#/signin?next=${encodeURIComponent(location.hash)}`);
      return;
    }
    view.append(h("div", { class: "error", role: "alert" }, h("span", { class: "error-code" }, err.code || "ERROR"), " ", err.message));
    console.error(err);
  }
  if (!ctx.stale()) {
    const heading = view.querySelector("h1");
    if (heading && document.activeElement === document.body) heading.focus({ preventScroll: true });
    document.title = heading ? `${heading.textContent} · Pashu` : "Pashu";
  }
}

async function needToken(view, ctx, show) {
  if (!token.get()) {
    go(`#/signin?next=${encodeURIComponent(location.hash)}`);
    return;
  }
  await show();
}

// The skip link moves focus to the view's heading without touching the router's hash.
document.getElementById("skip").addEventListener("click", (e) => {
  e.preventDefault();
  main.querySelector("h1")?.focus();
});

// A printed page shows every "Why" in full; the ones the reader had closed close again after.
let closedForPrint = [];
window.addEventListener("beforeprint", () => {
  closedForPrint = [...main.querySelectorAll("details:not([open])")];
  closedForPrint.forEach((d) => { d.open = true; });
});
window.addEventListener("afterprint", () => {
  closedForPrint.forEach((d) => { d.open = false; });
  closedForPrint = [];
});

window.addEventListener("hashchange", () => {
  document.activeElement?.blur?.();
  render();
});
render();
