"""Tabletop Companion: keeps, adjudicates and scores physical board games."""
