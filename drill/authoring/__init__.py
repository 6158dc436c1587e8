"""Writing and sharing packs: scaffolding a new pack, exporting cards to Anki and CSV."""
