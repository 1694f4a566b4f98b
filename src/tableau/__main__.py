"""python -m tableau"""

import sys

from tableau.cli import main

sys.exit(main())
