"""The parts of the model of a case's course (the public module is `course`): `facts`
(what the model reads), `timeline` (the plugin's timeline on the facts: duties, next
action), `rules` (the rules of each act's order and time), `records` (the rules of the
acts recorded once the course is going: an auction closed, a deposit applied, a claim
window closed, a complaint decided, the seizer's dues, a correction, an injury, a carcass,
a proclamation)."""
