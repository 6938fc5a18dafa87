"""Pashu: the animal-control Acts of Indian states as a GraphQL platform."""

__version__ = "0.1.0"
