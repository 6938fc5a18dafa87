"""Where and to what kinds of animal the Act extends (schema/extent/ is its API).

Its use cases, a module each (import the module: `from pashu.services.extent import extent`):

- `extent`: Where the tenant's Act is in force, and the kinds of animal notified into it
"""
