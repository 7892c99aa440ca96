"""hardware package of Niagara Companion."""
