# Wrong (rule: suggestion i is made by player ((i - 1) mod 4) + 1). Read as
# player (i mod 4) + 1 with i counting from 1, so the first suggestion is
# player 2's. Otherwise right: for each envelope that could be it, a search
# for a deal that explains every pass and show with hands of 5, 5, 4 and 4
# cards; a letter is printed when one envelope card is left in its category.
import sys
from itertools import product

PERSONS, WEAPONS, ROOMS = "ABCDEF", "GHIJKL", "MNOPQRSTU"
CARDS = PERSONS + WEAPONS + ROOMS
HAND = {1: 5, 2: 5, 3: 4, 4: 4}
GROUPS = [(2,), (3,), (4,), (2, 3), (2, 4), (3, 4), (2, 3, 4)]

def main():
    tokens = sys.stdin.read().split()
    n = int(tokens[0])
    mine = set(tokens[1:6])
    owner = {card: 1 for card in mine}  # known holders
    excluded = {p: set() for p in range(1, 5)}  # cards a player does not hold
    excluded[1] = set(CARDS) - mine
    holds_one_of = []  # (player, cards)
    at = 6
    for i in range(1, n + 1):
        suggester = i % 4 + 1
        cards = tokens[at:at + 3]
        at += 3
        for step in range(1, 4):
            responder = (suggester - 1 + step) % 4 + 1
            response = tokens[at]
            at += 1
            if response == "-":
                excluded[responder].update(cards)
                continue
            if response == "*":
                holds_one_of.append((responder, cards))
            else:
                owner[response] = responder
            break

    def fits(envelope, held):
        # The free cards can be dealt to the room left in players 2 to 4.
        room = {p: HAND[p] for p in (2, 3, 4)}
        for player in held.values():
            if player != 1:
                room[player] -= 1
                if room[player] < 0:
                    return False
        only = {group: 0 for group in GROUPS}
        for card in CARDS:
            if card in envelope or card in held:
                continue
            may = tuple(p for p in (2, 3, 4) if card not in excluded[p])
            if not may:
                return False
            for group in GROUPS:
                if all(p in group for p in may):
                    only[group] += 1
        return all(only[g] <= sum(room[p] for p in g) for g in GROUPS)

    def explain(envelope, held, failed):
        key = frozenset(held.items())
        if key in failed or not fits(envelope, held):
            return False
        for player, cards in holds_one_of:
            if any(held.get(c) == player for c in cards):
                continue
            for card in cards:
                if card in envelope or card in held or card in excluded[player]:
                    continue
                held[card] = player
                found = explain(envelope, held, failed)
                del held[card]
                if found:
                    return True
            failed.add(key)
            return False
        return True

    def consistent(envelope):
        if any(card in owner for card in envelope):
            return False
        for card, player in owner.items():
            if card in excluded[player]:
                return False
        return explain(envelope, dict(owner), set())

    triples = [t for t in product(PERSONS, WEAPONS, ROOMS) if consistent(t)]
    answer = ""
    for category in range(3):
        seen = {t[category] for t in triples}
        answer += seen.pop() if len(seen) == 1 else "?"
    print(answer)

main()
