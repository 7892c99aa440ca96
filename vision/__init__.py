"""vision package of Niagara Companion."""
