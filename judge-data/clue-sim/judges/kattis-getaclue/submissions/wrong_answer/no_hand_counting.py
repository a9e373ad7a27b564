# Wrong: it reasons about every pass and every show, but never counts hand
# sizes. For each murderer, weapon and room that could be in the envelope, it
# checks that every "this player showed one of these cards" can still be
# met by a card that player may hold; a letter is printed when one envelope
# card is left in its category. It misses what the counts force: a player
# whose four cards have all been seen holds nothing else
# (secret/counting-a-full-hand-leaves-the-envelope).
import sys
from itertools import product

PERSONS, WEAPONS, ROOMS = "ABCDEF", "GHIJKL", "MNOPQRSTU"

def main():
    tokens = sys.stdin.read().split()
    n = int(tokens[0])
    mine = set(tokens[1:6])
    owner = {card: 1 for card in mine}  # known holders
    excluded = {p: set() for p in range(1, 5)}  # cards a player does not hold
    excluded[1] = set(PERSONS + WEAPONS + ROOMS) - mine
    holds_one_of = []  # (player, cards)
    at = 6
    for index in range(n):
        suggester = index % 4 + 1
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
    for card, player in owner.items():
        for other in range(1, 5):
            if other != player:
                excluded[other].add(card)

    def consistent(envelope):
        if any(card in owner for card in envelope):
            return False
        # Every card outside the envelope is held by somebody who may hold it.
        for card in PERSONS + WEAPONS + ROOMS:
            if card not in envelope and all(card in excluded[p] for p in range(1, 5)):
                return False
        for player, cards in holds_one_of:
            if not any(c not in envelope and c not in excluded[player] for c in cards):
                return False
        return True

    triples = [t for t in product(PERSONS, WEAPONS, ROOMS) if consistent(t)]
    answer = ""
    for category in range(3):
        seen = {t[category] for t in triples}
        answer += seen.pop() if len(seen) == 1 else "?"
    print(answer)

main()
