from drill.cli import entry

entry()
