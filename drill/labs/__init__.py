"""Labs: seeded simulations and calculators that check the chapter's formulas by experiment.

Plain Python; the CLI (``drill simulate``) and the lab screens are thin layers over this.
"""
