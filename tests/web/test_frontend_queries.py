"""Every GraphQL document the reference frontend sends is a named operation in its own file,
web/operations/<Name>.graphql (fragments in web/operations/fragments/), valid against the
schema, so a schema change that breaks the frontend fails here, before a browser runs. The
pages name operations, never write documents: every name a page asks for has its file, and
every file is asked for by some page. The manifest of trusted documents the server accepts
by hash is the one these files make, and lib.js composes the same documents in the browser
(the same hashes)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from graphql import (
    FragmentDefinitionNode,
    GraphQLError,
    OperationDefinitionNode,
    parse,
    validate,
)

from pashu.app import MANIFEST
from pashu.schema.schema import schema
from pashu.schema.trusted import compose, manifest_text

WEB = Path(__file__).parents[2] / "platform" / "pashu" / "web"
OPERATIONS = WEB / "operations"
# A page asks for an operation by name: gql("CaseList", ...).
ASKED = re.compile(r"(?<![\w$.])gql\(\s*\"([A-Za-z_]\w*)\"")
ANY_CALL = re.compile(r"(?<![\w$.])gql\(")

NAMES = sorted(p.stem for p in OPERATIONS.glob("*.graphql"))


def _asked() -> dict[str, list[str]]:
    """Operation name -> where the pages ask for it; a gql( call naming none fails."""
    found: dict[str, list[str]] = {}
    for path in sorted(WEB.glob("*.js")):
        src = path.read_text(encoding="utf-8")
        for m in ANY_CALL.finditer(src):
            if src[: m.start()].rstrip().endswith("function"):
                continue  # the definition of gql itself
            where = f"{path.name}:{src.count(chr(10), 0, m.start()) + 1}"
            named = ASKED.match(src, m.start())
            assert named, f"{where}: gql( must name an operation of web/operations/"
            found.setdefault(named.group(1), []).append(where)
    return found


def test_every_page_operation_has_its_file_and_every_file_is_used() -> None:
    asked = _asked()
    missing = {name: where for name, where in asked.items() if name not in NAMES}
    assert not missing, f"no web/operations/<Name>.graphql for {missing}"
    assert sorted(asked) == NAMES, f"never asked for: {sorted(set(NAMES) - set(asked))}"
    # The dashboard, the case page and the law pages each send several documents.
    files = {w.split(":")[0] for where in asked.values() for w in where}
    assert {"case.js", "dashboard.js", "law.js", "research.js", "runs.js"} <= files
    assert len(NAMES) >= 26


@pytest.mark.parametrize("name", NAMES)
def test_each_file_is_one_operation_named_as_its_file_and_valid(name: str) -> None:
    text = (OPERATIONS / f"{name}.graphql").read_text(encoding="utf-8")
    own = parse(text).definitions
    assert len(own) == 1 and isinstance(own[0], OperationDefinitionNode), (
        f"{name}.graphql: one operation, its fragments in fragments/"
    )
    assert own[0].name is not None and own[0].name.value == name
    try:
        errors = validate(schema()._schema, parse(compose(OPERATIONS, name)))
    except GraphQLError as e:
        errors = [e]
    assert not errors, f"{name}: {[e.message for e in errors]}"


def test_fragment_files_hold_one_fragment_named_as_the_file_and_all_are_used() -> None:
    used: set[str] = set()
    for name in NAMES:
        document = parse(compose(OPERATIONS, name))
        used |= {
            d.name.value for d in document.definitions if isinstance(d, FragmentDefinitionNode)
        }
    for path in sorted((OPERATIONS / "fragments").glob("*.graphql")):
        (definition,) = parse(path.read_text(encoding="utf-8")).definitions
        assert isinstance(definition, FragmentDefinitionNode)
        assert definition.name.value == path.stem
        assert path.stem in used, f"fragments/{path.name} is spread by no operation"


def test_operation_names_are_unique_across_files() -> None:
    names = [
        d.name.value
        for p in OPERATIONS.rglob("*.graphql")
        for d in parse(p.read_text(encoding="utf-8")).definitions
        if isinstance(d, OperationDefinitionNode | FragmentDefinitionNode) and d.name
    ]
    assert len(names) == len(set(names))


def test_the_manifest_of_trusted_documents_is_fresh() -> None:
    assert MANIFEST.read_text(encoding="utf-8") == manifest_text(OPERATIONS), (
        "web/operations/manifest.json is stale: run `pashu schema documents`"
    )


# lib.js's operation(), run in Node with fetch reading the files: what the browser hashes.
COMPOSE = """
import { readFile } from "node:fs/promises";
globalThis.fetch = async (url) => {
  const text = await readFile(new URL(url), "utf8");
  return { ok: true, status: 200, text: async () => text };
};
const lib = await import(process.argv[1]);
const out = {};
for (const name of process.argv.slice(2)) out[name] = (await lib.operation(name)).hash;
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node (scripts/test installs it)")
def test_the_browser_hashes_each_document_as_the_manifest_does() -> None:
    done = subprocess.run(
        ["node", "--input-type=module", "-e", COMPOSE, (WEB / "lib.js").as_uri(), *NAMES],
        capture_output=True,
        text=True,
        check=True,
    )
    hashes = json.loads(done.stdout)
    registered = {op["name"]: op["id"] for op in json.loads(MANIFEST.read_text())["operations"]}
    assert hashes == registered


def test_an_unknown_field_in_a_document_is_caught() -> None:
    bad = "query Bad { impoundments(first: 1) { edges { node { registerNumbr } } } }"
    assert validate(schema()._schema, parse(bad))
