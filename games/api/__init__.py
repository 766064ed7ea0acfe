"""The REST API (DRF), version 1: thin views over games.services and games.selectors."""
