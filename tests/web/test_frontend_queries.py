"""Every GraphQL document the reference frontend sends is valid against the schema, so a schema
change that breaks the frontend fails here, before a browser runs. The documents are read
statically out of web/*.js: the template literal passed to gql(...) (or the const it names),
with ${NAME} interpolations of const strings and templates (the file's own or imported from a
sibling module) resolved. A call whose document cannot be read that way fails: the frontend
keeps its queries static."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from graphql import GraphQLError, parse, validate

from pashu.schema.schema import schema

WEB = Path(__file__).parents[2] / "platform" / "pashu" / "web"
CONST = re.compile(r"^[ \t]*(?:export\s+)?const\s+([A-Za-z_$][\w$]*)\s*=\s*[`\"']", re.MULTILINE)
CALL = re.compile(r"(?<![\w$.])gql\(")
NAME = re.compile(r"[A-Za-z_$][\w$]*")
IMPORT = re.compile(r"^import\s*\{([^}]*)\}\s*from\s*[\"']\./([\w.-]+)[\"']", re.MULTILINE)


class NotStatic(Exception):
    """A document the test cannot read without running the frontend."""


@dataclass(frozen=True)
class Template:
    """A template literal: its text pieces and, between them, the interpolated expressions."""

    pieces: tuple[str, ...]
    holes: tuple[str, ...]


def _template(src: str, start: int) -> tuple[Template, int]:
    """The template literal opening at src[start] (a backtick), and the index after it; a
    plain string literal ("..." or '...') reads as a template without interpolations."""
    if src[start] != "`":
        end = src.index(src[start], start + 1)
        return Template((src[start + 1 : end],), ()), end + 1
    pieces, holes, text, i = [], [], [], start + 1
    while i < len(src):
        ch = src[i]
        if ch == "\\":
            text.append(src[i + 1])
            i += 2
        elif ch == "`":
            pieces.append("".join(text))
            return Template(tuple(pieces), tuple(holes)), i + 1
        elif src.startswith("${", i):
            pieces.append("".join(text))
            text = []
            end = _hole_end(src, i + 2)
            holes.append(src[i + 2 : end].strip())
            i = end + 1
        else:
            text.append(ch)
            i += 1
    raise NotStatic(f"unterminated template literal at {start}")


def _hole_end(src: str, i: int) -> int:
    """The index of the `}` closing an interpolation that starts at src[i]."""
    depth = 0
    while i < len(src):
        ch = src[i]
        if ch == "`":
            i = _template(src, i)[1]
            continue
        if ch in "'\"":
            i = src.index(ch, i + 1) + 1
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            if depth == 0:
                return i
            depth -= 1
        i += 1
    raise NotStatic("unterminated interpolation")


def _own(src: str) -> dict[str, Template]:
    """The const strings and templates of one file (a const declared twice with different
    text is ambiguous, so left out: a document naming it is not static)."""
    found: dict[str, Template] = {}
    twice: set[str] = set()
    for m in CONST.finditer(src):
        template = _template(src, m.end() - 1)[0]
        if found.setdefault(m.group(1), template) != template:
            twice.add(m.group(1))
    return {name: t for name, t in found.items() if name not in twice}


def _consts(src: str) -> dict[str, Template]:
    """A file's own consts and those it imports from a sibling module."""
    found = _own(src)
    for m in IMPORT.finditer(src):
        theirs = _own((WEB / m.group(2)).read_text(encoding="utf-8"))
        for spec in m.group(1).split(","):
            name, _, alias = spec.strip().partition(" as ")
            if name in theirs:
                found[alias.strip() or name] = theirs[name]
    return found


def _text(t: Template, consts: dict[str, Template], seen: tuple[str, ...] = ()) -> str:
    out = [t.pieces[0]]
    for hole, piece in zip(t.holes, t.pieces[1:], strict=True):
        if not NAME.fullmatch(hole) or hole not in consts or hole in seen:
            raise NotStatic(f"${{{hole}}} is not a const string or template")
        out += [_text(consts[hole], consts, (*seen, hole)), piece]
    return "".join(out)


def _documents() -> list[tuple[str, str]]:
    """(where, document) for every gql(...) call in web/*.js; NotStatic for any unreadable."""
    docs = []
    for path in sorted(WEB.glob("*.js")):
        src = path.read_text(encoding="utf-8")
        consts = _consts(src)
        for m in CALL.finditer(src):
            if src[: m.start()].rstrip().endswith("function"):
                continue  # the definition of gql itself
            line = src.count("\n", 0, m.start()) + 1
            where = f"{path.name}:{line}"
            i = m.end()
            while src[i].isspace():
                i += 1
            if src[i] == "`":
                template = _template(src, i)[0]
            else:
                name = NAME.match(src, i)
                if name is None or name.group() not in consts:
                    raise NotStatic(f"{where}: gql's document is not a template literal or const")
                template = consts[name.group()]
            try:
                docs.append((where, _text(template, consts)))
            except NotStatic as e:
                raise NotStatic(f"{where}: {e}") from None
    return docs


def test_every_frontend_document_is_read_statically() -> None:
    docs = _documents()
    # The dashboard, the case page and the law pages each send several documents.
    files = {where.split(":")[0] for where, _ in docs}
    assert {"case.js", "dashboard.js"} <= files
    assert len(docs) >= 10


@pytest.mark.parametrize(("where", "document"), _documents(), ids=lambda v: v.split("\n")[0])
def test_frontend_document_is_valid_against_the_schema(where: str, document: str) -> None:
    try:
        errors = validate(schema()._schema, parse(document))
    except GraphQLError as e:
        errors = [e]
    assert not errors, f"{where}: {[e.message for e in errors]}"


def test_an_unknown_field_in_a_document_is_caught() -> None:
    bad = "{ impoundments(first: 1) { edges { node { registerNumbr } } } }"
    assert validate(schema()._schema, parse(bad))


def test_a_document_built_at_run_time_is_refused() -> None:
    src = "const Q = `{ a }`;\nconst n = 1;\nconst R = `{ ${n + 1} }`;"
    consts = _own(src)
    assert _text(consts["Q"], consts) == "{ a }"
    with pytest.raises(NotStatic):
        _text(consts["R"], consts)
