"""Sentences for the service's own refusals (not a game's rules), in en, it and de.

These reach people at the table: a phone whose seat moved, a session at its size
limit, a store that is down or full, an address with too many live streams.
"""

from __future__ import annotations

from companion.games.messages import register

register({
    "session.seat_moved": {
        "en": "The host has given this seat to another device; ask the host for the new link.",
        "it": "L'host ha dato questo posto a un altro dispositivo; chiedi all'host il nuovo link.",
        "de": "Der Host hat diesen Platz einem anderen Gerät gegeben; frag den Host nach dem "
              "neuen Link."},
    "session.full": {
        "en": "This game has reached its limit of {max_entries} entries; finish it and start "
              "a rematch to play on.",
        "it": "Questa partita ha raggiunto il limite di {max_entries} voci; chiudila e apri "
              "una rivincita per continuare.",
        "de": "Dieses Spiel hat seine Grenze von {max_entries} Einträgen erreicht; beende es "
              "und starte eine Revanche, um weiterzuspielen."},
    "session.record_too_long": {
        "en": "The record has {entries} entries; a game holds at most {max_entries}.",
        "it": "La registrazione ha {entries} voci; una partita ne contiene al massimo "
              "{max_entries}.",
        "de": "Die Aufzeichnung hat {entries} Einträge; ein Spiel fasst höchstens "
              "{max_entries}."},
    "session.store_full": {
        "en": "The game store is full; games can still be read. Try again later.",
        "it": "L'archivio delle partite è pieno; le partite si possono ancora leggere. "
              "Riprova più tardi.",
        "de": "Der Spielspeicher ist voll; Spiele lassen sich noch lesen. Versuche es "
              "später noch einmal."},
    "session.streams_per_client": {
        "en": "This address already has {limit} live connections open; close a tab or try "
              "again shortly.",
        "it": "Questo indirizzo ha già {limit} collegamenti in diretta aperti; chiudi una "
              "scheda o riprova tra poco.",
        "de": "Diese Adresse hat schon {limit} Live-Verbindungen offen; schließe einen Tab "
              "oder versuche es gleich noch einmal."},
    "session.streams_full": {
        "en": "The server carries as many live connections as it can; try again shortly.",
        "it": "Il server regge già tutti i collegamenti in diretta che può; riprova tra poco.",
        "de": "Der Server trägt schon so viele Live-Verbindungen, wie er kann; versuche es "
              "gleich noch einmal."},
})
