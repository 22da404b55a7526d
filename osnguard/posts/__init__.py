"""Messages, their per-group generalizations and per-recipient versions; compose and feed."""
