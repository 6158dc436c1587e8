"""Review data on disk: one SQLite database in the user's data folder; every SQL statement
of drill lives here.

Plain Python (no Textual). ``database`` opens the file safely and runs transactions,
``schema`` creates and migrates it, ``card_table``, ``review_log``, ``day_limits`` and
``interviews`` read and write its rows, ``stats_queries`` sums them for ``drill stats``,
``backup`` keeps a copy a day, ``wal`` and ``app_claim`` watch who else has it open, and
``errors`` names each failure with the file.
"""
