"""Review data on disk: one SQLite database in the user's data folder.

Plain Python (no Textual). ``location`` finds the folder, ``database`` opens the file
safely, ``schema`` creates and migrates it, ``card_table`` and ``review_log`` read and
write its rows.
"""
