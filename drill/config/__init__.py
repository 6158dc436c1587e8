"""The user's configuration: where drill keeps its data, and ``settings.toml``.

Plain Python at the bottom of the layers: ``location`` finds the data folder (``--data``,
``$DRILL_HOME``, the platform's folder), ``settings`` reads and writes the settings file,
``cache_files`` writes and clears the caches' entries in the user cache folder.
"""
