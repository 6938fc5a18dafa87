"""The public law's answers that need a service: a scenario run through every Act (schema/law/ is
its API).

Its use cases, a module each (import the module: `from pashu.services.law import scenarios`):

- `scenarios`: One set of facts run through every installed Act at once (compareScenario)
"""
