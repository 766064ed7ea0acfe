"""The HTML pages: thin Django views over games.services and games.selectors."""
