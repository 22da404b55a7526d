"""Publishing posts k-anonymously (seeds 001/004): posts become records, records are partitioned.

- `records`: a post -> a `PostRecord` (direct identifiers, quasi-identifiers as taxonomy paths,
  sensitive phrases), tagged by the project's privacy-attribute tagger and generalized along the
  same chains as compose (`anonymization.schemas`, the gazetteer);
- `mondrian`: Mondrian multidimensional partitioning over those paths (the taxonomy is the paths
  themselves) into classes of at least k records, and the simple (non-k) anonymization;
- `release`: the released records (text rewritten, identifiers removed) and the utility figures
  DM and LM.

`osnguard kanon` (commands/kanon.py) is the command line; the Django side exports public posts
and a user's own posts with `posts.selectors.message_release`.
"""

from osnguard.privacy.publishing.records import PostRecord, record_from_post
from osnguard.privacy.publishing.release import Release, anonymize_posts

__all__ = ["PostRecord", "Release", "anonymize_posts", "record_from_post"]
