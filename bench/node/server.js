// The peer: PostGraphile 4 over the benchmark database, as its users run it in production
// (no GraphiQL, no query log), connected as the application's role under row-level security,
// the tenant set per transaction from the request (pgSettings), as Pashu's sessions do.
const http = require("http");
const { postgraphile } = require("postgraphile");

const port = Number(process.env.PORT || 8303);
const handler = postgraphile(process.env.DATABASE_URL, "public", {
  // The tenant, as Pashu's sessions set it. JIT stays at the server's default here: for
  // this peer's per-row function calls it was measured faster on than off (bench/README.md).
  pgSettings: (req) => ({ "pashu.tenant_id": String(req.headers["x-tenant"] || "") }),
  ignoreRBAC: false,
  disableDefaultMutations: true,
  disableQueryLog: true,
  graphiql: false,
  enhanceGraphiql: false,
  dynamicJson: true,
  setofFunctionsContainNulls: false,
  retryOnInitFail: false,
  watchPg: false,
  showErrorStack: false,
  extendedErrors: ["hint", "detail", "errcode"],
});
http.createServer(handler).listen(port, "127.0.0.1", () => {
  console.log(`postgraphile listening on ${port}`);
});
