// GraphQL Inspector's completion handler (scripts/schema-checks): a breaking change passes only
// when CHANGELOG.md's "API" section names its path (`Type.field`, as the inspector gives it) on
// a line that also states the deprecation period clients were given.
const fs = require("fs");
const path = require("path");

module.exports = ({ breakingChanges }) => {
  const changelog = fs.readFileSync(path.join(__dirname, "..", "CHANGELOG.md"), "utf8");
  const api = (changelog.split(/^## API\s*$/m)[1] || "").split(/^## /m)[0];
  const lines = api.split("\n").filter((l) => /deprecation period/i.test(l));
  const unlisted = breakingChanges.filter(
    (c) => !lines.some((l) => l.includes("`" + (c.path || c.message) + "`")),
  );
  for (const c of breakingChanges) {
    const listed = !unlisted.includes(c);
    console.log(`${listed ? "listed  " : "UNLISTED"} ${c.path || "(no path)"}: ${c.message}`);
  }
  if (unlisted.length) {
    console.error(
      `${unlisted.length} breaking change(s) not in CHANGELOG.md's API section: add a line ` +
        "naming each `Type.field` with the deprecation period it gives clients",
    );
    process.exit(1);
  }
};
