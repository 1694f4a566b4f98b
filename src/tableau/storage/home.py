"""Where tableau keeps its files: the settings in the config folder, the database in the data
folder (``platformdirs``). ``TABLEAU_HOME`` puts both under one folder; tests always set it.

Nothing here creates a folder: the writers do, when they first write.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

HOME_VARIABLE: Final = "TABLEAU_HOME"
APP_NAME: Final = "tableau"
SETTINGS_FILE: Final = "settings.toml"
DATABASE_FILE: Final = "tableau.db"


def _home() -> Path | None:
    value = os.environ.get(HOME_VARIABLE, "")
    return Path(value).expanduser() if value else None


def config_folder() -> Path:
    """Where settings.toml lives."""
    home = _home()
    if home is not None:
        return home
    from platformdirs import user_config_path  # only without TABLEAU_HOME: a fast start-up

    return user_config_path(APP_NAME, appauthor=False)


def data_folder() -> Path:
    """Where tableau.db lives."""
    home = _home()
    if home is not None:
        return home
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False)


def settings_path() -> Path:
    return config_folder() / SETTINGS_FILE


def database_path() -> Path:
    return data_folder() / DATABASE_FILE
