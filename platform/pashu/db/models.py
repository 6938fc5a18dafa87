"""Every model, imported in one place so the metadata is complete (migrations, tests)."""

from pashu.db.clocks import Auction, AuctionLot, ClaimWindow, OutboxMessage, TaskRun
from pashu.db.complaints import Complaint, ComplaintDecision
from pashu.db.establishments import Establishment, EstablishmentRegistration
from pashu.db.extent import ExtentNotification, KindNotification
from pashu.db.impoundment import (
    Counter,
    Delivery,
    ImpoundedAnimal,
    Impoundment,
    Notice,
    Sale,
)
from pashu.db.keeping import (
    GrazingDecision,
    GrazingGround,
    GrazingOrder,
    Inspection,
    InspectionFinding,
    Inspector,
    PoundArea,
    PoundSite,
)
from pashu.db.ledger import LedgerEntry, LedgerTransaction
from pashu.db.offences import (
    AttackLiability,
    CompensationOrder,
    Composition,
    Fine,
    OffenceCase,
    OffenceStep,
    SetOff,
    ViciousEvent,
)
from pashu.db.pounds import LocalAuthority, Pound
from pashu.db.rates import RateNotification
from pashu.db.refusals import Handover, RefusalToPay, ReleaseOrder
from pashu.db.register_versions import RegisterVersion
from pashu.db.registration import (
    AnimalRegistration,
    Appeal,
    AppealDecision,
    Owner,
    RegisteredAnimals,
    TaxInstalment,
    TaxPayment,
)
from pashu.db.regulated_areas import Licence, LicenceCancellation, NotifiedOrder
from pashu.db.reminders import TaxReminder
from pashu.db.tenancy import ApiToken, AuditEvent, IdempotentRequest, Tenant, User

__all__ = [
    "AnimalRegistration",
    "ApiToken",
    "Appeal",
    "AppealDecision",
    "AttackLiability",
    "Auction",
    "AuctionLot",
    "AuditEvent",
    "ClaimWindow",
    "CompensationOrder",
    "Complaint",
    "ComplaintDecision",
    "Composition",
    "Counter",
    "Delivery",
    "Establishment",
    "EstablishmentRegistration",
    "ExtentNotification",
    "Fine",
    "GrazingDecision",
    "GrazingGround",
    "GrazingOrder",
    "Handover",
    "IdempotentRequest",
    "ImpoundedAnimal",
    "Impoundment",
    "Inspection",
    "InspectionFinding",
    "Inspector",
    "KindNotification",
    "LedgerEntry",
    "LedgerTransaction",
    "Licence",
    "LicenceCancellation",
    "LocalAuthority",
    "Notice",
    "NotifiedOrder",
    "OffenceCase",
    "OffenceStep",
    "OutboxMessage",
    "Owner",
    "Pound",
    "PoundArea",
    "PoundSite",
    "RateNotification",
    "RefusalToPay",
    "RegisterVersion",
    "RegisteredAnimals",
    "ReleaseOrder",
    "Sale",
    "SetOff",
    "TaskRun",
    "TaxInstalment",
    "TaxPayment",
    "TaxReminder",
    "Tenant",
    "User",
    "ViciousEvent",
]
