"""The Timeline page's own texts in German, French, Italian and English.

Card texts carry their four languages themselves; these are the labels
around them.  Templates use ``{player}``, ``{n}``, ``{stake}``, ``{a}``, ``{d}``
and ``{why}`` placeholders, filled in by the page with :meth:`str.format`.
"""

from __future__ import annotations

from typing import Any

from .deck import LANGS

_KEYS: dict[str, tuple[str, str, str, str]] = {
    # The game and its parts (de, fr, it, en).
    "title": ("Timeline", "Timeline", "Timeline", "Timeline"),
    "language": ("Sprache", "Langue", "Lingua", "Language"),
    "row": ("Zeitleiste", "Frise", "Cartellone", "Timeline"),
    "chips": ("Chips", "Jetons", "Gettoni", "Chips"),
    "pile": ("Stapel", "Pile", "Mazzo", "Pile"),
    "removed": ("Aus dem Spiel", "Hors jeu", "Fuori gioco", "Out of the game"),
    "card_to_place": (
        "Diese Karte einordnen",
        "Carte à placer",
        "Carta da collocare",
        "Card to place",
    ),
    "year_hidden": ("Jahr verdeckt", "Année cachée", "Anno nascosto", "Year hidden"),
    "kid": ("Kids-Regel", "Règle kids", "Regola bambini", "Kids rule"),
    "reader": ("Liest vor", "Lit la carte", "Legge la carta", "Reads the card"),
    "tries_left": (
        "Versuche übrig: {n}",
        "Essais restants : {n}",
        "Tentativi rimasti: {n}",
        "Tries left: {n}",
    ),
    # Buttons.
    "spin": ("Drehen", "Tourner la roulette", "Girare la freccia", "Spin"),
    "draw": ("Karte ziehen", "Tirer une carte", "Pescare una carta", "Draw a card"),
    "duel": ("Duell mit {player}", "Duel contre {player}", "Sfida a {player}", "Duel {player}"),
    "place_here": ("Hier einordnen", "Placer ici", "Collocare qui", "Place here"),
    "bet": ("Wetten: {stake}", "Miser : {stake}", "Scommettere: {stake}", "Bet {stake}"),
    "pass": ("Nicht werten", "Ne pas juger", "Non valutare", "Pass"),
    "pick": ("Diese Karte", "Cette carte", "Questa carta", "This card"),
    "discard": ("Karte entfernen", "Retirer la carte", "Togliere la carta", "Remove card"),
    "before": ("vor {a}", "avant {a}", "prima di {a}", "before {a}"),
    "after": ("nach {a}", "après {a}", "dopo {a}", "after {a}"),
    "between": ("zwischen {a} und {d}", "entre {a} et {d}", "tra {a} e {d}", "between {a} and {d}"),
    # The spinner.
    "spinner.question": ("Fragezeichen", "Point d'interrogation", "Punto interrogativo", "?"),
    "spinner.twice": ("Zwei Versuche", "Deux essais", "Due tentativi", "Two tries"),
    "spinner.star": ("Stern", "Étoile", "Stella", "Star"),
    "spinner.grumpy": ("Muffelchen", "Grognon", "Faccia imbronciata", "Grumpy face"),
    # Judgements.
    "call.correct": ("richtig", "exact", "giusta", "correct"),
    "call.earlier": ("früher", "avant", "prima", "earlier"),
    "call.later": ("später", "après", "dopo", "later"),
    # Categories.
    "category.history": ("Geschichte", "Histoire", "Storia", "History"),
    "category.politics": ("Politik", "Politique", "Politica", "Politics"),
    "category.economy": ("Wirtschaft", "Économie", "Economia", "Economy"),
    "category.transport": ("Verkehr", "Transport", "Trasporti", "Transport"),
    "category.sport": ("Sport", "Sport", "Sport", "Sport"),
    "category.entertainment": ("Unterhaltung", "Divertissement", "Spettacolo", "Entertainment"),
    "category.inventions": ("Erfindungen", "Inventions", "Invenzioni", "Inventions"),
    "category.personalities": ("Persönlichkeiten", "Personnalités", "Personalità", "Personalities"),
    "category.custom": ("Eigene Karten", "Cartes personnelles", "Carte proprie", "Custom cards"),
    # Prompts by phase.
    "phase.start": (
        "{player}: drehen oder zum Duell fordern",
        "{player} : tourner la roulette ou provoquer en duel",
        "{player}: girare la freccia o sfidare a duello",
        "{player}: spin, or challenge someone to a duel",
    ),
    "phase.place": (
        "{player}: wo gehört das Ereignis hin?",
        "{player} : où placer cet événement ?",
        "{player}: dove va collocato l'avvenimento?",
        "{player}: where does this event go?",
    ),
    "phase.judge": (
        "{player}: ist die Platzierung richtig, früher oder später?",
        "{player} : le placement est-il exact, avant ou après ?",
        "{player}: la collocazione è giusta, prima o dopo?",
        "{player}: is the placement correct, earlier or later?",
    ),
    "phase.hand_over": (
        "{player}: welche Karte wechselt den Besitzer?",
        "{player} : quelle carte change de main ?",
        "{player}: quale carta cambia proprietario?",
        "{player}: which card changes hands?",
    ),
    "phase.discard": (
        "{player}: eine Karte aus dem Spiel nehmen",
        "{player} : retirer une carte du jeu",
        "{player}: togliere una carta dal gioco",
        "{player}: take one card out of the game",
    ),
    "phase.over": (
        "Die Runde ist zu Ende",
        "La manche est terminée",
        "La partita è finita",
        "The round is over",
    ),
    # What happened (the reveal).
    "reveal.placed": (
        "{player} ordnet richtig ein: Karte und 2 Chips",
        "{player} place correctement : la carte et 2 jetons",
        "{player} colloca correttamente: la carta e 2 gettoni",
        "{player} placed it right: the card and 2 chips",
    ),
    "reveal.follower": (
        "{player} ordnet richtig ein: Karte und 1 Chip",
        "{player} place correctement : la carte et 1 jeton",
        "{player} colloca correttamente: la carta e 1 gettone",
        "{player} placed it right: the card and 1 chip",
    ),
    "reveal.reader": (
        "Niemand lag richtig: {player} reiht die Karte ohne Chip ein",
        "Personne n'a trouvé : {player} garde la carte, sans jeton",
        "Nessuno ha indovinato: {player} colloca la carta senza gettone",
        "Nobody got it: {player} takes the card, without a chip",
    ),
    "reveal.star": (
        "Stern: {player} erhält die Karte, ohne Chip",
        "Étoile : {player} reçoit la carte, sans jeton",
        "Stella: {player} riceve la carta, senza gettone",
        "Star: {player} gets the card, without a chip",
    ),
    "reveal.bet_won": (
        "Wette gewonnen: {player} erhält die Karte, 2 Chips und den Einsatz doppelt",
        "Pari gagné : {player} reçoit la carte, 2 jetons et le double de sa mise",
        "Scommessa vinta: {player} riceve la carta, 2 gettoni e il doppio della posta",
        "Bet won: {player} gets the card, 2 chips and the stake back doubled",
    ),
    "reveal.bet_lost": (
        "Wette verloren: {player} verliert den Einsatz, die Karte kommt unter den Stapel",
        "Pari perdu : {player} perd sa mise, la carte va sous la pile",
        "Scommessa persa: {player} perde la posta, la carta va sotto il mazzo",
        "Bet lost: {player} loses the stake; the card goes under the pile",
    ),
    "reveal.duel_won": (
        "Duell gewonnen ({a} gegen {d}): {player} erhält eine Karte",
        "Duel gagné ({a} contre {d}) : {player} reçoit une carte",
        "Sfida vinta ({a} contro {d}): {player} riceve una carta",
        "Duel won ({a} against {d}): {player} gets a card",
    ),
    "reveal.duel_lost": (
        "Duell abgewehrt ({a} gegen {d})",
        "Duel repoussé ({a} contre {d})",
        "Sfida sventata ({a} contro {d})",
        "Duel fended off ({a} against {d})",
    ),
    "reveal.grumpy": (
        "Muffelchen: {player} setzt aus",
        "Grognon : {player} passe son tour",
        "Faccia imbronciata: {player} salta il turno",
        "Grumpy face: {player} misses the turn",
    ),
    "winner": (
        "{player} gewinnt die Runde; die Chips zählen doppelt",
        "{player} gagne la manche ; ses jetons comptent double",
        "{player} vince la partita; i gettoni valgono il doppio",
        "{player} wins the round; their chips count double",
    ),
    "pile_empty": (
        "Der Stapel ist leer: die meisten Chips gewinnen",
        "La pile est vide : le plus de jetons l'emporte",
        "Il mazzo è finito: vince chi ha più gettoni",
        "The pile is empty: most chips wins",
    ),
    "match_total": ("Gesamt", "Total", "Totale", "Total"),
    "round": ("Runde {n}", "Manche {n}", "Partita {n}", "Round {n}"),
    "load_deck": (
        "Eigenes Kartenset laden (CSV oder JSON)",
        "Charger un jeu de cartes (CSV ou JSON)",
        "Caricare un mazzo proprio (CSV o JSON)",
        "Load your own deck (CSV or JSON)",
    ),
    "explanation": ("Erklärung", "Explication", "Spiegazione", "Explanation"),
    "reference": ("Quelle", "Source", "Fonte", "Source"),
    # Years before the common era ({n} is the year without its minus sign).
    "bc": ("{n} v. Chr.", "{n} av. J.-C.", "{n} a.C.", "{n} BC"),
    # The page around the table.
    "last_result": ("Letztes Ergebnis", "Dernier résultat", "Ultimo risultato", "Last result"),
    "wrong_try": (
        "{player}: falsch ({a})",
        "{player} : faux ({a})",
        "{player}: sbagliato ({a})",
        "{player}: wrong ({a})",
    ),
    "passes_on": (
        "Falsch! Die Karte geht weiter an {player}",
        "Faux ! La carte passe à {player}",
        "Sbagliato! La carta passa a {player}",
        "Wrong! The card passes to {player}",
    ),
    "try_again": (
        "Falsch! {player} hat noch einen Versuch",
        "Faux ! {player} a encore un essai",
        "Sbagliato! {player} ha ancora un tentativo",
        "Wrong! {player} has one more try",
    ),
    "board": ("Wertungstafel", "Tableau des paris", "Tabellone", "Scoring board"),
    "stake_on": (
        "{player} setzt {stake} Chips: {a}",
        "{player} mise {stake} jetons : {a}",
        "{player} scommette {stake} gettoni: {a}",
        "{player} stakes {stake} chips: {a}",
    ),
    "your_bet": ("Dein Einsatz", "Ta mise", "La tua posta", "Your bet"),
    "no_bet": ("Keine Wette", "Pas de pari", "Nessuna scommessa", "No bet"),
    "dice": ("Würfel", "Dés", "Dadi", "Dice"),
    "duel_between": (
        "Duell: {a} gegen {d}",
        "Duel : {a} contre {d}",
        "Sfida: {a} contro {d}",
        "Duel: {a} against {d}",
    ),
    "no_judgement": (
        "Noch keine Wertung",
        "Pas encore de jugement",
        "Nessun giudizio",
        "No judgements yet",
    ),
    "human": ("Mensch", "Humain", "Umano", "Human"),
    "computer": ("Computer: {a}", "Ordinateur : {a}", "Computer: {a}", "Computer: {a}"),
    "level.child": ("Kind", "Enfant", "Bambino", "Child"),
    "level.amateur": ("Amateur", "Amateur", "Dilettante", "Amateur"),
    "level.historian": ("Historiker", "Historien", "Storico", "Historian"),
    "thinking": (
        "{player} überlegt …",
        "{player} réfléchit…",
        "{player} sta pensando…",
        "{player} is thinking…",
    ),
    "score": ("Punkte", "Points", "Punti", "Score"),
    "chance": ("Zufall", "Hasard", "Caso", "Chance"),
    "log.dealt": (
        "Eine Karte wird ausgeteilt",
        "Une carte est distribuée",
        "Si distribuisce una carta",
        "A card is dealt",
    ),
    "log.spinner": (
        "Der Drehpfeil zeigt {a}",
        "La roulette indique {a}",
        "La freccia indica {a}",
        "The spinner shows {a}",
    ),
    "log.roll": (
        "Die Würfel zeigen {a}",
        "Les dés donnent {a}",
        "I dadi danno {a}",
        "The dice show {a}",
    ),
    "log.drawn": (
        "Eine Karte wird gezogen",
        "Une carte est tirée",
        "Si pesca una carta",
        "A card is drawn",
    ),
    "new_game": ("Neues Spiel", "Nouvelle partie", "Nuova partita", "New game"),
    "undo": ("Zurück", "Annuler", "Annulla", "Undo"),
    "redo": ("Wiederholen", "Rétablir", "Ripeti", "Redo"),
    "save_file": ("Datei speichern", "Enregistrer", "Salvare", "Save file"),
    "load_file": ("Datei laden", "Ouvrir un fichier", "Aprire un file", "Load file"),
    "game_link": ("Spiel-Link", "Lien de partie", "Link alla partita", "Game link"),
    "players": ("Spielende", "Joueurs", "Giocatori", "Players"),
    "moves": ("Züge", "Coups", "Mosse", "Moves"),
    "type_move": ("Zug eintippen", "Écrire un coup", "Scrivere una mossa", "Type a move"),
    "play": ("Spielen", "Jouer", "Giocare", "Play"),
    "rules": ("Regeln", "Règles", "Regole", "Rules"),
    "pass_device": (
        "Gib das Gerät an",
        "Passe l'appareil à",
        "Passa il dispositivo a",
        "Pass the device to",
    ),
    "show_view": (
        "Meine Sicht zeigen",
        "Afficher mon jeu",
        "Mostrare il mio gioco",
        "Show my view",
    ),
    "deck": ("Kartenset", "Jeu de cartes", "Mazzo", "Deck"),
    "deck_swiss": ("Schweizer Kartenset", "Jeu suisse", "Mazzo svizzero", "Swiss deck"),
    "deck_custom": (
        "Eigenes Kartenset ({n} Karten)",
        "Jeu personnel ({n} cartes)",
        "Mazzo proprio ({n} carte)",
        "Your own deck ({n} cards)",
    ),
    "deck_refused": (
        "Dieses Kartenset ist nicht brauchbar: {a}",
        "Ce jeu de cartes n'est pas utilisable : {a}",
        "Questo mazzo non è utilizzabile: {a}",
        "This deck cannot be used: {a}",
    ),
    "under_12": ("unter 12", "moins de 12 ans", "sotto i 12 anni", "under 12"),
    "move_up": ("Nach vorne", "Avancer", "Più avanti", "Move up"),
    "order_help": (
        "Platz 1 beginnt (die jüngste Person); mit ↑ die Reihenfolge ändern.",
        "La place 1 commence (le plus jeune) ; ↑ change l'ordre.",
        "Il posto 1 inizia (il più giovane); ↑ cambia l'ordine.",
        "Seat 1 starts (the youngest player); use ↑ to change the order.",
    ),
    # Log lines for a duel's card and a removed card ({a}: the event, shortened).
    "log.take": ("nimmt „{a}“", "prend « {a} »", "prende «{a}»", "takes “{a}”"),
    "log.give": ("gibt „{a}“ ab", "donne « {a} »", "cede «{a}»", "gives “{a}”"),
    "log.discard": ("entfernt „{a}“", "retire « {a} »", "toglie «{a}»", "removes “{a}”"),
    # The match panel.
    "match": ("Turnier", "Match", "Torneo", "Match"),
    "match_rounds": ("Runden", "Manches", "Partite", "Rounds"),
    "next_round": ("Nächste Runde", "Manche suivante", "Prossima partita", "Next round"),
    "new_match": ("Neues Turnier", "Nouveau match", "Nuovo torneo", "New match"),
    "match_played": (
        "{n} von {d} Runden gespielt",
        "{n} manche(s) sur {d} jouée(s)",
        "{n} di {d} partite giocate",
        "{n} of {d} rounds played",
    ),
    "match_winner": (
        "{player} gewinnt das Turnier!",
        "{player} remporte le match !",
        "{player} vince il torneo!",
        "{player} wins the match!",
    ),
    "match_shared": (
        "Geteilter Turniersieg: {player}",
        "Match partagé : {player}",
        "Torneo vinto a pari merito: {player}",
        "The match is shared: {player}",
    ),
    "match_reset": (
        "Ein neues Turnier beginnt mit dieser Runde.",
        "Un nouveau match commence avec cette manche.",
        "Un nuovo torneo inizia con questa partita.",
        "A new match starts with this round.",
    ),
    "match_help": (
        "Die Chips aller Runden zählen zusammen; wer die Runde gewinnt, zählt die Chips doppelt.",
        "Les jetons des manches s'additionnent ; le gagnant d'une manche compte les siens double.",
        "I gettoni di tutte le partite si sommano; chi vince una partita conta i suoi il doppio.",
        "Chips add up over the rounds; a round's winner counts their chips double.",
    ),
    # The controls every game page shares (common/ui.py asks for these keys).
    "ui.loading": (
        "Die Python-Engine wird im Browser geladen … {n} s",
        "Chargement du moteur Python dans le navigateur… {n} s",
        "Caricamento del motore Python nel browser… {n} s",
        "Loading the Python engine in your browser… {n} s",
    ),
    "ui.busy": (
        "Bitte warten: die Engine rechnet.",
        "Patience : le moteur calcule.",
        "Attendere: il motore sta calcolando.",
        "Please wait: the engine is busy.",
    ),
    "ui.welcome_back": (
        "Willkommen zurück: dein letztes Spiel ist wiederhergestellt.",
        "Bon retour : ta dernière partie est restaurée.",
        "Bentornato: l'ultima partita è stata ripristinata.",
        "Welcome back: your last game was restored.",
    ),
    "ui.link_opened": (
        "Spiel aus dem Link geöffnet.",
        "Partie ouverte depuis le lien.",
        "Partita aperta dal link.",
        "Game opened from the link.",
    ),
    "ui.replay_waiting": (
        "Wiedergabe: » führt zurück zum Spiel; der Computer wartet.",
        "Relecture : » ramène à la partie ; l'ordinateur attend.",
        "Rivedere: » torna alla partita; il computer aspetta.",
        "Replay: press » to return to the game; the computer waits.",
    ),
    "ui.replay_finished": (
        "Wiedergabe einer beendeten Partie: » führt zum Ende.",
        "Relecture d'une partie terminée : » mène à la fin.",
        "Rivedere una partita finita: » porta alla fine.",
        "Replay of a finished game: press » to go to its end.",
    ),
    "ui.wait_computer": (
        "Warte, bis der Computer gespielt hat.",
        "Attends que l'ordinateur ait joué.",
        "Aspetta che il computer abbia giocato.",
        "Wait for the computer to move.",
    ),
    "ui.saved": (
        "Gespeichert: die Spieldatei liegt bei den Downloads.",
        "Enregistré : le fichier de la partie est dans tes téléchargements.",
        "Salvato: il file della partita è tra i download.",
        "Saved: the game file is in your downloads.",
    ),
    "ui.file_loaded": (
        "Spiel aus der Datei geladen.",
        "Partie chargée depuis le fichier.",
        "Partita caricata dal file.",
        "Game loaded from the file.",
    ),
    "ui.link_copied": (
        "Link kopiert: auf jedem Gerät öffnen, um weiterzuspielen.",
        "Lien copié : ouvre-le sur n'importe quel appareil pour continuer.",
        "Link copiato: aprilo su qualsiasi dispositivo per continuare.",
        "Link copied: open it on any device to continue this game.",
    ),
    "ui.link_copy_below": (
        "Kopiere den Link unten, um anderswo weiterzuspielen.",
        "Copie le lien ci-dessous pour continuer ailleurs.",
        "Copia il link qui sotto per continuare altrove.",
        "Copy the link below to continue this game elsewhere.",
    ),
    "ui.new_game_started": (
        "Neues Spiel gestartet.",
        "Nouvelle partie lancée.",
        "Nuova partita iniziata.",
        "New game started.",
    ),
    "ui.name_for": ("Name für {a}", "Nom pour {a}", "Nome per {a}", "Name for {a}"),
    "ui.who_plays": ("Wer spielt {a}", "Qui joue {a}", "Chi gioca {a}", "Who plays {a}"),
    "ui.seat_label": ("Platz {n}", "Place {n}", "Posto {n}", "Player {n}"),
    "ui.go_to_move": ("Zu Zug {n}", "Aller au coup {n}", "Vai alla mossa {n}", "Go to move {n}"),
    "ui.rule": ("Regel", "règle", "regola", "rule"),
    "ui.and": (" und ", " et ", " e ", " and "),
    "ui.won": (
        "{player} gewinnt: {a}.",
        "{player} gagne : {a}.",
        "{player} vince: {a}.",
        "{player} won: {a}.",
    ),
    "ui.draw": ("Unentschieden: {a}.", "Égalité : {a}.", "Pareggio: {a}.", "Draw: {a}."),
    "ui.replay_at": (
        "Wiedergabe: Zug {n} von {d}. Hier spielen zweigt ab, » führt zurück.",
        "Relecture : coup {n} sur {d}. Jouer ici crée une variante, » revient au jeu.",
        "Rivedere: mossa {n} di {d}. Giocare qui apre una variante, » torna al gioco.",
        "Replay: move {n} of {d}. Play a move here to branch off, or press ».",
    ),
    "ui.to_move": (
        "{player} ist am Zug.",
        "À {player} de jouer.",
        "Tocca a {player}.",
        "{player} to move.",
    ),
    "ui.engine_failed": (
        "Die Engine konnte nicht starten: {why}",
        "Le moteur n'a pas pu démarrer : {why}",
        "Il motore non è riuscito ad avviarsi: {why}",
        "The engine could not start: {why}",
    ),
    "ui.game_over": (
        "Das Spiel ist vorbei: Zug zurücknehmen oder ein neues Spiel beginnen.",
        "La partie est finie : annule un coup ou commence une nouvelle partie.",
        "La partita è finita: annulla una mossa o inizia una nuova partita.",
        "The game is over: undo, or start a new game.",
    ),
    "ui.same_name": (
        "Zwei Spielende haben denselben Namen: gib allen einen eigenen.",
        "Deux joueurs ont le même nom : donne à chacun le sien.",
        "Due giocatori hanno lo stesso nome: dai a ciascuno il suo.",
        "Two players have the same name: give each one their own.",
    ),
    "ui.vs": (" gegen ", " contre ", " contro ", " vs "),
    "ui.deal_code": ("Mischung {a}.", "Donne {a}.", "Smazzata {a}.", "Deal {a}."),
    "ui.other_tab": (
        "Dieses Spiel wurde auch in einem anderen Tab gespielt: die Züge von hier "
        "bleiben als eigenes gespeichertes Spiel erhalten.",
        "Cette partie a aussi été jouée dans un autre onglet : les coups joués ici "
        "sont gardés comme une partie enregistrée à part.",
        "Questa partita è stata giocata anche in un'altra scheda: le mosse fatte qui "
        "restano come partita salvata a parte.",
        "This game was also played in another tab: the moves made here are kept "
        "as a separate saved game.",
    ),
    "ui.storage_failed": (
        "Dieser Browser hat das Speichern verweigert ({a}): neue Züge werden hier NICHT "
        "aufbewahrt. Schaffe Platz unter Gespeicherte Spiele oder nutze Datei speichern.",
        "Ce navigateur a refusé d'enregistrer la partie ({a}) : les coups suivants ne "
        "sont PAS gardés ici. Libère de la place dans Parties enregistrées, ou utilise "
        "Enregistrer.",
        "Questo browser ha rifiutato di salvare la partita ({a}): le prossime mosse NON "
        "vengono conservate qui. Libera spazio in Partite salvate, oppure usa Salvare.",
        "This browser refused to save the game ({a}): moves from now on are NOT kept "
        "here. Free some space under Saved games, or use Save file.",
    ),
    # The saved-games list and its dialogs.
    "ui.saved_games": (
        "Gespeicherte Spiele",
        "Parties enregistrées",
        "Partite salvate",
        "Saved games",
    ),
    "ui.saved_note": (
        "Deine Spiele bleiben hier, nur in diesem Browser: jedes unbeendete, bis du es "
        "löschst, und die {n} neuesten beendeten.",
        "Tes parties restent ici, dans ce navigateur seulement : chaque partie inachevée "
        "jusqu'à ce que tu la supprimes, et les {n} dernières parties terminées.",
        "Le tue partite restano qui, solo in questo browser: ogni partita non finita finché "
        "non la elimini, e le {n} ultime partite finite.",
        "Your games are kept here, in this browser only: every unfinished game until "
        "you delete it, and the {n} latest finished ones.",
    ),
    "ui.close": ("Schließen", "Fermer", "Chiudi", "Close"),
    "ui.quick_pace": (
        "Schnelle Computerzüge",
        "Coups rapides de l'ordinateur",
        "Mosse rapide del computer",
        "Quick computer moves",
    ),
    "ui.no_saved": (
        "Noch keine gespeicherten Spiele.",
        "Aucune partie enregistrée pour l'instant.",
        "Ancora nessuna partita salvata.",
        "No saved games yet.",
    ),
    "ui.finished": ("beendet", "terminée", "finita", "finished"),
    "ui.in_progress": ("läuft", "en cours", "in corso", "in progress"),
    "ui.moves_count": ("{n} Züge", "{n} coups", "{n} mosse", "{n} moves"),
    "ui.moves_count_one": ("{n} Zug", "{n} coup", "{n} mossa", "{n} move"),
    "ui.saved_when": (
        "gespeichert {a}",
        "enregistrée le {a}",
        "salvata il {a}",
        "saved {a}",
    ),
    "ui.started_when": (
        "begonnen {a}",
        "commencée le {a}",
        "iniziata il {a}",
        "started {a}",
    ),
    "ui.playing_now": ("wird gerade gespielt", "en cours de jeu", "in gioco ora", "playing now"),
    "ui.open": ("Öffnen", "Ouvrir", "Apri", "Open"),
    "ui.download": ("Herunterladen", "Télécharger", "Scarica", "Download"),
    "ui.delete": ("Löschen", "Supprimer", "Elimina", "Delete"),
    "ui.unreadable_title": (
        "Ein Spielstand, der sich nicht öffnen lässt",
        "Une sauvegarde illisible",
        "Un salvataggio che non si può aprire",
        "A save that cannot be opened",
    ),
    "ui.kept_when": ("aufbewahrt {a}", "gardée le {a}", "conservato il {a}", "kept {a}"),
    "ui.unreadable": (
        "Ein gespeichertes Spiel ließ sich nicht öffnen ({a}). Es liegt unter "
        "Gespeicherte Spiele, wo du es herunterladen kannst.",
        "Une partie enregistrée n'a pas pu être ouverte ({a}). Elle est gardée dans "
        "Parties enregistrées, où tu peux la télécharger.",
        "Una partita salvata non si è potuta aprire ({a}). È conservata in Partite "
        "salvate, da dove puoi scaricarla.",
        "A saved game could not be opened ({a}). It is kept under Saved games, "
        "where you can download it.",
    ),
    "ui.saved_opened": (
        "Gespeichertes Spiel geöffnet.",
        "Partie enregistrée ouverte.",
        "Partita salvata aperta.",
        "Saved game opened.",
    ),
    "ui.delete_ask": (
        "„{a}“ endgültig aus diesem Browser löschen?",
        "Supprimer « {a} » de ce navigateur pour de bon ?",
        "Eliminare definitivamente «{a}» da questo browser?",
        "Delete “{a}” from this browser for good?",
    ),
    # Opening a game link beside a game in progress.
    "ui.link_ask": (
        "Das Spiel aus diesem Link öffnen ({a}, {m})? Dein laufendes Spiel bleibt "
        "unter Gespeicherte Spiele.",
        "Ouvrir la partie de ce lien ({a}, {m}) ? La partie en cours reste dans "
        "Parties enregistrées.",
        "Aprire la partita da questo link ({a}, {m})? La partita in corso resta "
        "in Partite salvate.",
        "Open the game from this link ({a}, {m})? The game you are playing "
        "stays under Saved games.",
    ),
    "ui.link_is_this_game": (
        "Dieser Link ist das Spiel, das du gerade spielst.",
        "Ce lien est la partie que tu joues.",
        "Questo link è la partita che stai giocando.",
        "This link is the game you are playing.",
    ),
    "ui.file_is_this_game": (
        "Diese Datei ist das Spiel, das du gerade spielst.",
        "Ce fichier est la partie que tu joues.",
        "Questo file è la partita che stai giocando.",
        "This file is the game you are playing.",
    ),
    "ui.source_kept": (
        "Es war schon unter Gespeicherte Spiele: dieses Spiel geht dort weiter.",
        "Elle était déjà dans Parties enregistrées : cette partie y continue.",
        "Era già in Partite salvate: quella partita continua lì.",
        "It was already under Saved games: that game goes on there.",
    ),
    "ui.source_behind": (
        "Dieses Spiel ist schon unter Gespeicherte Spiele, mit mehr Zügen: es wird bei "
        "Zug {n} gezeigt; » zeigt den Rest.",
        "Cette partie est déjà dans Parties enregistrées, avec plus de coups : elle est "
        "montrée au coup {n} ; » montre la suite.",
        "Questa partita è già in Partite salvate, con più mosse: è mostrata alla mossa "
        "{n}; » mostra il resto.",
        "This game is already under Saved games, with more moves: it is shown at move "
        "{n}; press » for the rest.",
    ),
    "ui.undone_one": (
        "Der zurückgenommene Zug kommt mit Wiederholen zurück; ein neuer Zug ersetzt ihn.",
        "Le coup annulé revient avec Rétablir ; un nouveau coup le remplace.",
        "La mossa annullata torna con Ripeti; una nuova mossa la sostituisce.",
        "The move taken back returns with Redo; a new move replaces it.",
    ),
    "ui.undone": (
        "Die {n} zurückgenommenen Züge kommen mit Wiederholen zurück; ein neuer Zug ersetzt sie.",
        "Les {n} coups annulés reviennent avec Rétablir ; un nouveau coup les remplace.",
        "Le {n} mosse annullate tornano con Ripeti; una nuova mossa le sostituisce.",
        "The {n} moves taken back return with Redo; a new move replaces them.",
    ),
    "ui.open_link_yes": ("Link öffnen", "Ouvrir le lien", "Apri il link", "Open the link"),
    "ui.open_link_no": ("Weiterspielen", "Continuer à jouer", "Continua a giocare", "Keep playing"),
    "ui.link_not_opened": (
        "Der Link wurde nicht geöffnet; dein Spiel geht weiter.",
        "Le lien n'a pas été ouvert ; ta partie continue.",
        "Il link non è stato aperto; la tua partita continua.",
        "The link was not opened; your game goes on.",
    ),
    "cancel": ("Abbrechen", "Annuler", "Annulla", "Cancel"),
    "start": ("Starten", "Commencer", "Iniziare", "Start"),
    "open": ("Öffnen", "Ouvrir", "Aprire", "Open"),
    "game_links": ("Spiel-Links", "Liens de partie", "Link alla partita", "Game links"),
    "link_to_game": (
        "Link zu diesem Spiel",
        "Lien vers cette partie",
        "Link a questa partita",
        "Link to this game",
    ),
    "open_link": (
        "Einen Spiel-Link öffnen",
        "Ouvrir un lien de partie",
        "Aprire un link",
        "Open a game link",
    ),
    "paste_link": (
        "timegames-Link einfügen",
        "Colle un lien timegames",
        "Incolla un link timegames",
        "Paste a timegames link",
    ),
    "first_position": (
        "Anfangsstellung",
        "Position de départ",
        "Posizione iniziale",
        "First position",
    ),
    "previous_move": ("Vorheriger Zug", "Coup précédent", "Mossa precedente", "Previous move"),
    "next_move": ("Nächster Zug", "Coup suivant", "Mossa successiva", "Next move"),
    "latest_position": (
        "Aktuelle Stellung",
        "Position actuelle",
        "Posizione attuale",
        "Latest position",
    ),
    "game_controls": ("Spielsteuerung", "Commandes", "Comandi", "Game controls"),
    "replay": ("Wiedergabe", "Relecture", "Rivedere", "Replay"),
    "shuffling": (
        "Die Karten werden gemischt …",
        "On mélange les cartes…",
        "Si mescolano le carte…",
        "Shuffling the cards…",
    ),
    # The new-game form: the engine's options (label, help, one key per choice).
    "opt.players": ("Spielende", "Joueurs", "Giocatori", "Players"),
    "opt.players.help": (
        "Platz 1 beginnt (die jüngste Person); die Plätze legen die Reihenfolge fest.",
        "La place 1 commence (le plus jeune) ; l'ordre des places fixe l'ordre du jeu.",
        "Il posto 1 inizia (il più giovane); l'ordine dei posti è l'ordine di gioco.",
        "Seat 1 starts (the youngest player); arrange the seats to set the order.",
    ),
    "opt.super": ("Version", "Version", "Versione", "Version"),
    "opt.super.false": ("Klassisch", "Classique", "Classica", "Classic"),
    "opt.super.true": (
        "Super-Version: Wetten und Wertungen (3–6 Spielende)",
        "Version super : paris et jugements (3 à 6 joueurs)",
        "Versione super: scommesse e giudizi (3–6 giocatori)",
        "Super version: bets and judgements (3–6 players)",
    ),
    "opt.super.help": (
        "Alle beginnen mit 5 Chips; Wetten auf die eigene Platzierung, Wertungen der anderen.",
        "Chacun commence avec 5 jetons ; paris sur son placement, jugements sur celui des autres.",
        "Tutti iniziano con 5 gettoni; scommesse sulla propria collocazione, giudizi sulle altre.",
        "Everyone starts with 5 chips; bets on your own placement, judgements on others'.",
    ),
    "opt.spinner": ("Drehpfeil", "Roulette", "Freccia", "Spinner"),
    "opt.spinner.standard": (
        "Standard: ? 4/8, zwei Versuche 2/8, Stern 1/8, Muffelchen 1/8",
        "Standard : ? 4/8, deux essais 2/8, étoile 1/8, grognon 1/8",
        "Standard: ? 4/8, due tentativi 2/8, stella 1/8, faccia imbronciata 1/8",
        "Standard: ? 4/8, two tries 2/8, star 1/8, grumpy 1/8",
    ),
    "opt.spinner.even": (
        "Gleichmässig: jedes Symbol 1/4",
        "Égale : chaque symbole 1/4",
        "Uniforme: ogni simbolo 1/4",
        "Even: each symbol 1/4",
    ),
    "opt.spinner.off": (
        "Ohne Drehpfeil (Variante): jeder Zug ist ein «?»",
        "Sans roulette (variante) : chaque tour est un « ? »",
        "Senza freccia (variante): ogni turno è un «?»",
        "No spinner (variant): every turn is a '?'",
    ),
    "opt.spinner.help": (
        "Die Vorlage nennt keine Anteile; diese sind die des Projekts.",
        "Le document ne donne pas de proportions ; celles-ci sont celles du projet.",
        "Il documento non indica proporzioni; queste sono del progetto.",
        "The document gives no proportions; these are the project's.",
    ),
    "opt.duel_rule": (
        "Wer herausgefordert werden kann",
        "Qui peut être provoqué en duel",
        "Chi può essere sfidato",
        "Who can be challenged",
    ),
    "opt.duel_rule.more_than_three": (
        "Wer mehr als drei Karten hat (deutsch, italienisch)",
        "Qui a plus de trois cartes (allemand, italien)",
        "Chi ha più di tre carte (tedesco, italiano)",
        "Players with more than three cards (German, Italian)",
    ),
    "opt.duel_rule.at_least_three": (
        "Wer mindestens drei Karten hat (französisch)",
        "Qui a au moins trois cartes (français)",
        "Chi ha almeno tre carte (francese)",
        "Players with at least three cards (French)",
    ),
    "opt.duel_card": (
        "Nach einem verlorenen Duell",
        "Après un duel perdu",
        "Dopo una sfida persa",
        "After a lost duel",
    ),
    "opt.duel_card.defender": (
        "Wer verliert, wählt die abgegebene Karte",
        "Le perdant choisit la carte qu'il donne",
        "Chi perde sceglie la carta da dare",
        "The loser chooses the card they give",
    ),
    "opt.duel_card.attacker": (
        "Wer gewinnt, wählt die genommene Karte",
        "Le gagnant choisit la carte qu'il prend",
        "Chi vince sceglie la carta da prendere",
        "The winner chooses the card they take",
    ),
    "opt.bet_cards": (
        "Wetten (Super-Version)",
        "Paris (version super)",
        "Scommesse (versione super)",
        "Super version bets",
    ),
    "opt.bet_cards.fourth": (
        "Auf die vierte Karte, sobald drei liegen (wie gedruckt)",
        "Sur la 4e carte, dès que trois sont posées (règle imprimée)",
        "Sulla quarta carta, appena ce ne sono tre (come stampato)",
        "On the fourth card, once three lie (as printed)",
    ),
    "opt.bet_cards.any": (
        "Auf jede Karte, sobald drei liegen (Variante)",
        "Sur chaque carte dès que trois sont posées (variante)",
        "Su ogni carta appena ce ne sono tre (variante)",
        "On any card once three lie (variant)",
    ),
    "opt.doubt_rule": (
        "Zweifel an einer falschen Platzierung",
        "Doute sur un placement faux",
        "Dubbio su una collocazione errata",
        "A doubt on a wrong placement",
    ),
    "opt.doubt_rule.founded": (
        "Gewinnt, welche Seite er auch nennt (deutsch, italienisch)",
        "Gagne quel que soit le côté indiqué (allemand, italien)",
        "Vince qualunque lato indichi (tedesco, italiano)",
        "Wins whichever side it names (German, Italian)",
    ),
    "opt.doubt_rule.side": (
        "Gewinnt nur auf der richtigen Seite (französischer Wortlaut)",
        "Ne gagne que du bon côté (texte français)",
        "Vince solo dal lato giusto (testo francese)",
        "Wins only on the right side (French wording)",
    ),
    "opt.broke_judges": (
        "Werten ohne Chips",
        "Juger sans jetons",
        "Giudicare senza gettoni",
        "Judging without chips",
    ),
    "opt.broke_judges.owe": (
        "Erlaubt: eine falsche Wertung wird geschuldet (bis −1 Chip)",
        "Permis : un jugement faux est dû (jusqu'à −1 jeton)",
        "Permesso: un giudizio sbagliato resta dovuto (fino a −1 gettone)",
        "Allowed: a wrong judgement is owed (down to −1 chip)",
    ),
    "opt.broke_judges.sit_out": (
        "Nur wer einen Chip hat, darf werten",
        "Seuls les joueurs ayant un jeton peuvent juger",
        "Solo chi ha un gettone può giudicare",
        "Only players with a chip may judge",
    ),
    "opt.bet_payout": (
        "Eine gewonnene Wette bringt",
        "Un pari gagné rapporte",
        "Una scommessa vinta rende",
        "A won bet pays",
    ),
    "opt.bet_payout.double": (
        "Den Einsatz doppelt zurück (deutsch, französisch)",
        "Le double de la mise (allemand, français)",
        "Il doppio della posta (tedesco, francese)",
        "The stake back doubled (German, French)",
    ),
    "opt.bet_payout.win_double": (
        "Den Einsatz zurück und das Doppelte dazu (italienischer Wortlaut)",
        "La mise rendue plus le double (texte italien)",
        "La posta restituita più il doppio (testo italiano)",
        "The stake back plus twice the stake (Italian wording)",
    ),
    # Dates on the cards, in words: {d} day, {m} month name, {y} year.
    "date.day_month_year": ("{d}. {m} {y}", "{d} {m} {y}", "{d} {m} {y}", "{d} {m} {y}"),
    "date.month_year": ("{m} {y}", "{m} {y}", "{m} {y}", "{m} {y}"),
    "date.first_day": ("1", "1er", "1º", "1"),
}
# Month names, "month.1" to "month.12".
_MONTHS = (
    ("Januar", "janvier", "gennaio", "January"),
    ("Februar", "février", "febbraio", "February"),
    ("März", "mars", "marzo", "March"),
    ("April", "avril", "aprile", "April"),
    ("Mai", "mai", "maggio", "May"),
    ("Juni", "juin", "giugno", "June"),
    ("Juli", "juillet", "luglio", "July"),
    ("August", "août", "agosto", "August"),
    ("September", "septembre", "settembre", "September"),
    ("Oktober", "octobre", "ottobre", "October"),
    ("November", "novembre", "novembre", "November"),
    ("Dezember", "décembre", "dicembre", "December"),
)
for _index, _names in enumerate(_MONTHS, start=1):
    _KEYS[f"month.{_index}"] = _names
# The player-count choices: "3 players" and so on.
for _n in range(2, 7):
    _KEYS[f"opt.players.{_n}"] = (
        f"{_n} Spielende",
        f"{_n} joueurs",
        f"{_n} giocatori",
        f"{_n} players",
    )

LABELS: dict[str, dict[str, str]] = {
    lang: {key: texts[i] for key, texts in _KEYS.items()} for i, lang in enumerate(LANGS)
}
"""Every label, by language and key."""


def date_words(label: str, lang: str) -> str:
    """A card's date label (``1291``, ``-58``, ``1476-03``, ``1476-03-02``) in words.

    ``2. März 1476``, ``2 mars 1476``, ``2 marzo 1476``, ``2 March 1476``:
    a written-out month cannot be read as 3 February the way ``02/03/1476``
    can.  The page fills the same label templates (``date.*``, ``month.*``,
    ``bc``), so the engine and the page print one date the same way.
    """
    texts = LABELS[lang if lang in LABELS else "en"]
    negative = label.startswith("-")
    parts = (label[1:] if negative else label).split("-")
    year = int(parts[0])
    year_text = texts["bc"].replace("{n}", str(year)) if negative else str(year)
    if len(parts) == 1:
        return year_text
    month = texts[f"month.{int(parts[1])}"]
    if len(parts) == 2:
        return texts["date.month_year"].replace("{m}", month).replace("{y}", year_text)
    day = int(parts[2])
    day_text = texts["date.first_day"] if day == 1 else str(day)
    template = texts["date.day_month_year"]
    return template.replace("{d}", day_text).replace("{m}", month).replace("{y}", year_text)


def labels(lang: str) -> dict[str, Any]:
    """The labels of one language (English for an unknown one)."""
    chosen = lang if lang in LABELS else "en"
    return {"lang": chosen, "labels": dict(LABELS[chosen])}
