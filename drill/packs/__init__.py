"""Packs: YAML files of interview cards, loaded into typed models."""
