"""The GraphQL API: strawberry types, queries, mutations, loaders, one folder per domain."""
