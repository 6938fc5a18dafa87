"""The input of each act the frontend sends, made ready in a tenant of its Act (issue #36):
`ACTS[name]` is the tenant's maker and `prepare(gql, token, pound, k, n)`, which does what
the act depends on (a seizure, a notice, an order, a registration…) and returns the act's
input. `k` numbers the act in its tenant (names, references and dates apart) and `n` is its
size: the herd seized, the lots closed, the findings of a visit, the animals registered, the
lists of an order, the cattle sold to recover a fine. tests/schema/test_document_statements.py
asks each act on a small tenant (n = 1) and on a large one that did it four times already
(n = 3)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from tests.conftest import Databases, GraphQLClient, TenantFixture, make_tenant
from tests.schema.impoundment_helpers import department, seize
from tests.schema.test_registration import mizoram, registration

OWNER = {"name": "T. Sema", "address": "Jotsoma"}
BUYER = {"name": "L. Ao", "address": "Mokokchung"}
# Nagaland: the notices of s.14 on 11 January, the auction from the 19th (s.14(3)).
NOTICED = "2026-01-11T09:00:00+05:30"
AUCTIONED = "2026-01-19T09:00:00+05:30"

Prepare = Callable[[GraphQLClient, str, str, int, int], Awaitable[dict[str, Any]]]


@dataclass(frozen=True)
class Act:
    jurisdiction: str
    prepare: Prepare


async def tenant(
    dbs: Databases, gql: GraphQLClient, jurisdiction: str
) -> tuple[TenantFixture, str]:
    """A department of `jurisdiction` and its pound's id ("" where none is made): Nagaland's
    with rates for cows and goats, Mizoram's with its fees and tax notified."""
    if jurisdiction == "nagaland":
        return await department(dbs, gql, jurisdiction)
    if jurisdiction == "mizoram":
        return await mizoram(dbs, gql), ""
    return make_tenant(dbs, jurisdiction), ""


async def _ok(gql: GraphQLClient, token: str, field: str, kind: str, given: dict[str, Any]) -> Any:
    """`field(input:)` of input type `kind`, its id (and, for a registration's tax, the
    instalments')."""
    picked = "{ id amount }" if field == "assessAnimalTax" else "{ id }"
    body = f"mutation($i: {kind}!) {{ {field}(input: $i) {picked} }}"
    return (await gql.ok(body, {"i": given}, token))[field]


def _herd(n: int) -> list[dict[str, Any]]:
    return (
        [{"species": "cow", "count": 2}]
        if n == 1
        else [
            {"species": "cow", "count": 4},
            {"species": "goat", "count": 3},
        ]
    )


async def _case(gql: GraphQLClient, token: str, pound: str, n: int) -> str:
    found: str = (await seize(gql, token, pound, animals=_herd(n)))["id"]
    return found


async def _noticed(gql: GraphQLClient, token: str, pound: str, n: int) -> tuple[str, str]:
    """A case unclaimed for seven days, reported and its notice published (s.14(1), (2)):
    the case's id and the notice's."""
    case = await _case(gql, token, pound, n)
    notice = ""
    for kind in ("REPORT_UNCLAIMED", "PUBLISH_NOTICE"):
        given = {"impoundmentId": case, "kind": kind, "issuedAt": NOTICED}
        notice = (await _ok(gql, token, "recordNotice", "RecordNoticeInput", given))["id"]
    return case, notice


async def _auction(gql: GraphQLClient, token: str, pound: str, n: int) -> tuple[str, str]:
    case, _ = await _noticed(gql, token, pound, n)
    given = {"impoundmentId": case, "at": AUCTIONED}
    return case, (await _ok(gql, token, "scheduleAuction", "ScheduleAuctionInput", given))["id"]


# Nagaland: the impoundment's acts.


async def create_pound(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    return {"name": f"Pound {k}", "localAuthority": "Kohima TC"}


async def publish_notification(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    return {
        "kind": "FINE_PER_HEAD",
        "species": "cow",
        "amount": "50.00",
        "effectiveFrom": f"2026-02-{k + 1:02d}",
        "reference": f"Nagaland Gazette 2026/{k}",
    }


async def record_extent(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    return {
        "area": f"Area {k}",
        "ground": "EXCLUSION",
        "effectiveFrom": "2026-01-02",
        "reference": f"Nagaland Gazette 2025/{88 + k}",
    }


async def renew(gql: GraphQLClient, token: str, pound: str, k: int, n: int) -> dict[str, Any]:
    if k == 0:
        fee = {
            "kind": "REGISTRATION_FEE",
            "amount": "300.00",
            "effectiveFrom": "2026-01-01",
            "reference": "Nagaland Gazette Estt/2026/1",
        }
        await _ok(gql, token, "publishNotification", "PublishNotificationInput", fee)
    return {
        "establishment": f"Dairy {k}",
        "lastDate": "2026-03-31",
        "appliedAt": "2026-03-01T10:00:00+05:30",
        "validApplicationOnTime": True,
    }


async def record_offence(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    return {
        "section": "25",
        "offender": {"name": f"K. Angami {k}", "address": "Kohima village", "role": "OWNER"},
        "committedAt": "2026-01-03T09:00:00+05:30",
        "impoundmentId": await _case(gql, token, pound, n),
    }


async def file_complaint(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    return {
        "impoundmentId": await _case(gql, token, pound, n),
        "at": "2026-01-04T11:00:00+05:30",
        "complainant": OWNER,
        "form": "WRITTEN",
        "statement": "My cows were on my own land when they were seized.",
    }


async def decide_complaint(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    filed = await file_complaint(gql, token, pound, k, n)
    made = await _ok(gql, token, "fileComplaint", "FileComplaintInput", filed)
    # Illegal: every animal released, the dues laid on the seizer (ss.21, 22).
    return {
        "complaintId": made["id"],
        "at": "2026-01-06T12:00:00+05:30",
        "illegal": True,
        "compensation": "100.00",
    }


async def record_notice(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    case = await _case(gql, token, pound, n)
    return {"impoundmentId": case, "kind": "REPORT_UNCLAIMED", "issuedAt": NOTICED}


async def record_proclamation(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    _, notice = await _noticed(gql, token, pound, n)
    return {"noticeId": notice, "at": "2026-01-12T08:00:00+05:30"}


async def schedule_auction(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    case, _ = await _noticed(gql, token, pound, n)
    return {"impoundmentId": case, "at": AUCTIONED}


LOTS = "query($id: ID!) { node(id: $id) { ... on Auction { scheduledFor lots { id } } } }"


async def close_auction(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    """Every lot (one a species: n = 3 has two) sold."""
    _, auction = await _auction(gql, token, pound, n)
    found = (await gql.ok(LOTS, {"id": auction}, token))["node"]
    sold = {"buyer": BUYER, "price": "3000.00", "expenses": "50.00"}
    return {
        "auctionId": auction,
        "at": found["scheduledFor"],
        "results": [{"lotId": lot["id"], **sold} for lot in found["lots"]],
    }


async def claim_proceeds(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    """The whole herd sold after the notices (s.14(3)), in a lot a species; the surplus
    claimed within three months (s.17(3))."""
    case, _ = await _noticed(gql, token, pound, n)
    sale = {
        "impoundmentId": case,
        "at": "2026-01-19T10:00:00+05:30",
        "lots": _herd(n),
        "buyer": {**BUYER, "role": "PUBLIC"},
        "price": "9000.00",  # above the dues of any herd, so a surplus is held
        "expenses": "40.00",
    }
    await _ok(gql, token, "recordSale", "RecordSaleInput", sale)
    return {"impoundmentId": case, "at": "2026-02-19T10:00:00+05:30", "claimant": OWNER}


async def _animals(gql: GraphQLClient, token: str, pound: str, n: int) -> tuple[str, str]:
    """A case of `_herd(n)`: its id and its first animal's."""
    case = await seize(gql, token, pound, animals=_herd(n))
    return case["id"], case["animals"][0]["id"]


async def record_injury(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    _, animal = await _animals(gql, token, pound, n)
    return {
        "animalId": animal,
        "at": "2026-01-03T09:10:00+05:30",
        "description": "fell into a ditch while being seized",
        "died": True,
    }


async def correct_seizure(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    """The owner misnamed: the correction is a new entry with every animal of the old."""
    return {
        "impoundmentId": await _case(gql, token, pound, n),
        "reason": "owner misnamed",
        "owner": {"name": f"T. Sumi {k}", "address": "Jotsoma"},
    }


async def collect_seizer_dues(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    """The seizure held illegal, the seizer to pay the dues (s.22(2))."""
    decided = await decide_complaint(gql, token, pound, k, n)
    await _ok(gql, token, "decideComplaint", "DecideComplaintInput", decided)
    return {"complaintId": decided["complaintId"], "at": "2026-01-07T10:00:00+05:30"}


async def order_compensation(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    """For an illegal seizure of a case of `_herd(n)`, its animals' release ordered."""
    return {
        "kind": "ILLEGAL_SEIZURE",
        "payer": {"name": "Seizer", "address": "Kohima"},
        "recipient": {"name": f"Neiku {k}", "address": "Jotsoma"},
        "amount": "100.00",
        "at": "2026-01-06T10:00:00+05:30",
        "grounds": "seized off a road",
        "orderedBy": "Magistrate, Kohima",
        "releaseOrdered": True,
        "impoundmentId": await _case(gql, token, pound, n),
    }


async def impose_fine(gql: GraphQLClient, token: str, pound: str, k: int, n: int) -> dict[str, Any]:
    """On an offence of trespass (s.25) in a case of `_herd(n)`; the compensation of a
    loss proved where n = 3."""
    made = await _ok(
        gql,
        token,
        "recordOffence",
        "RecordOffenceInput",
        await record_offence(gql, token, pound, k, n),
    )
    given: dict[str, Any] = {
        "offenceId": made["id"],
        "amount": "200.00",
        "at": "2026-01-05T11:00:00+05:30",
    }
    if n > 1:
        loss = {"name": "Neiku", "address": "Jotsoma"}
        given["compensation"] = {"amount": "150.00", "recipient": loss, "lossProved": "paddy"}
    return given


async def _fined(gql: GraphQLClient, token: str, pound: str, k: int, n: int) -> str:
    given = await impose_fine(gql, token, pound, k, n)
    found: str = (await _ok(gql, token, "imposeFine", "ImposeFineInput", given))["id"]
    return found


async def pay_fine(gql: GraphQLClient, token: str, pound: str, k: int, n: int) -> dict[str, Any]:
    return {"fineId": await _fined(gql, token, pound, k, n), "at": "2026-01-06T10:00:00+05:30"}


async def record_fine_recovery_sale(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    """A fine of trespass (s.25) with no case, recovered by sale of `n` of the cattle
    (s.26)."""
    offence = {
        "section": "25",
        "offender": {"name": f"T. Sema {k}", "address": "Jotsoma", "role": "KEEPER"},
        "committedAt": "2026-01-03T09:00:00+05:30",
    }
    made = await _ok(gql, token, "recordOffence", "RecordOffenceInput", offence)
    fined = {
        "offenceId": made["id"],
        "amount": "200.00",
        "at": "2026-01-05T11:00:00+05:30",
        "localAuthority": "Jotsoma VC",
    }
    fine = await _ok(gql, token, "imposeFine", "ImposeFineInput", fined)
    return {
        "fineId": fine["id"],
        "at": "2026-01-08T12:00:00+05:30",
        "cattle": {
            "description": f"{n} cow(s), black",
            "count": n,
            "allOfThem": False,
            "owner": {"name": "K. Lotha", "address": "Wokha"},
        },
        "place": "Jotsoma weekly market",
        "buyer": BUYER,
        "price": "900.00",
        "expenses": "40.00",
    }


async def record_compensation_recovery(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    """An order of compensation for an illegal seizure (s.22), recovered as a fine (s.23)."""
    ordered = {
        "kind": "ILLEGAL_SEIZURE",
        "payer": {"name": f"Seizer {k}", "address": "Kohima"},
        "recipient": OWNER,
        "amount": "50.00",
        "at": "2026-01-12T10:00:00+05:30",
        "grounds": "seized off a road",
        "orderedBy": "Magistrate, Kohima",
    }
    order = await _ok(gql, token, "orderCompensation", "OrderCompensationInput", ordered)
    return {
        "orderId": order["id"],
        "manner": "RECOVERED_AS_FINE",
        "at": "2026-01-20T10:00:00+05:30",
        "reference": f"Warrant {k} of 2026",
    }


# Chhattisgarh: regulated areas, licences, offences compounded.


async def record_order(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    small = n == 1
    return {
        "title": f"Raipur dairies order {k}",
        "reference": f"CG Gazette 2026/{45 + k}",
        "area": f"Raipur ward {k}",
        "effect": "REGULATE",
        "activities": ["KEEPING"] if small else ["KEEPING", "MOVEMENT"],
        "clauses": ["a"] if small else ["a", "b", "e"],
        "species": ["cow"] if small else ["cow", "buffalo", "bullock"],
        "effectiveFrom": "2026-04-01",
        "licenceFee": "500.00",
    }


async def grant_licence(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    ordered = await record_order(gql, token, pound, k, n)
    made = await _ok(gql, token, "recordNotifiedOrder", "RecordNotifiedOrderInput", ordered)
    return {
        "orderId": made["id"],
        "kind": "LICENCE",
        "holder": f"Ramesh {k}",
        "validFrom": "2026-04-01",
        "at": "2026-04-01T11:00:00+05:30",
    }


async def cancel_licence(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    granted = await grant_licence(gql, token, pound, k, n)
    made = await _ok(gql, token, "grantLicence", "GrantLicenceInput", granted)
    return {
        "licenceId": made["id"],
        "reason": "unsanitary premises",
        "at": "2026-04-02T10:00:00+05:30",
    }


async def compound_offence(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    offence = {
        "section": "8(1)",
        "offender": {"name": f"Ramesh {k}", "address": "Tatibandh, Raipur", "role": "OWNER"},
        "committedAt": "2025-06-02T10:00:00+05:30",
    }
    made = await _ok(gql, token, "recordOffence", "RecordOffenceInput", offence)
    return {"offenceId": made["id"], "amount": "1000.00", "at": "2025-06-05T10:00:00+05:30"}


# Mizoram: registration of animals and their tax (ss.11-13), inspectors and visits (s.21).


def _registered(k: int, n: int) -> dict[str, Any]:
    animals = (
        [{"species": "cows", "adults": 2}]
        if n == 1
        else [
            {"species": "cows", "adults": 2, "young": 1},
            {"species": "pig", "adults": 3},
            {"species": "goat", "adults": 1},
        ]
    )
    given: dict[str, Any] = registration(animals=animals)["input"]
    return {**given, "owner": {**given["owner"], "name": f"Lalthanga {k}"}}


async def register(gql: GraphQLClient, token: str, pound: str, k: int, n: int) -> dict[str, Any]:
    return _registered(k, n)


async def assess(gql: GraphQLClient, token: str, pound: str, k: int, n: int) -> dict[str, Any]:
    made = await _ok(gql, token, "registerAnimals", "RegisterAnimalsInput", _registered(k, n))
    return {"registrationId": made["id"], "year": 2026, "schedule": "ANNUAL"}


async def pay(gql: GraphQLClient, token: str, pound: str, k: int, n: int) -> dict[str, Any]:
    year = await assess(gql, token, pound, k, n)
    (due,) = await _ok(gql, token, "assessAnimalTax", "AssessAnimalTaxInput", year)
    return {"instalmentId": due["id"], "amount": due["amount"], "at": "2026-03-11T11:00:00+05:30"}


async def designate(gql: GraphQLClient, token: str, pound: str, k: int, n: int) -> dict[str, Any]:
    return {
        "name": f"R. Lalthanga {k}",
        "designatedBy": "VILLAGE_COUNCIL",
        "villageCouncil": "Bawngkawn Village Council",
        "designatedOn": "2026-01-05",
        "reference": f"VC order {k}/2026",
    }


async def inspect(gql: GraphQLClient, token: str, pound: str, k: int, n: int) -> dict[str, Any]:
    """A visit with a contravention (a goat tethered at night: s.4), so an offence case is
    opened too (s.15(1)); one finding, or three."""
    who = await _ok(
        gql,
        token,
        "designateInspector",
        "DesignateInspectorInput",
        await designate(gql, token, pound, k, n),
    )
    findings = [
        {"species": "goats", "heads": 3, "mode": "TETHERED", "timeOfDay": "NIGHT"},
        {"species": "hen", "heads": 12, "mode": "CONFINED", "timeOfDay": "NIGHT"},
        {"species": "pig", "heads": 2, "mode": "IN_SHED", "timeOfDay": "DAY"},
    ]
    return {
        "inspectorId": who["id"],
        "at": "2026-02-10T21:30:00+05:30",
        "place": f"House {k}, Bawngkawn",
        "ownerName": f"C. Lalropuia {k}",
        "ownerAddress": "Bawngkawn, Aizawl",
        "findings": findings[:n],
        "hygienic": True,
    }


async def record_registration_appeal(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    """Against a registration of one kind of animal, or of three (s.14)."""
    made = await _ok(gql, token, "registerAnimals", "RegisterAnimalsInput", _registered(k, n))
    return {
        "subject": made["id"],
        "appellant": f"Lalthanga {k}",
        "authority": "Deputy Commissioner, Aizawl",
        "filedOn": "2026-03-20",
        "grounds": "the cows are one year younger than entered",
    }


async def decide_registration_appeal(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    filed = await record_registration_appeal(gql, token, pound, k, n)
    made = await _ok(gql, token, "recordRegistrationAppeal", "RecordRegistrationAppealInput", filed)
    return {"appealId": made["id"], "outcome": "DISMISSED", "decidedOn": "2026-04-02"}


async def declare_grazing_ground(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    return {
        "villageCouncil": "Tlangnuam Village Council",
        "name": f"Tlangnuam Grazing Ground {k}",
        "location": "Hill slope east of the village, below the water tank",
        "extent": "12 ha",
        "reference": f"VC resolution {4 + k}/2026",
        "declaredOn": "2026-01-10",
        "effectiveFrom": "2026-02-01",
    }


async def make_grazing_order(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    declared = await declare_grazing_ground(gql, token, pound, k, n)
    ground = await _ok(gql, token, "declareGrazingGround", "DeclareGrazingGroundInput", declared)
    return {
        "groundId": ground["id"],
        "title": f"Closing hours {k}",
        "text": "No animal shall be brought into the ground after 6 p.m.",
        "madeOn": "2026-03-01",
        "referredOn": "2026-03-02",
    }


async def record_grazing_decision(
    gql: GraphQLClient, token: str, pound: str, k: int, n: int
) -> dict[str, Any]:
    """The State Government's approval of a grazing order."""
    made = await make_grazing_order(gql, token, pound, k, n)
    order = await _ok(gql, token, "makeGrazingOrder", "MakeGrazingOrderInput", made)
    return {
        "subjectId": order["id"],
        "approved": True,
        "decidedOn": "2026-03-10",
        "reference": f"Govt {7 + k}/2026",
    }


ACTS: dict[str, Act] = {
    "CreatePound": Act("nagaland", create_pound),
    "PublishNotification": Act("nagaland", publish_notification),
    "RecordExtentNotification": Act("nagaland", record_extent),
    "RenewEstablishmentRegistration": Act("nagaland", renew),
    "RecordOffence": Act("nagaland", record_offence),
    "FileComplaint": Act("nagaland", file_complaint),
    "DecideComplaint": Act("nagaland", decide_complaint),
    "RecordNotice": Act("nagaland", record_notice),
    "RecordProclamation": Act("nagaland", record_proclamation),
    "ScheduleAuction": Act("nagaland", schedule_auction),
    "CloseAuction": Act("nagaland", close_auction),
    "ClaimProceeds": Act("nagaland", claim_proceeds),
    "RecordInjury": Act("nagaland", record_injury),
    "CorrectSeizure": Act("nagaland", correct_seizure),
    "CollectSeizerDues": Act("nagaland", collect_seizer_dues),
    "OrderCompensation": Act("nagaland", order_compensation),
    "ImposeFine": Act("nagaland", impose_fine),
    "PayFine": Act("nagaland", pay_fine),
    "RecordFineRecoverySale": Act("nagaland", record_fine_recovery_sale),
    "RecordCompensationRecovery": Act("nagaland", record_compensation_recovery),
    "RecordNotifiedOrder": Act("chhattisgarh", record_order),
    "GrantLicence": Act("chhattisgarh", grant_licence),
    "CancelLicence": Act("chhattisgarh", cancel_licence),
    "CompoundOffence": Act("chhattisgarh", compound_offence),
    "RegisterAnimals": Act("mizoram", register),
    "AssessAnimalTax": Act("mizoram", assess),
    "PayAnimalTax": Act("mizoram", pay),
    "DesignateInspector": Act("mizoram", designate),
    "RecordInspection": Act("mizoram", inspect),
    "RecordRegistrationAppeal": Act("mizoram", record_registration_appeal),
    "DecideRegistrationAppeal": Act("mizoram", decide_registration_appeal),
    "DeclareGrazingGround": Act("mizoram", declare_grazing_ground),
    "MakeGrazingOrder": Act("mizoram", make_grazing_order),
    "RecordGrazingDecision": Act("mizoram", record_grazing_decision),
}
