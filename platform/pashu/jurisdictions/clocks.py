"""The law of the clocks: the notices an Act requires on an impoundment, what an auction's
public notice says, and what happens to the money when a claim window closes unclaimed.

The contract every state with an impoundment chapter implements (in `<state>/clocks.py`);
services ask `plugin.clocks` and never branch on a state. A notice is a template of the
state's own words, filled by the platform from the register (fields below). No number the
Act leaves to an order or to rules is invented here: an auction's place, time and conditions
that the Act leaves to an officer are said to be so.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

from pashu.core.decision import Decision
from pashu.core.errors import NotInJurisdiction
from pashu.jurisdictions.vocabulary import Action

# The fields a template may use ({name}); services fill every one of them.
FIELDS = (
    "register_number",  # the seizure register's entry number
    "animals",  # number and description: "2 cow (brown, white blaze); 1 goat"
    "heads",  # the number of animals in the pound
    "place_seized",
    "pound",  # the place where they are impounded
    "authority",  # the local authority (Village Council, Town Committee) of the pound
    "seized_at",
    "impounded_at",
    "owner",  # "T. Sema, Jotsoma" or "not known"
    "issued_at",
    # An auction's public notice only:
    "auction_at",
    "auction_place",
    "conditions",
    "lots",
)


@dataclass(frozen=True)
class NoticeTemplate:
    """A printable notice: a title and labelled rows, then a closing paragraph.

    `proclaimed_by`: how the notice is made known once issued (by beat of drum, by a
    Village Crier), recorded when it is done; None when the Act asks for no proclamation.
    """

    title: str
    rows: tuple[tuple[str, str], ...]
    footer: str
    proclaimed_by: str | None = None


@dataclass(frozen=True)
class AuctionTerms:
    """Who holds the sale and on what conditions, as far as the Act says."""

    held_by: str
    conditions: str


class ClockLaw(ABC):
    """Per-state answers for the notices, auctions and claim windows the sweep acts on."""

    @abstractmethod
    def notice_template(self, action: Action) -> Decision[NoticeTemplate]:
        """The notice the Act requires for `action` (ANNOUNCE_SEIZURE, REPORT_UNCLAIMED,
        PUBLISH_NOTICE, or AUCTION for the auction's public notice); NOT_IN_JURISDICTION
        when the Act requires none."""

    @abstractmethod
    def auction_terms(self) -> Decision[AuctionTerms]:
        """Who holds the public auction and the conditions the Act sets or leaves to others."""

    @abstractmethod
    def unclaimed_after_window(self) -> Decision[str | None]:
        """When the owner's claim window on the proceeds of a sale closes unclaimed: the key
        of the fund (in `plugin.funds`) the money held for the owner is credited to, or None
        when nothing moves (the proceeds are in a fund already and the right to a refund
        just ends)."""


def no_notice(plugin_act_title: str, action: Action) -> NotInJurisdiction:
    return NotInJurisdiction(
        f"{plugin_act_title} requires no {action.value.lower().replace('_', ' ')} notice",
        action=action.value,
    )
