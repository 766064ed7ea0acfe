"""Websockets: consumers, routing and handshake authentication (Channels)."""
