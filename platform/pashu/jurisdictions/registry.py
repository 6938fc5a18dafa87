"""Plugins are found through the entry-point group `pashu.jurisdictions`, chosen by code.

The built-in states are registered in pyproject.toml like any third-party plugin, so a
new state is an installed package that declares one entry point.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib.metadata import entry_points

from pashu.core.errors import UnknownJurisdiction
from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.vocabulary import Kind

GROUP = "pashu.jurisdictions"


@cache
def _installed() -> dict[str, Jurisdiction]:
    found: dict[str, Jurisdiction] = {}
    for ep in entry_points(group=GROUP):
        plugin = ep.load()
        if not isinstance(plugin, Jurisdiction):
            raise TypeError(f"entry point {ep.name} ({ep.value}) is not a Jurisdiction")
        if plugin.code != ep.name:
            raise TypeError(f"entry point {ep.name} loads plugin {plugin.code!r}")
        found[plugin.code] = plugin
    return dict(sorted(found.items()))


def loaded() -> Mapping[str, Jurisdiction]:
    """The installed plugins by code: the same object until `reload` (answers made from the
    law may be kept as long as it is)."""
    return _installed()


def installed() -> list[Jurisdiction]:
    return list(_installed().values())


def codes() -> list[str]:
    return list(_installed())


def get(code: str) -> Jurisdiction:
    try:
        return _installed()[code]
    except KeyError:
        raise UnknownJurisdiction(
            f"no jurisdiction {code!r} is installed; installed: {', '.join(codes())}",
            installed=codes(),
        ) from None


def kinds(family: str) -> dict[str, list[tuple[Jurisdiction, Kind]]]:
    """Each code of `family` ("places", "seizers" or "buyers") an installed plugin declares,
    with the plugins declaring it and their words for it: in the registry's order, then each
    plugin's (the schema's enums are these; a code two Acts name is one value)."""
    found: dict[str, list[tuple[Jurisdiction, Kind]]] = {}
    for plugin in installed():
        for kind in getattr(plugin.declared_kinds(), family):
            found.setdefault(kind.code, []).append((plugin, kind))
    return found


def reload() -> None:
    """Forget what was found (after installing a plugin at run time, as the tests do)."""
    _installed.cache_clear()
