"""The score pad's rules as the companion keeps them: rule id -> {language: "Title: text"}."""

from __future__ import annotations

RULES: dict[str, dict[str, str]] = {
    "S1.1": {"en": "Options: a title (up to 40 characters); 0 to 12 named categories (none: one total per entry); 1 to 50 rounds or open-ended; points entered per turn or per round; highest or lowest total wins; 1 to 12 players.",
             "it": "Opzioni: un titolo (fino a 40 caratteri); da 0 a 12 categorie con nome (nessuna: un totale per volta); da 1 a 50 giri o senza limite; punti inseriti a ogni turno o a ogni giro; vince il totale più alto o più basso; da 1 a 12 giocatori.",
             "de": "Optionen: ein Titel (bis 40 Zeichen); 0 bis 12 benannte Kategorien (keine: eine Summe je Eintrag); 1 bis 50 Runden oder offen; Punkte je Zug oder je Runde; höchste oder niedrigste Summe gewinnt; 1 bis 12 Personen."},
    "S1.2": {"en": "Seats: players join with a name and a colour; the host sets the seating and the first player.",
             "it": "Posti: si entra con un nome e un colore; l'host decide l'ordine e il primo giocatore.",
             "de": "Plätze: man tritt mit Name und Farbe bei; der Host legt Sitzordnung und Startspieler fest."},
    "S2.1": {"en": "Points: whole numbers from -10,000 to 10,000, for the pad's categories only (or its one total); per turn, the player on turn enters their own; per round, any player enters anyone's, for this round or an earlier one.",
             "it": "Punti: numeri interi da -10.000 a 10.000, solo per le categorie del segnapunti (o il suo totale); a ogni turno, chi è di turno inserisce i propri; a ogni giro, chiunque inserisce quelli di tutti, per questo giro o uno precedente.",
             "de": "Punkte: ganze Zahlen von -10.000 bis 10.000, nur für die Kategorien des Blocks (oder seine Summe); je Zug trägt die Person am Zug ihre eigenen ein; je Runde tragen alle für alle ein, für diese oder eine frühere Runde."},
    "S2.2": {"en": "Turns: ending the turn (and, per turn, entering points) passes it to the next seat; the host may end it for the seat on turn. Per turn, a round ends when the turn comes back to the first player. Per round, the turn only marks who starts next: the round in play is the first one without points for every seat, and it ends when it has them.",
             "it": "Turni: finire il turno (e, a ogni turno, inserire i punti) lo passa al posto successivo; l'host può finirlo per il posto di turno. A ogni turno, un giro finisce quando il turno torna al primo giocatore. A ogni giro, il turno indica solo chi inizia dopo: il giro in corso è il primo senza i punti di tutti i posti, e finisce quando li ha.",
             "de": "Züge: den Zug beenden (und, je Zug, Punkte eintragen) gibt ihn an den nächsten Platz; der Host kann ihn für den Platz am Zug beenden. Je Zug endet eine Runde, wenn der Zug wieder beim Startspieler ist. Je Runde zeigt der Zug nur, wer als Nächstes beginnt: die laufende Runde ist die erste ohne Punkte für alle Plätze, und sie endet, wenn sie sie hat."},
    "S2.3": {"en": "Corrections: undo the entry, or (per round) enter the same player's round again: the new entry replaces the old one.",
             "it": "Correzioni: annulla l'inserimento, oppure (a ogni giro) inserisci di nuovo lo stesso giro dello stesso giocatore: il nuovo sostituisce il vecchio.",
             "de": "Korrekturen: den Eintrag zurücknehmen, oder (je Runde) dieselbe Runde derselben Person neu eintragen: der neue Eintrag ersetzt den alten."},
    "S3.1": {"en": "End: after the last round (per round: once every seat has its points, so the last hand's points are entered after it was played), or when the host finishes the game.",
             "it": "Fine: dopo l'ultimo giro (a ogni giro: quando ogni posto ha i suoi punti, così i punti dell'ultima mano si inseriscono dopo averla giocata), o quando l'host chiude la partita.",
             "de": "Ende: nach der letzten Runde (je Runde: sobald jeder Platz seine Punkte hat, so werden die Punkte der letzten Hand nach dem Spielen eingetragen), oder wenn der Host das Spiel beendet."},
    "S3.2": {"en": "Ranking: by total, highest first (lowest first if the lowest wins); ties share a rank; the breakdown shows each category's total and each round's points.",
             "it": "Classifica: per totale, dal più alto (dal più basso se vince il più basso); a pari punti stessa posizione; il dettaglio mostra il totale di ogni categoria e i punti di ogni giro.",
             "de": "Wertung: nach Summe, höchste zuerst (niedrigste zuerst, wenn die niedrigste gewinnt); Gleichstand teilt den Platz; die Aufschlüsselung zeigt die Summe jeder Kategorie und die Punkte jeder Runde."},
}

#: Texts that follow a session's options: (rule id, option, value) -> texts.
BY_OPTION: dict[tuple[str, str, object], dict[str, str]] = {
    ("S2.1", "scoring", "per_turn"): {
        "en": "Points: the player on turn enters their own points (whole numbers from -10,000 to 10,000, for the pad's categories only, or its one total); it ends the turn.",
        "it": "Punti: chi è di turno inserisce i propri punti (numeri interi da -10.000 a 10.000, solo per le categorie del segnapunti, o il suo totale); il turno finisce.",
        "de": "Punkte: die Person am Zug trägt ihre eigenen Punkte ein (ganze Zahlen von -10.000 bis 10.000, nur für die Kategorien des Blocks oder seine Summe); der Zug endet."},
    ("S2.1", "scoring", "per_round"): {
        "en": "Points: any player enters anyone's points for this round or an earlier one (whole numbers from -10,000 to 10,000, for the pad's categories only, or its one total).",
        "it": "Punti: chiunque inserisce i punti di tutti per questo giro o uno precedente (numeri interi da -10.000 a 10.000, solo per le categorie del segnapunti, o il suo totale).",
        "de": "Punkte: alle tragen Punkte für alle ein, für diese oder eine frühere Runde (ganze Zahlen von -10.000 bis 10.000, nur für die Kategorien des Blocks oder seine Summe)."},
    ("S3.2", "low_wins", True): {
        "en": "Ranking: by total, lowest first; ties share a rank; the breakdown shows each category's total and each round's points.",
        "it": "Classifica: per totale, dal più basso; a pari punti stessa posizione; il dettaglio mostra il totale di ogni categoria e i punti di ogni giro.",
        "de": "Wertung: nach Summe, niedrigste zuerst; Gleichstand teilt den Platz; die Aufschlüsselung zeigt die Summe jeder Kategorie und die Punkte jeder Runde."},
}
EXPERT_ONLY: tuple[str, ...] = ()
