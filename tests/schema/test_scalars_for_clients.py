"""What a client generator reads from the schema (issue #35): every custom scalar says which
specification its strings follow, and the viewer's role is an enum it can switch on."""

from __future__ import annotations

from decimal import Decimal

from graphql import GraphQLEnumType, GraphQLNonNull, GraphQLScalarType, specified_scalar_types

from pashu.schema.scalars import DecimalString
from pashu.schema.schema import schema
from pashu.services.tenancy.tenants import ROLES
from tests.conftest import Databases, GraphQLClient, make_tenant


def test_every_custom_scalar_names_its_specification() -> None:
    types = schema()._schema.type_map
    custom = {
        name: t
        for name, t in types.items()
        if isinstance(t, GraphQLScalarType) and name not in specified_scalar_types
    }
    assert {"DateTime", "Date", "Decimal"} <= set(custom)
    for name, scalar in custom.items():
        assert (scalar.specified_by_url or "").startswith("https://"), name
    sdl = schema().as_str()
    assert 'scalar Decimal @specifiedBy(url: "https://' in sdl


def test_a_decimal_answer_is_never_in_exponent_form() -> None:
    # The lexical form @specifiedBy names has no exponent: "500", not "5E+2".
    serialize = schema()._schema.type_map["Decimal"].serialize
    assert serialize(Decimal("5E+2")) == "500"
    assert serialize(Decimal("500.00")) == "500.00"
    assert DecimalString is not None


def test_the_viewers_role_is_an_enum_of_every_role_described() -> None:
    field = schema()._schema.type_map["Viewer"].fields["role"]
    assert isinstance(field.type, GraphQLNonNull)
    role = field.type.of_type
    assert isinstance(role, GraphQLEnumType)
    assert {v.value for v in role.values.values()} == set(ROLES)
    assert all(v.description for v in role.values.values())


async def test_a_finance_token_reads_its_role_as_the_enum_value(
    dbs: Databases, gql: GraphQLClient
) -> None:
    t = make_tenant(dbs, "nagaland", role="finance")
    data = await gql.ok("{ viewer { role } }", token=t.token)
    assert data["viewer"]["role"] == "FINANCE"
