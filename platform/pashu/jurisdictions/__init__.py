"""The jurisdiction layer: the contract, the registry, one subpackage per state."""

from pashu.jurisdictions.base import Jurisdiction
from pashu.jurisdictions.registry import codes, get, installed
from pashu.jurisdictions.vocabulary import (
    Action,
    BuyerRole,
    Capability,
    Classification,
    ComparisonTopic,
    Kind,
    Kinds,
    MoneyKind,
    Offence,
    PlaceKind,
    RateKind,
    RateRule,
    Route,
    SaleAccounting,
    TimelineEvents,
    TimelineStep,
)

__all__ = [
    "Action",
    "BuyerRole",
    "Capability",
    "Classification",
    "ComparisonTopic",
    "Jurisdiction",
    "Kind",
    "Kinds",
    "MoneyKind",
    "Offence",
    "PlaceKind",
    "RateKind",
    "RateRule",
    "Route",
    "SaleAccounting",
    "TimelineEvents",
    "TimelineStep",
    "codes",
    "get",
    "installed",
]
