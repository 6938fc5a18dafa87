"""Shared steps of the Relay tests: a department of each state holding at least one object of
every type with a global id, made through the API; where each type is listed; and a fragment
selecting all of a type's fields, read from the schema."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from graphql import (
    GraphQLInterfaceType,
    GraphQLObjectType,
    GraphQLSchema,
    GraphQLUnionType,
    get_named_type,
)

from pashu.schema.schema import schema
from tests.conftest import Databases, GraphQLClient, TenantFixture, make_tenant
from tests.schema.clocks_helpers import sweep
from tests.schema.impoundment_helpers import DELIVER, SALE, department, seize
from tests.schema.test_complaints import FILE, complaint
from tests.schema.test_impoundment_release import deliver
from tests.schema.test_keeping import DECIDE, DECLARE, declaration
from tests.schema.test_keeping import ORDER as GRAZING_ORDER
from tests.schema.test_keeping_inspections import DESIGNATE, VISIT, person, visit
from tests.schema.test_offences import FINE, LATER, record
from tests.schema.test_offences_orders import COMPOUND, VICIOUS
from tests.schema.test_refusal_to_pay import REFUSE, REST, refusal, sale
from tests.schema.test_registration import ASSESS, PAY, REGISTER, mizoram, registration
from tests.schema.test_registration_establishments import FEE, RENEW, renewal
from tests.schema.test_registration_regulated_areas import GRANT, ORDER, order
from tests.schema.test_release_orders import RELEASE
from tests.schema.test_release_orders import order as release_order
from tests.schema.test_seizure_powers_and_extent import AREA, KIND, area

# Deep enough for every type's nested objects, within the request's bounds on depth and tokens.
DEPTH = 4


def graphql_schema() -> GraphQLSchema:
    return schema()._schema


def node_types() -> set[str]:
    """Every object type of the schema that implements Node."""
    return {
        name
        for name, t in graphql_schema().type_map.items()
        if isinstance(t, GraphQLObjectType) and any(i.name == "Node" for i in t.interfaces)
    }


def _selection(t: GraphQLObjectType, depth: int) -> str:
    """Every field without arguments (an argument asks a question of the object; the object
    is what is compared), nested objects to `depth`; rendered PDFs left out (their text is in)."""
    parts = []
    for name, f in t.fields.items():
        if f.args or "pdf" in name.lower():
            continue
        inner = get_named_type(f.type)
        if isinstance(inner, GraphQLObjectType):
            if depth > 1:
                parts.append(f"{name} {{ {_selection(inner, depth - 1)} }}")
        elif isinstance(inner, GraphQLInterfaceType | GraphQLUnionType):
            parts.append(f"{name} {{ __typename }}")
        else:
            parts.append(name)
    return " ".join(parts)


def fragment(type_name: str) -> str:
    t = graphql_schema().type_map[type_name]
    assert isinstance(t, GraphQLObjectType)
    return f"fragment F on {type_name} {{ {_selection(t, DEPTH)} }}"


# Types only a mutation answers (no query lists them): compared with that answer.
ANSWERED = {"AttackLiability", "SetOff"}

# Where each type is listed: the department, and a query whose innermost selection is the type
# (`...F`). A type only a mutation answers is kept from that answer instead (World.answered).
CASES = "impoundments(first: 10) { edges { node { %s { ...F } } } }"
LISTED: dict[str, tuple[str, str]] = {
    "Impoundment": ("nagaland", "{ impoundments(first: 10) { edges { node { ...F } } } }"),
    "Animal": ("nagaland", "{ %s }" % (CASES % "animals")),
    "Notice": ("nagaland", "{ %s }" % (CASES % "notices")),
    "Receipt": ("nagaland", "{ %s }" % (CASES % "receipts")),
    "Sale": ("nagaland", "{ %s }" % (CASES % "sales")),
    "RefusalToPay": ("nagaland", "{ %s }" % (CASES % "refusals")),
    "Handover": ("nagaland", "{ %s }" % (CASES % "handovers")),
    "ReleaseOrder": ("nagaland", "{ %s }" % (CASES % "releaseOrders")),
    "Auction": ("nagaland", "{ auctions { ...F } }"),
    "AuctionLot": ("nagaland", "{ auctions { lots { ...F } } }"),
    "Complaint": ("nagaland", "{ complaints { ...F } }"),
    "Pound": ("nagaland", "{ pounds { ...F } }"),
    "LocalAuthority": ("nagaland", "{ pounds { localAuthority { ...F } } }"),
    "RateNotification": ("nagaland", "{ notifications { ...F } }"),
    "User": ("nagaland", "{ viewer { user { ...F } } }"),
    "OffenceCase": ("nagaland", "{ offenceCases { ...F } }"),
    "CompensationOrder": ("nagaland", "{ compensationOrders { ...F } }"),
    "Fine": ("nagaland", "{ offenceCases { fines { ...F } } }"),
    "Establishment": ("nagaland", "{ establishments { ...F } }"),
    "EstablishmentRegistration": ("nagaland", "{ establishments { registrations { ...F } } }"),
    "ExtentNotification": ("nagaland", "{ extentNotifications { ...F } }"),
    "KindNotification": ("nagaland", "{ kindNotifications { ...F } }"),
    "AnimalOwner": ("mizoram", "{ animalOwners { ...F } }"),
    "Registration": ("mizoram", "{ registrations { ...F } }"),
    "TaxInstalment": ("mizoram", "{ taxInstalments { ...F } }"),
    "TaxPayment": ("mizoram", "{ taxPayments { ...F } }"),
    "RegistrationAppeal": ("mizoram", "{ registrationAppeals { ...F } }"),
    "ViciousEvent": (
        "mizoram",
        '{ viciousStatus(animal: "Brown dog, tag AZL-7", at: "2025-04-02T10:00:00+05:30") '
        "{ events { ...F } } }",
    ),
    "GrazingGround": ("mizoram", "{ grazingGrounds { ...F } }"),
    "GrazingOrder": ("mizoram", "{ grazingGrounds { orders { ...F } } }"),
    "Inspector": ("mizoram", "{ inspectors { ...F } }"),
    "Inspection": ("mizoram", "{ inspections { ...F } }"),
    "Composition": ("chhattisgarh", "{ offenceCases { compositions { ...F } } }"),
    "NotifiedOrder": ("chhattisgarh", "{ notifiedOrders { ...F } }"),
    "CattleLicence": ("chhattisgarh", "{ cattleLicences { ...F } }"),
}


def innermost(data: Any) -> list[dict[str, Any]]:
    """The objects at the bottom of a listing: one key per level, lists flattened."""
    if isinstance(data, list):
        return [x for item in data for x in innermost(item)]
    assert isinstance(data, dict) and len(data) == 1, data
    (value,) = data.values()
    if isinstance(value, dict) and "id" in value:
        return [value]
    if isinstance(value, list) and value and isinstance(value[0], dict) and "id" in value[0]:
        return list(value)
    return innermost(value)


@dataclass
class World:
    """A department of each state, by jurisdiction; what the mutation-only types answered."""

    tenants: dict[str, TenantFixture] = field(default_factory=dict)
    answered: dict[str, tuple[str, dict[str, Any]]] = field(default_factory=dict)

    async def answer(
        self, gql: GraphQLClient, code: str, mutation: str, type_name: str, **variables: Any
    ) -> None:
        """Run `mutation` (its answer selected as `...F`) and keep the answer."""
        query = f"{mutation}\n{fragment(type_name)}"
        data = await gql.ok(query, variables, self.tenants[code].token)
        (made,) = data.values()
        self.answered[type_name] = (code, made)

    async def instances(
        self, gql: GraphQLClient, type_name: str, tokens: dict[str, str] | None = None
    ) -> tuple[str, list[dict[str, Any]]]:
        """The department holding `type_name` and its objects as their own field shows them
        (selected as `fragment`), asked with `tokens` (default: each department's admin)."""
        if type_name in self.answered:
            code, made = self.answered[type_name]
            return code, [made]
        code, listing = LISTED[type_name]
        token = (tokens or {}).get(code, self.tenants[code].token)
        return code, innermost(await gql.ok(f"{listing}\n{fragment(type_name)}", token=token))


ATTACK = """
mutation($at: DateTime!) {
  recordAttackLiability(input: {animal: "Brown dog, tag AZL-7", at: $at,
      victim: {name: "Mary", address: "Zarkawt"}, medicalTreatment: true, payVictim: true}) {
    ...F
  }
}"""
COMPENSATE = """
mutation {
  orderCompensation(input: {kind: ILLEGAL_SEIZURE, amount: "100.00", finesPaid: "60.00",
      releaseOrdered: true, at: "2025-06-12T10:00:00+05:30", grounds: "seized off a road",
      orderedBy: "Magistrate, Kohima", payer: {name: "Seizer", address: "Kohima"},
      recipient: {name: "Neiku", address: "Jotsoma"}}) { ...F }
}"""
SET_OFF = """
mutation {
  recordSetOff(input: {claimant: {name: "neiku", address: "JOTSOMA"}, decreeAmount: "1000.00",
      defendant: {name: "Lalremruata", address: "Chaltlang, Aizawl"},
      suit: "OS 4/2025", at: "2025-09-01T10:00:00+05:30"}) { ...F }
}"""
PAY_FINE = """
mutation($id: ID!) { payFine(input: {fineId: $id, at: "2025-07-01T10:00:00+05:30"}) { id } }"""
APPEAL = """
mutation($input: RecordRegistrationAppealInput!) {
  recordRegistrationAppeal(input: $input) { id }
}"""


async def nagaland(dbs: Databases, gql: GraphQLClient, world: World) -> None:
    """Cases in every state a case reaches, a complaint, an offence fined and paid with
    compensation set off, an establishment, and notifications of extent and of a kind."""
    t, pound = await department(dbs, gql, "nagaland")
    world.tenants["nagaland"] = t
    token = t.token
    await seize(gql, token, pound)  # the sweep: notice 11 January, auction from the 19th
    await sweep(gql, token, "2026-01-11T10:00:00+05:30")
    await sweep(gql, token, "2026-01-19T09:00:00+05:30")
    delivered = await seize(gql, token, pound)
    await gql.ok(FILE, complaint(delivered, "2026-01-04T10:00:00+05:30"), token)
    await gql.ok(DELIVER, deliver(delivered, "195.00", "2026-01-05T12:00:00+05:30"), token)
    sold = await seize(gql, token, pound)
    await gql.ok(REFUSE, refusal(sold, "2026-01-05T10:00:00+05:30"), token)
    await gql.ok(SALE, sale(sold, "2026-01-05T12:00:00+05:30"), token)
    await gql.ok(REST, refusal(sold, "2026-01-06T10:00:00+05:30"), token)
    released = await seize(gql, token, pound)
    await gql.ok(RELEASE, release_order(released), token)
    case = await record(gql, t, "25")
    loss = {
        "amount": "150.00",
        "recipient": {"name": "Neiku", "address": "Jotsoma"},
        "lossProved": "paddy",
    }
    given = {"id": case["id"], "amount": "200.00", "at": LATER, "comp": loss}
    fined = (await gql.ok(FINE, given, token))["imposeFine"]
    await gql.ok(PAY_FINE, {"id": fined["id"]}, token)
    await world.answer(gql, "nagaland", COMPENSATE, "CompensationOrder")
    await world.answer(gql, "nagaland", SET_OFF, "SetOff")
    await gql.ok(FEE, token=token)
    await gql.ok(RENEW, renewal("2026-03-30T10:00:00+05:30", True), token)
    excluded = area("Dimapur", "EXCLUSION", "2026-01-02", "Nagaland Gazette 2025/88")
    await gql.ok(AREA, excluded, token)
    kind = {"species": "mithun", "effectiveFrom": "2026-01-03", "reference": "NL Gazette 2025/9"}
    await gql.ok(KIND, {"input": kind}, token)


async def mizoram_department(dbs: Databases, gql: GraphQLClient, world: World) -> None:
    """The registers of animals and tax with an appeal, a vicious dog's attack, a grazing
    ground with an approved order, an inspector's visit."""
    t = await mizoram(dbs, gql)
    world.tenants["mizoram"] = t
    token = t.token
    reg = (await gql.ok(REGISTER, registration(), token))["registerAnimals"]
    assessed = {"registrationId": reg["id"], "year": 2026, "schedule": "ANNUAL"}
    (due,) = (await gql.ok(ASSESS, {"input": assessed}, token))["assessAnimalTax"]
    paid = {"instalmentId": due["id"], "at": "2026-03-11T11:00:00+05:30", "amount": due["amount"]}
    await gql.ok(PAY, {"input": paid}, token)
    appeal = {
        "subject": reg["id"],
        "appellant": "Lalthanga",
        "authority": "Deputy Commissioner, Aizawl",
        "filedOn": "2026-03-20",
        "grounds": "the pigs are piglets",
    }
    await gql.ok(APPEAL, {"input": appeal}, token)
    await gql.ok(VICIOUS, {"kind": "BEHAVIOUR", "at": "2025-04-01T15:00:00+05:30"}, token)
    await world.answer(gql, "mizoram", ATTACK, "AttackLiability", at="2025-04-05T10:00:00+05:30")
    ground = (await gql.ok(DECLARE, declaration(), token))["declareGrazingGround"]
    made = {
        "groundId": ground["id"],
        "title": "Closing hours",
        "text": "No animal shall be brought into the ground after 6 p.m.",
        "madeOn": "2026-03-01",
        "referredOn": "2026-03-02",
    }
    grazing = (await gql.ok(GRAZING_ORDER, {"input": made}, token))["makeGrazingOrder"]
    approve = {"approved": True, "decidedOn": "2026-03-10", "reference": "Govt 7/2026"}
    await gql.ok(DECIDE, {"input": {"subjectId": grazing["id"], **approve}}, token)
    inspector = (await gql.ok(DESIGNATE, person(), token))["designateInspector"]
    found = [{"species": "goats", "heads": 3, "mode": "TETHERED", "timeOfDay": "NIGHT"}]
    await gql.ok(VISIT, visit(inspector["id"], found), token)


async def chhattisgarh(dbs: Databases, gql: GraphQLClient, world: World) -> None:
    """An offence compounded, a regulating order and a licence under it."""
    t = make_tenant(dbs, "chhattisgarh")
    world.tenants["chhattisgarh"] = t
    case = await record(gql, t, "8(1)", name="Ramesh", address="Tatibandh, Raipur")
    await gql.ok(COMPOUND, {"id": case["id"], "amount": "1000.00"}, t.token)
    notified = (await gql.ok(ORDER, order(), t.token))["recordNotifiedOrder"]
    grant = {
        "orderId": notified["id"],
        "kind": "LICENCE",
        "holder": "Ramesh",
        "validFrom": "2026-04-01",
        "at": "2026-04-01T11:00:00+05:30",
    }
    await gql.ok(GRANT, {"input": grant}, t.token)


async def every_state(dbs: Databases, gql: GraphQLClient) -> World:
    world = World()
    await nagaland(dbs, gql, world)
    await mizoram_department(dbs, gql, world)
    await chhattisgarh(dbs, gql, world)
    return world
