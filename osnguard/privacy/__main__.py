"""`python -m osnguard.privacy` runs the engine's command line."""

import sys

from osnguard.privacy.cli import main

sys.exit(main())
