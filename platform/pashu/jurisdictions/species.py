"""One controlled vocabulary of species, shared by every jurisdiction.

Acts name animals in their own words ("oxen", "assess", "fowls"); clerks type their own
("donkey", "hen"). Both are mapped to one canonical name here, so that a plugin's
definitions and a register entry speak of the same thing.
"""

from __future__ import annotations

from pashu.core.errors import UnknownSpecies

# canonical name -> what it is
SPECIES: dict[str, str] = {
    "cow": "adult female of domestic cattle",
    "bull": "uncastrated adult male of domestic cattle",
    "ox": "castrated male of domestic cattle used for draught (bullock)",
    "heifer": "young female of domestic cattle that has not calved",
    "calf": "young of domestic cattle",
    "buffalo": "water buffalo",
    "mithun": "gayal, the semi-domesticated bovine of the north-east",
    "elephant": "elephant",
    "camel": "camel",
    "horse": "horse (stallion)",
    "mare": "adult female horse",
    "gelding": "castrated male horse",
    "pony": "small horse",
    "colt": "young male horse",
    "filly": "young female horse",
    "mule": "mule",
    "ass": "donkey",
    "pig": "pig",
    "sheep": "sheep",
    "ram": "male sheep",
    "ewe": "female sheep",
    "lamb": "young sheep",
    "goat": "goat",
    "kid": "young goat",
    "fowl": "domestic fowl (hen, cock)",
    "duck": "domestic duck",
    "dog": "dog",
    "cat": "cat",
}

SYNONYMS: dict[str, str] = {
    "cows": "cow",
    "bulls": "bull",
    "oxen": "ox",
    "bullock": "ox",
    "bullocks": "ox",
    "steer": "ox",
    "heifers": "heifer",
    "calves": "calf",
    "buffaloes": "buffalo",
    "buffalos": "buffalo",
    "mithuns": "mithun",
    "gayal": "mithun",
    "elephants": "elephant",
    "camels": "camel",
    "horses": "horse",
    "stallion": "horse",
    "mares": "mare",
    "geldings": "gelding",
    "ponies": "pony",
    "popies": "pony",  # the Cattle Trespass Act 1985's spelling, s.2(1)
    "colts": "colt",
    "fillies": "filly",
    "mules": "mule",
    "donkey": "ass",
    "donkeys": "ass",
    "asses": "ass",
    "assess": "ass",  # the Cattle Trespass Act 1985's spelling, s.2(1)
    "pigs": "pig",
    "swine": "pig",
    "hog": "pig",
    "boar": "pig",
    "sow": "pig",
    "rams": "ram",
    "ewes": "ewe",
    "lambs": "lamb",
    "goats": "goat",
    "kids": "kid",
    "fowls": "fowl",
    "hen": "fowl",
    "hens": "fowl",
    "chicken": "fowl",
    "chickens": "fowl",
    "cock": "fowl",
    "rooster": "fowl",
    "ducks": "duck",
    "dogs": "dog",
    "cats": "cat",
}


def canonical(name: str) -> str:
    """The vocabulary's name for `name`; UNKNOWN_SPECIES (listing the vocabulary) if none."""
    key = " ".join(name.strip().lower().split())
    if key in SPECIES:
        return key
    if key in SYNONYMS:
        return SYNONYMS[key]
    raise UnknownSpecies(
        f"{name!r} is not in the species vocabulary",
        vocabulary=sorted(SPECIES),
        synonyms=dict(sorted(SYNONYMS.items())),
    )


# Nouns that begin with a vowel letter but a consonant sound ("a ewe", "a unicorn").
_CONSONANT_SOUND = ("ewe", "uni", "use", "eu", "one")


def a(noun: str) -> str:
    """The noun with its indefinite article, as it is said: "an ass", "an elephant", "a ewe"."""
    word = noun.lower()
    vowel = word[:1] in "aeiou" and not word.startswith(_CONSONANT_SOUND)
    return f"{'an' if vowel else 'a'} {noun}"
