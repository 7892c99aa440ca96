"""What the pages show, as pure functions of the game state: no threads, no store, no I/O.

The table page and the phones get their texts and numbers from here: the danger
forecast (public facts only), why the river moves this many discs, the banner saying
what happens now, the public state, and the choices a player's card allows.

>>> from companion.state import new_game
>>> state = new_game(["red", "green", "yellow"])
>>> banner(state)
'Round 1, phase 1: everyone chooses a paddle card in secret. Still choosing: Red, Green, Yellow.'
>>> forecast(public_state(state))["text"]
'The river will move between 0 and 8 discs this round.'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

from companion import events as ev
from companion import rules
from companion import text as tx
from companion.actions import Action, ChooseCard, Paddle, Recover, Step, Weather
from companion.board import (
    CARDS,
    LOST,
    Arm,
    path_down,
    path_up,
)
from companion.errors import InvalidActionError
from companion.forecast import forecast as forecast
from companion.forecast import reachable_weather as reachable_weather
from companion.state import GameState, Phase
from companion.text import N_, Listing, Nn_, Text, join

# -- what a page may know ----------------------------------------------------------------
# The danger forecast (``forecast``, ``reachable_weather``) is the engine's
# (``companion.forecast``): the practice partner's hints use it too.


def seating(players: Sequence[str], first: object = None) -> list[str]:
    """The players in seating order (clockwise) starting with the buoy's holder.

    >>> seating(["red", "blue", "green", "yellow"], "green")
    ['green', 'yellow', 'red', 'blue']
    >>> seating(["red", "blue", "green"])
    ['red', 'blue', 'green']
    """
    order = list(players)
    if first is None or first == "":
        return order
    if not isinstance(first, str) or first not in order:
        raise InvalidActionError(N_(
            "The buoy must go to one of the players ({players}), not {first}.",
            players=Listing([tx.colour(str(p)) for p in order], last=","), first=repr(first)))
    i = order.index(first)
    return order[i:] + order[:i]


def river_why(state: GameState) -> Text:
    """Why the river moves this many discs, and what a pushed disc does (phase 3: every
    card has been revealed, so this is public)."""
    discs = rules.river_discs(state)
    base = rules.river_base(state)
    played = state.played()
    if base:
        who = Listing([tx.colour(p) for p in state.turn_order() if played.get(p) == base])
        card = N_("The lowest number card played this round is {base} ({players})",
                  base=base, players=who)
    else:
        card = N_("Everyone played the cloud, so no number card counts (0)")
    weather = state.weather
    wx = (N_("the weather adds nothing (0)") if weather == 0 else
          N_("the weather adds {n}", n=weather) if weather > 0 else
          N_("the weather takes {n} away ({weather:+d})", n=-weather, weather=weather))
    total = f"{base} {'+' if weather >= 0 else '−'} {abs(weather)} = {base + weather}"
    question = Nn_("Why {n} disc?", "Why {n} discs?", discs)
    if base + weather < 0:
        answer = N_("{card}, and {weather}: {sum}; the river never moves backwards, so 0.",
                    card=card, weather=wx, sum=total)
    else:
        answer = N_("{card}, and {weather}: {sum}.", card=card, weather=wx, sum=total)
    if not discs:
        return join([question, answer])
    return join([question, answer, N_(
        "Each disc pushed in at the top moves the discs, and the canoes on them, one slot "
        "downstream. At the fork the discs take the left and right arms in turn; only that "
        "arm moves, and the disc at its end goes over the falls with any canoe on it.")])


def public_state(state: GameState) -> dict[str, Any]:
    """What everyone at the table may know (no secret card, no hand that gives one away)."""
    data = state.to_json(reveal=False)
    data["turn_order"] = list(state.turn_order())
    data.pop("chosen", None)
    return data


def _end_of(position: str, steps: Iterable[Step]) -> str:
    at = position
    for step in steps:
        if step.op == "down":
            path = path_down(at, step.n, cast(Arm | None, step.arg))
            at = path[-1] if path else at
        elif step.op == "up":
            path = path_up(at, step.n)
            at = path[-1] if path else at
    return at


def step_points(steps: Iterable[Step]) -> int:
    """The paddle points a canoe's steps use: one a slot, two to load or unload a gem.

    >>> step_points([Step.parse("down 2"), Step.parse("load violet")])
    4
    """
    total = 0
    for step in steps:
        if step.op in ("down", "up"):
            total += step.n
        elif step.op in ("load", "unload"):
            total += 2
    return total


def _path_of(position: str, steps: Iterable[Step]) -> list[str]:
    """Every place a canoe passes, from where it starts to where it ends."""
    path = [position]
    for step in steps:
        if step.op == "down":
            path += path_down(path[-1], step.n, cast(Arm | None, step.arg)) or []
        elif step.op == "up":
            path += path_up(path[-1], step.n) or []
    return path


def describe_action_safely(action: Action) -> Text:
    """A plain sentence for an action that was undone, never naming a secret card."""
    who = tx.colour(action.player or "")
    if isinstance(action, ChooseCard):
        return N_("{player}'s card choice was taken back: {player} chooses again.", player=who)
    if isinstance(action, Recover):
        return N_("{player}'s buy-back of a canoe was taken back.", player=who)
    if isinstance(action, Weather):
        return N_("{player}'s weather move was taken back.", player=who)
    if isinstance(action, Paddle):
        return N_("{player}'s canoe move was taken back.", player=who)
    return N_("The river move was taken back: put the discs and canoes back.")


def banner(state: GameState) -> Text:
    """One sentence for the top of the table page: what happens now."""
    if state.phase is Phase.OVER:
        out = rules.outcome(state)
        if out is None:
            return N_("The game is over.")
        return N_("The game is over. {outcome}", outcome=out.describe())
    if state.phase is Phase.CHOOSE:
        waiting = [tx.colour(p) for p in state.players if p not in state.chosen]
        return N_("Round {round}, phase 1: everyone chooses a paddle card in secret. Still "
                  "choosing: {players}.", round=state.round,
                  players=Listing(waiting, last=","))
    if state.phase is Phase.ACTIONS:
        who = tx.colour(state.to_play or "")
        card = state.played().get(state.to_play or "")
        if card == "cloud":
            return N_("Phase 2: {player} plays the cloud: move the weather one space.",
                      player=who)
        return N_("Phase 2: {player} plays a {card}: paddle.", player=who, card=card)
    discs = rules.river_discs(state)
    arms = Listing(map(tx.arm, rules.predicted_arms(state)), last=",")
    base = rules.river_base(state)
    text = ev.RiverMoved(discs, (), base, state.weather).describe()
    if discs == 0:
        return N_("Phase 3: {river} Tap done to go on.", river=text)
    return Nn_("Phase 3: {river} Push {n} disc in at the top, one at a time (expected at the "
               "fork: {arms}).",
               "Phase 3: {river} Push {n} discs in at the top, one at a time (expected at "
               "the fork: {arms}).", discs, river=text, arms=arms)


def river_view(state: GameState, confirmed: int) -> dict[str, Any] | None:
    """Phase 3 for the pages: how many discs, why, the expected arms and how many discs
    the camera (or the table) has confirmed so far; None outside phase 3."""
    if state.phase is not Phase.RIVER:
        return None
    discs = rules.river_discs(state)
    base = rules.river_base(state)
    return {"discs": discs, "base": base, "weather": state.weather,
            "predicted_arms": list(rules.predicted_arms(state)),
            "confirmed": confirmed, "why": river_why(state),
            "text": ev.RiverMoved(discs, (), base, state.weather).describe(),
            "frames": river_frames(state)}


def turn_options(state: GameState, player: str) -> list[dict[str, Any]]:
    """Every distinct legal result of ``player``'s turn (it must be their turn), for the
    phone to highlight: the action, each canoe's move and a sentence."""
    card = state.chosen[player]
    options: list[dict[str, Any]] = []
    if card == "cloud":
        for action in rules.legal_actions(state, player):
            assert isinstance(action, Weather)
            new = state.weather + (1 if action.direction == "up" else -1)
            text = (N_("Move the cloud up: weather {weather:+d}", weather=new)
                    if action.direction == "up" else
                    N_("Move the cloud down: weather {weather:+d}", weather=new))
            options.append({"action": action.to_json(), "moves": [], "text": text})
        return options
    for result in rules.turn_results(state, player, card):
        paddle = result.action
        assert isinstance(paddle, Paddle)
        _, events = rules.apply(state, paddle)
        moves = [{"from": m.start, "to": _end_of(m.start, m.steps),
                  "gem": m.carrying if m.carrying != "any" else None,
                  "steps": [s.text() for s in m.steps], "points": step_points(m.steps),
                  "path": _path_of(m.start, m.steps)}
                 for m in paddle.canoes]
        said = [e.describe() for e in events if e.kind not in ("card_revealed", "game_won")]
        options.append({"action": result.action.to_json(), "moves": moves,
                        "text": join(said) if said else N_("No canoe can move.")})
    return options


def event_text(state: GameState, action: Action) -> Text:
    """What ``action`` does, in the words of its events (the secret reveal left out)."""
    _, events = rules.apply(state, action)
    return join([e.describe() for e in events if e.kind != "card_revealed"])


# -- player panels, the river's animation, the end of the game, undo ---------------------

GOALS: tuple[tuple[str, Text, int], ...] = (
    ("colour", N_("4 gems of one colour"), 4),
    ("colours", N_("5 different colours"), 5),
    ("total", N_("7 gems"), 7),
)
"""The three winning goals: key, words, how many gems."""


def goal_progress(reserve: Mapping[str, int]) -> list[dict[str, Any]]:
    """How far a reserve is towards each of the three goals (capped at the goal).

    >>> [(g["key"], g["have"], g["need"]) for g in goal_progress({"pink": 2, "blue": 1})]
    [('colour', 2, 4), ('colours', 2, 5), ('total', 3, 7)]
    >>> goal_progress({"pink": 5})[0]["reached"], goal_progress({"pink": 5})[0]["have"]
    (True, 4)
    """
    counts = {c: int(n) for c, n in reserve.items() if int(n) > 0}
    best = max(counts.values(), default=0)
    best_colour = max(counts, key=lambda c: counts[c]) if counts else None
    have = {"colour": best, "colours": len(counts), "total": sum(counts.values())}
    out = []
    for key, words, need in GOALS:
        n = have[key]
        item: dict[str, Any] = {"key": key, "text": words, "have": min(n, need), "need": need,
                                "reached": n >= need}
        if key == "colour":
            item["colour"] = best_colour
        out.append(item)
    return out


def _canoe_words(canoe: Mapping[str, Any]) -> Text:
    at, cargo = canoe["at"], canoe.get("gem")
    if at == LOST:
        return N_("lost over the falls")
    if cargo:
        return N_("on {at} with a {gem} gem", at=tx.place(at), gem=tx.gem(cargo))
    return N_("on {at}", at=tx.place(at))


def player_panel(public: Mapping[str, Any], player: str) -> dict[str, Any]:
    """One player's panel for the table and the phones, from public facts only
    (``public_state``): gems by colour, progress towards each goal, canoes, the cards
    played this cycle (a locked card stays hidden), the buoy and what they do now.

    >>> from companion.state import new_game
    >>> panel = player_panel(public_state(new_game(["red", "green", "yellow"])), "green")
    >>> panel["gems"]["pink"], panel["played"], panel["status"], panel["canoes"][0]["text"]
    (0, [], 'choosing a card…', 'on the beach')
    """
    from companion.board import GEM_COLOURS

    reserve = public["reserves"][player]
    played_now = public["played"]
    hand = public["hands"][player]
    played_cycle = [c for c in CARDS if c not in hand]
    phase = public["phase"]
    status: Text | str
    if phase == "over":
        status = N_("wins!") if player in public.get("winners", []) else N_("game over")
    elif public.get("to_play") == player:
        card = played_now.get(player)
        status = (N_("moves the cloud") if card == "cloud" else
                  N_("to play: paddles {card}", card=card))
    elif player in played_now:
        card = played_now[player]
        status = N_("played the cloud") if card == "cloud" else N_("played {card}", card=card)
    elif player in public["locked"]:
        status = N_("card locked in ✓")
    elif phase == "choose":
        status = N_("choosing a card…")
    else:
        status = ""
    canoes = [{"at": c["at"], "gem": c.get("gem"), "text": _canoe_words(c)}
              for c in public["canoes"][player]]
    lost = sum(1 for c in canoes if c["at"] == LOST)
    gems = sum(int(n) for n in reserve.values())
    if not lost or phase == "over":
        note = None
    elif lost == 2 and not gems:
        note = N_("Both canoes lost and no gem to pay: one comes back to the beach for free "
                  "at the start of the round.")
    elif lost == 2:
        note = N_("Both canoes lost: each comes back to the beach for one gem from the "
                  "reserve, at the start of a round.")
    else:
        note = N_("A canoe lost: it comes back to the beach for one gem from the reserve, at "
                  "the start of a round.")
    return {
        "player": player,
        "buoy": public["first_player"] == player,
        "to_play": public.get("to_play") == player,
        "status": status,
        "gems": {c: int(reserve.get(c, 0)) for c in GEM_COLOURS},
        "gem_total": sum(int(n) for n in reserve.values()),
        "goals": goal_progress(reserve),
        "canoes": canoes,
        "lost": lost,
        "note": note,
        "played": played_cycle,
        "cards_left": len(hand),
    }


def player_panels(public: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every player's panel, in seating order."""
    return [player_panel(public, p) for p in public["players"]]


def river_frames(state: GameState, arms: Sequence[Arm] | None = None) -> list[dict[str, Any]]:
    """Phase 3, disc by disc (the predicted arms unless ``arms`` is given): where every
    canoe is after each disc, and which went over the falls with it. Canoes are named
    ``"<player>:<index>"`` (Diamanten Joe ``"joe"``). Public: every card is revealed.

    >>> from companion.state import new_game, canoe
    >>> s = new_game(["red", "green", "yellow"])
    >>> s = s.replace(canoes=s.canoes.set("red", (canoe("L2"), canoe("T1"))))
    >>> frames = river_frames(s, ["left", "right"])
    >>> [(f["disc"], f["arm"], f["canoes"]["red:0"], f["fell"]) for f in frames]
    [(1, 'left', 'lost', ['red:0']), (2, 'right', 'lost', [])]
    """
    taken = list(arms) if arms is not None else list(rules.predicted_arms(state))
    where: dict[str, str] = {}
    for p in state.players:
        for i, c in enumerate(state.canoes[p]):
            where[f"{p}:{i}"] = c.at
    if state.joe is not None:
        where["joe"] = state.joe.at
    frames = []
    for number, arm in enumerate(taken, start=1):
        fell = []
        for name, at in where.items():
            new = rules.push_position(at, arm)
            if new == LOST and at != LOST:
                fell.append(name)
            where[name] = new
        frames.append({"disc": number, "arm": arm, "canoes": dict(where), "fell": fell})
    return frames


def river_surprise(before: GameState, events: Sequence[Any], version: int
                   ) -> dict[str, Any] | None:
    """The river's move just made, when the discs took other arms than predicted:
    the arms taken and expected, and the frames with the arms taken (the table page
    animated the predicted arms during phase 3, so it plays the real move again).
    None when the move went as predicted or nothing moved.

    >>> from companion.state import new_game, canoe
    >>> from companion import rules
    >>> from companion.actions import MoveRiver
    >>> s = new_game(["red", "green", "yellow"])
    >>> s = s.replace(phase=rules.Phase.RIVER, chosen=s.chosen.set("red", 2))
    >>> after, events = rules.apply(s, MoveRiver(("right", "right")))
    >>> surprise = river_surprise(s, events, 1)
    >>> surprise["arms"], surprise["predicted"], len(surprise["frames"])
    (['right', 'right'], ['left', 'right'], 2)
    >>> river_surprise(s, rules.apply(s, MoveRiver(None))[1], 1) is None
    True
    """
    moved = next((e for e in events if e.kind == "river_moved"), None)
    if moved is None or not moved.arms:
        return None
    taken = list(moved.arms)
    predicted = list(rules.predicted_arms(before))
    if taken == predicted[:len(taken)]:
        return None
    return {"version": version, "arms": taken, "predicted": predicted,
            "frames": river_frames(before, taken),
            "text": N_("The discs took other arms than expected ({arms}; expected "
                       "{expected}): here is the river's real move.",
                       arms=Listing(map(tx.arm, taken), last=","),
                       expected=Listing(map(tx.arm, predicted), last=","))}


def final_summary(state: GameState) -> dict[str, Any] | None:
    """The end of the game for the pages: the winners in words, and for every player
    their gems, their goals and the goal reached (None while the game goes on)."""
    out = rules.outcome(state)
    if out is None:
        return None
    public = public_state(state)
    names = [tx.colour(p) for p in out.winners]
    if not names:
        headline = N_("The game is over.")
    elif len(names) == 1:
        headline = N_("{player} wins!", player=names[0])
    else:
        headline = N_("{players} win!", players=Listing(names))
    players = []
    for p in state.players:
        panel = player_panel(public, p)
        players.append({"player": p, "winner": p in out.winners,
                        "reached": out.reasons.get(p), "gems": panel["gems"],
                        "gem_total": panel["gem_total"], "goals": panel["goals"]})
    players.sort(key=lambda x: (not x["winner"], x["reached"] is None, -x["gem_total"]))
    return {"winners": list(out.winners), "headline": headline, "why": out.describe(),
            "rounds": state.round, "players": players}


def undo_text(state: GameState, action: Action) -> Text:
    """What "Undo" would take back, for the table's confirm: never a secret card.

    ``state`` is the state after ``action`` (now).

    >>> from companion.state import new_game
    >>> s = new_game(["red", "green", "yellow"])
    >>> undo_text(s, ChooseCard("red", 6))
    "Red's secret card for round 1 (Red chooses again)"
    """
    who = tx.colour(action.player or "")
    round_ = state.round
    if isinstance(action, ChooseCard):
        return N_("{player}'s secret card for round {round} ({player} chooses again)",
                  player=who, round=round_)
    if isinstance(action, Recover):
        return N_("{player}'s buy-back of a canoe in round {round}", player=who, round=round_)
    if isinstance(action, Weather) and action.direction == "up":
        return N_("{player}'s cloud in round {round} (the weather moved up)", player=who,
                  round=round_)
    if isinstance(action, Weather):
        return N_("{player}'s cloud in round {round} (the weather moved down)", player=who,
                  round=round_)
    if isinstance(action, Paddle):
        return N_("{player}'s canoe move in round {round} (put the canoes back as they were)",
                  player=who, round=round_)
    return N_("the river move of round {round} (put the discs and canoes back as they were)",
              round=max(1, round_ - 1))


def phase_help(state: GameState) -> Text:
    """What the current phase is about, for learners (the explanation over the board).

    >>> from companion.state import new_game
    >>> phase_help(new_game(["red", "green", "yellow"])).startswith("Phase 1")
    True
    """
    if state.phase is Phase.CHOOSE:
        return N_("Phase 1 of 3: every player picks one paddle card on their phone, in "
                  "secret. A number card paddles a canoe that many points (one point a slot, "
                  "two to load or unload a gem); the cloud moves the weather instead. When "
                  "everyone has locked in, the cards are revealed. A player whose canoe went "
                  "over the falls may first buy it back with a gem from their reserve (for "
                  "free if they have no gem and lost both canoes).")
    if state.phase is Phase.ACTIONS:
        return N_("Phase 2 of 3: starting with the buoy's holder, each player in turn moves "
                  "with the card they revealed: paddle one or both canoes, load a gem at a "
                  "deposit, bring gems back to the beach, or move the weather with the cloud. "
                  "The player to play enters the move on their phone, then makes it on the "
                  "board.")
    if state.phase is Phase.RIVER:
        return N_("Phase 3 of 3: {why} Watch the board: each disc shows who goes over the "
                  "falls.", why=river_why(state))
    return N_("The game is over: a player won by bringing to the beach 4 gems of one colour, "
              "5 gems of different colours, or 7 gems in all.")
