"""The review service: the day's study over the scheduler and the review database.

``session`` is what the app and the CLI call (queue, preview, rate, undo, bury, suspend,
cram, counts); ``stats`` computes what ``drill stats`` reports; ``optimizing`` fits FSRS to
the review history; ``study_sets`` are the sets Home offers besides the whole day. They
compose :mod:`drill.scheduling` (FSRS and the queue, no I/O) with :mod:`drill.storage`
(all SQL).
"""
