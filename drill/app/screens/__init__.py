"""The app's screens: one module per screen, its styles in a .tcss file beside it."""
