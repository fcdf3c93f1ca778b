"""The patience game Accordion (placeholder until the compiled core's public API lands)."""
