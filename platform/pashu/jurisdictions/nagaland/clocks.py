"""The Nagaland Cattle Trespass Act, 1985 on notices, auctions and unclaimed proceeds:
s.14(1) the pound-keeper's report, s.14(2) the notice and its proclamation by beat of drum,
s.14(3) and s.16(1) the public auction, s.19(1) who may not buy, ss.17(3) and 18(1) the
surplus held in deposit and then credited to the local authority's fund."""

from __future__ import annotations

from dataclasses import dataclass

from pashu.core.citations import Confidence
from pashu.core.decision import Decision
from pashu.jurisdictions.acts import Act
from pashu.jurisdictions.clocks import (
    AuctionTerms,
    ClockLaw,
    NoticeTemplate,
    no_notice,
)
from pashu.jurisdictions.vocabulary import Action

_REPORT = NoticeTemplate(
    title="Report of cattle not claimed: register entry no. {register_number}",
    rows=(
        ("To", "{authority}"),
        ("From", "The pound-keeper, {pound}"),
        ("Number and description of the cattle", "{animals}"),
        ("Impounded on", "{impounded_at}"),
        ("Place where seized", "{place_seized}"),
        ("Owner", "{owner}"),
        ("Reported on", "{issued_at}"),
    ),
    footer="The cattle above have not been claimed within seven days from the date of their "
    "being impounded, and are reported under section 14(1).",
)

_NOTICE = NoticeTemplate(
    title="Notice of unclaimed cattle: {authority}",
    rows=(
        ("(a) Number and description of the cattle", "{animals}"),
        ("(b) Place where they were seized", "{place_seized}"),
        ("(c) Place where they are impounded", "{pound}"),
        ("Impounded on", "{impounded_at}"),
        ("Register no.", "{register_number}"),
        ("Date of this notice", "{issued_at}"),
    ),
    footer="Affixed in a conspicuous part of the office of {authority}, and to be proclaimed by "
    "beat of drum in the village and in the market place nearest to the place of seizure "
    "(section 14(2)). If the cattle are not claimed within seven days from the date of this "
    "notice they shall be sold by public auction (section 14(3)).",
    proclaimed_by="beat of drum in the village and in the market place nearest to the place "
    "of seizure",
)

_AUCTION = NoticeTemplate(
    title="Public auction of impounded cattle: {authority}",
    rows=(
        ("Date and time", "{auction_at}"),
        ("Place", "{auction_place}"),
        ("Lots", "{lots}"),
        ("Impounded at", "{pound}"),
        ("Register no.", "{register_number}"),
        ("Conditions", "{conditions}"),
        ("Date of this notice", "{issued_at}"),
    ),
    footer="The cattle were not claimed within seven days from the date of the notice under "
    "section 14(2). No police officer, officer or pound-keeper appointed under the Act, and no "
    "member of the local authority controlling the pound, may purchase, directly or "
    "indirectly (section 19(1)).",
)


@dataclass(frozen=True)
class NagalandClocks(ClockLaw):
    act: Act

    def notice_template(self, action: Action) -> Decision[NoticeTemplate]:
        if action is Action.REPORT_UNCLAIMED:
            return Decision(
                _REPORT,
                [self.act.cite_label("14(1)")],
                "the pound-keeper reports cattle unclaimed for seven days from impounding to the "
                "local authority or the officer the Director specifies",
            )
        if action is Action.PUBLISH_NOTICE:
            return Decision(
                _NOTICE,
                [self.act.cite_label("14(2)")],
                "the local authority affixes a notice of the number and description of the "
                "cattle, the place seized and the place impounded in its office, and has it "
                "proclaimed by beat of drum in the village and the nearest market place",
            )
        if action is Action.AUCTION:
            return Decision(
                _AUCTION,
                [self.act.cite_label("14(3)"), self.act.cite_label("19(1)")],
                "cattle unclaimed seven days after the notice are sold by public auction, at the "
                "place and time and on the conditions the Director directs",
            )
        raise no_notice(self.act.title, action)

    def auction_terms(self) -> Decision[AuctionTerms]:
        """s.14(3): sold by public auction by the local authority, the officer or one
        subordinate to him, at such place and time and subject to such conditions as the
        Director by general or special order directs; s.16(1) the same for a sale when the
        owner refuses or omits to pay."""
        return Decision(
            AuctionTerms(
                held_by="the local authority, or the officer specified by the Director, or an "
                "officer subordinate to him deputed for the purpose",
                conditions="Sold by public auction subject to such conditions as the Director, "
                "by general or special order, directs (s.14(3)). Fines, feeding charges and "
                "the expenses of sale are deducted from the proceeds (s.16(2)).",
            ),
            [self.act.cite_label("14(3)"), self.act.cite_label("16(1)")],
            "the Act leaves the place, time and conditions of the auction to the Director's "
            "order; the department fixes them in that order's terms",
        )

    def unclaimed_after_window(self) -> Decision[str | None]:
        """s.17(3): the surplus unclaimed proceeds are held in deposit and, if no claim is
        preferred within three months and established, disposed of as s.18(1) provides:
        credited to the fund of the local authority."""
        return Decision(
            "local_authority_fund",
            [
                self.act.cite_label("17(3)").with_confidence(
                    Confidence.INTERPRETED,
                    "“within three months” names no start; counted from the sale",
                ),
                self.act.cite_label("18(1)"),
            ],
            "surplus proceeds unclaimed three months after the sale (interpreted: s.17(3) does "
            "not say from when) are credited to the local authority's fund",
        )
