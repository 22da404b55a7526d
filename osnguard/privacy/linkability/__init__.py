"""How recognisable an author's writing is (seed 003): writing models, linkability within a
community ((k,d)-anonymity, nearest neighbours), and style countermeasures.

- `style`: an author's texts -> distributions per attribute type and stylometric features;
- `linker`: Jensen-Shannon distances, the nearest-neighbour linker and `assess`;
- `countermeasures`: spelling normalisation, synonym substitution, misspelling injection and
  special-character modification.

`osnguard linkability` (commands/linkability.py) is the command line; the profile page's "How
recognisable is your writing" is `posts.services.writing_exposure_refresh`.
"""

from osnguard.privacy.linkability.linker import MIN_WORDS as MIN_WRITING_WORDS
from osnguard.privacy.linkability.linker import (
    Assessment,
    Community,
    assess,
    assess_models,
    js_distance,
)
from osnguard.privacy.linkability.style import AuthorModel, author_model, merged

__all__ = [
    "MIN_WRITING_WORDS",
    "Assessment",
    "AuthorModel",
    "Community",
    "assess",
    "assess_models",
    "author_model",
    "js_distance",
    "merged",
]
