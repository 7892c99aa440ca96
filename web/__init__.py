"""web package of Niagara Companion."""
