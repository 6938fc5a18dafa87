"""The parts of the model of a case's course (the public module is `course`): `facts`
(what the model reads), `timeline` (the plugin's timeline on the facts: duties, next
action), `rules` (the rules of each act's order and time)."""
