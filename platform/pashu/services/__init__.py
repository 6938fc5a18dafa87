"""Use cases, one module per domain. Resolvers, tasks and the CLI call these."""
