"""The Mizoram Animal (Control & Taxation) Act, 2014 on notices, auctions and refunds:
s.7(5) the Village Crier's announcement within twenty-four hours, s.10(1) the public auction
of animals unclaimed seven days after it, s.10(3) who may not buy, s.10(4) the proceeds in
the Village Council Fund, refundable on a claim within fifteen days of the sale."""

from __future__ import annotations

from dataclasses import dataclass

from pashu.core.decision import Decision
from pashu.jurisdictions.acts import Act
from pashu.jurisdictions.clocks import (
    AuctionTerms,
    ClockLaw,
    NoticeTemplate,
    no_notice,
)
from pashu.jurisdictions.vocabulary import Action

_ANNOUNCEMENT = NoticeTemplate(
    title="Announcement of animals seized: {authority}",
    rows=(
        ("Number and description of the animals", "{animals}"),
        ("Seized", "{seized_at} at {place_seized}"),
        ("Brought to the Village Council", "{impounded_at}"),
        ("Kept at", "{pound}"),
        ("Register no.", "{register_number}"),
        ("Announced on", "{issued_at}"),
    ),
    footer="To be announced to the people of the village or locality through a Village Crier "
    "(section 7(5)). The owner may claim the animals on payment of the feeding charges and "
    "fines (section 9(1)); animals not claimed within seven days from this announcement shall "
    "be sold by public auction (section 10(1)).",
    proclaimed_by="a Village Crier, to the people of the village or the locality",
)

_AUCTION = NoticeTemplate(
    title="Public auction of seized animals: {authority}",
    rows=(
        ("Date and time", "{auction_at}"),
        ("Place", "{auction_place}"),
        ("Lots", "{lots}"),
        ("Kept at", "{pound}"),
        ("Register no.", "{register_number}"),
        ("Conditions", "{conditions}"),
        ("Date of this notice", "{issued_at}"),
    ),
    footer="The animals were not claimed within seven days from the announcement under section "
    "7(5). The Village Council, its members and secretary, the members of their families and "
    "its employees may not purchase, directly or indirectly (section 10(3)).",
)


@dataclass(frozen=True)
class MizoramClocks(ClockLaw):
    act: Act

    def notice_template(self, action: Action) -> Decision[NoticeTemplate]:
        if action is Action.ANNOUNCE_SEIZURE:
            return Decision(
                _ANNOUNCEMENT,
                [self.act.cite_label("7(5)")],
                "the Village Council announces the seizure through a Village Crier within "
                "twenty-four hours of the time the animals were brought",
            )
        if action is Action.AUCTION:
            return Decision(
                _AUCTION,
                [self.act.cite_label("10(1)"), self.act.cite_label("10(3)")],
                "animals unclaimed seven days after the announcement are sold by public auction",
            )
        raise no_notice(self.act.title, action)

    def auction_terms(self) -> Decision[AuctionTerms]:
        """s.10(1): the Village Council causes the animals to be sold by public auction; the
        Act sets no place, time or conditions."""
        return Decision(
            AuctionTerms(
                held_by="the Village Council",
                conditions="Sold by public auction (s.10(1)); the proceeds are deposited into "
                "the Village Council Fund, refundable to the owner on a claim within 15 days "
                "of the sale (s.10(4)).",
            ),
            [self.act.cite_label("10(1)"), self.act.cite_label("10(4)")],
            "the Act sets no place, time or conditions for the auction; the Village Council "
            "fixes them",
        )

    def unclaimed_after_window(self) -> Decision[str | None]:
        """s.10(4): the proceeds are in the Village Council Fund from the sale; when fifteen
        days pass without a claim, the owner's right to a refund ends and nothing moves."""
        return Decision(
            None,
            [self.act.cite_label("10(4)")],
            "the proceeds stay in the Village Council Fund; the refund window closes",
        )
