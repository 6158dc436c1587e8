"""Which of a card's quantities a spoken figure is about, from the words around it.

"13 ms for the paste" claims the paste's prefill time, not the 500-token prompt's, though
13 ms is nearer the prompt's 8 ms; "125 conversations" is a count of conversations, never
the model's head size. A figure's *context* is the words of its clause near it, its own
unit's nouns first; a candidate's *vocabulary* is the words of its name and of the
question that asks for it. Both are folded onto a small set of canonical words (a
conversation is a sequence is a request; a paste is a document), and a candidate's
*affinity* to a figure sums the context words it shares, each weighted down by how many
of the figure's other candidates share it too (every time of a card is a "time"). A
figure that ends its clause's working also hears the clause's subject ("the KV read per
step is ..., so about half a gig"), as a weak word.

Plain string work over bounded text; nothing is evaluated.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: Words folded onto one canonical word: what an answer says, what a card names.
_SYNONYMS: dict[str, str] = {
    "conversation": "sequence", "conversations": "sequence", "seq": "sequence",
    "chat": "sequence", "session": "sequence", "context": "sequence",
    "request": "request", "req": "request", "query": "request", "queries": "request",
    "stream": "user", "streams": "user", "each": "user", "everyone": "user",
    "kv": "kv", "cache": "kv", "caches": "kv", "infiniband": "ib",
    "pass": "step", "iteration": "step", "tpot": "step",
    "paste": "paste", "document": "paste", "doc": "paste", "pasted": "paste",
    "floor": "floor", "minimum": "floor", "shortest": "floor", "fastest": "floor",
    "ceiling": "max", "cap": "max", "most": "max", "maximum": "max", "limit": "max",
    "max": "max", "caps": "max",
    "aggregate": "total", "overall": "total", "combined": "total", "whole": "total",
    "together": "total", "altogether": "total",
    "weights": "weight", "params": "param", "parameters": "param", "parameter": "param",
    "speedup": "speedup", "faster": "speedup", "gain": "gain", "win": "gain",
    "cheaper": "ratio", "ratio": "ratio", "saving": "ratio", "savings": "ratio",
    "cost": "cost", "price": "cost", "dollars": "cost", "cents": "cost", "pay": "cost",
    "free": "free", "left": "free", "headroom": "free", "remaining": "free",
    "spare": "free", "leaves": "free", "leaving": "free",
    "fit": "fit", "fits": "fit", "hold": "fit",
    "flight": "flight", "concurrent": "flight", "concurrency": "flight",
    "outstanding": "flight", "once": "flight",
    "arrival": "arrival", "arrivals": "arrival", "arrive": "arrival", "lambda": "arrival",
    "load": "arrival", "traffic": "arrival",
    "intensity": "intensity", "ridge": "ridge",
    "crossover": "flip", "cross": "flip", "crosses": "flip", "meet": "flip", "meets": "flip",
    "breakeven": "flip", "flips": "flip",
    "breach": "slow", "breaches": "slow", "breached": "slow", "slower": "slow",
    "original": "old", "previous": "old", "before": "old",
    "frozen": "frozen", "stall": "frozen", "stalls": "frozen", "lose": "frozen",
    "freeze": "frozen", "stalled": "frozen", "wait": "wait", "waits": "wait",
    "launch": "launch", "launches": "launch", "overhead": "launch",
    "fraction": "fraction", "share": "fraction", "portion": "fraction",
    "utilization": "utilization", "util": "utilization", "utilized": "utilization",
    "busy": "utilization", "rho": "utilization",
    "mbu": "mbu", "bandwidth": "bandwidth", "achieved": "achieved",
    "sd": "deviation", "stdev": "deviation", "deviation": "deviation",
    "peak": "peak", "compute": "flop", "math": "flop",
    "prompt": "prompt", "prefill": "prefill",
    "latency": "time", "takes": "time", "long": "time", "time": "time",
    "growth": "growth", "grows": "growth", "grow": "growth", "went": "growth",
    "rises": "growth", "increase": "growth", "longer": "growth", "up": "growth",
    "tail": "tail", "above": "tail", "below": "below", "under": "below",
    "single": "single", "alone": "single", "solo": "single", "one": "single",
    "batched": "batch", "batch": "batch", "batching": "batch", "m": "batch",
    "gpus": "gpu", "gpu": "gpu", "memory": "memory", "hbm": "memory",
    "tokens": "token", "token": "token", "steps": "step",
    "layers": "layer", "heads": "head", "users": "user",
}
_STOP = frozenset({
    "the", "a", "an", "of", "is", "it", "its", "it's", "that", "that's", "this", "so", "and",
    "to", "in", "on", "at", "for", "with", "by", "about", "around", "roughly", "just", "be",
    "are", "was", "which", "what", "how", "you", "we", "i", "i'd", "get", "gives", "give",
    "s", "ms", "per", "or", "as", "than", "then", "like", "call", "basically", "only", "do",
    "does", "can", "could", "would", "there", "they", "their", "them", "approximately",
    "almost", "nearly", "some", "mean", "means", "my", "our", "your", "into", "from",
    "over", "divided", "plus", "minus", "times", "x", "each's",
})
#: Letters that name a quantity on their own: a GEMM's m (its batch), n and k, Little's
#: λ, ρ and W.
_LETTERS = frozenset({"λ", "ρ", "m", "n", "k", "w"})
_WORDS = re.compile(r"[A-Za-zλρ][A-Za-z0-9'λρ]*")
#: What ends the words a figure's context may reach: the sentence.
_SENTENCE_END = re.compile(r"[.;!?](?:\s|$)|\n")


def sentence_start(text: str, at: int) -> int:
    """Where the sentence holding ``text[at]`` starts (a decimal point ends none)."""
    return max((m.end() for m in _SENTENCE_END.finditer(text, 0, at)), default=0)


def sentence_end(text: str, at: int) -> int:
    """Where the sentence holding ``text[at]`` ends (before its full stop)."""
    stop = _SENTENCE_END.search(text, at)
    return stop.start() if stop else len(text)
#: Where the words after a figure turn to another: "20.6 days, which in GPU-hours is".
_NEXT_CLAUSE = re.compile(r",\s*(?:which|so|or|and\s+so|and\s+(?:with|at|for|on)|while"
                          r"|whereas)\b", re.IGNORECASE)
#: A clause that opens on a rate or a place just before its figure: ", and at".
_OPENED = re.compile(r",\s+(?:and|so|but)\s+(?=(?:at|with)\s*$)", re.IGNORECASE)
#: How far a context reaches: words before the figure, words after its unit.
BEFORE, AFTER = 7, 4


def canonical(word: str) -> str | None:
    """The canonical form of ``word``, or None for a word that carries no meaning here."""
    low = word.casefold().strip("'")
    if low not in _STOP and low.endswith("'s"):
        low = low[:-2]  # "the total's about 132": the total
    if low in _STOP or (len(low) < 2 and low not in _LETTERS):
        return None
    if low in _SYNONYMS:
        return _SYNONYMS[low]
    if low.endswith("s") and low[:-1] in _SYNONYMS:
        return _SYNONYMS[low[:-1]]
    return low[:-1] if low.endswith("s") and len(low) > 3 else low


#: A word joined by a hyphen, also said as one word ("all-reduce" is an allreduce).
_HYPHENATED = re.compile(r"\b([A-Za-z]+)-([A-Za-z]+)\b")


def words_of(text: str) -> list[str]:
    found = []
    plain = _HYPHENATED.sub(r"\1-\2 \1\2", text.replace("_", " ").replace(".", " "))
    for match in _WORDS.finditer(plain):
        word = canonical(match.group())
        if word is not None:
            found.append(word)
    return found


@dataclass(frozen=True, slots=True)
class Context:
    """The words around one figure, each with how much it says (the figure's own unit
    nouns most, the words just before it next)."""

    weights: tuple[tuple[str, float], ...]

    def words(self) -> frozenset[str]:
        return frozenset(word for word, _ in self.weights)


#: A clause's verb: what its subject is said to be, read, take or hold.
_VERB = re.compile(r"\b(?:is|are|was|were|has|have|gets|reads|takes|holds|costs|needs|moves"
                   r"|comes\s+to)\b",
                   re.IGNORECASE)
#: Where a second clause may start inside a sentence: "16 gigs and the KV read per step is".
_CLAUSE_START = re.compile(r",\s+|\s+and\s+|;\s*", re.IGNORECASE)
#: Words that lead from a clause's verb to its result: "is about", "so roughly".
_TO_RESULT = frozenset({"is", "are", "so", "about", "roughly", "around", "then", "that's",
                        "which", "gives", "comes", "to", "call", "it", "just", "under",
                        "over", "nearly", "almost", "approximately"})
#: A word that may open a clause of its own after a verb: "..., so each user sees".
_TURN = re.compile(r"\b(?:so|and|but|then|while|where)\s+([A-Za-z']+)", re.IGNORECASE)
#: Where a clause ends inside a sentence: ", and the hot expert takes ...".
_CLAUSE_END = re.compile(r",\s+(?:and|so|but|while)\s+|;\s*", re.IGNORECASE)
#: How many words a clause's subject may run to.
_SUBJECT_WORDS = 6


def subject_of(text: str, start: int, bounds: tuple[int, int]) -> list[str]:
    """The subject of the clause whose result is the figure at ``text[start]``, when that
    figure ends the clause and only words leading to a result stand between it and the
    figure before ("the KV read per step is 4,096 tokens at 128 KiB, so about half a gig":
    the half gig is the KV read per step). Empty otherwise."""
    low, high = bounds
    lead = [word.strip(",") for word in text[low:start].casefold().split()]
    if any(word and word not in _TO_RESULT for word in lead):
        return []
    stop = sentence_end(text, start)
    turn = _CLAUSE_END.search(text, start, stop)
    if high < (turn.start() if turn else stop):
        return []  # not the clause's last figure: a step of its working
    first = sentence_start(text, start)
    for verb in reversed(list(_VERB.finditer(text, first, start))):
        head = text[first:verb.start()]
        # The clause nearest the verb: "... 16 gigs and the KV read per step is".
        opening = max((m.end() for m in _CLAUSE_START.finditer(head)), default=0)
        subject = head[opening:]
        if any(c.isdigit() for c in subject):
            continue  # "128 KiB a token is": a figure's words, not a subject
        if len(subject.split()) > _SUBJECT_WORDS:
            continue
        # "A check costs 20 ms, so each user sees ...": the figure is another clause's.
        turns = (m.group(1).casefold() for m in _TURN.finditer(text, verb.end(), start))
        return [] if any(w not in _TO_RESULT for w in turns) else words_of(subject)
    return []


def context_of(text: str, start: int, end: int, unit: str = "",
               bounds: tuple[int, int] | None = None) -> Context:
    """The context of the figure at ``text[start:end]`` (``unit``: its unit's words;
    ``bounds``: the ends of the figures before and after it, which it does not reach past,
    as the words beside another figure are about that one)."""
    low, high = bounds or (0, len(text))
    head = text[low:start]
    stop = max((m.end() for m in _SENTENCE_END.finditer(head)), default=0)
    # A clause of its own opened just before the figure ("..., and at 10 ms a token"):
    # the words of the clause before are about that one.
    opened = _OPENED.search(head, stop)
    if opened is not None:
        stop = opened.end()
    before = words_of(head[stop:])[-BEFORE:]
    tail = text[end:max(high, end)]
    ends = [m.start() for m in (_SENTENCE_END.search(tail), _NEXT_CLAUSE.search(tail)) if m]
    after = words_of(tail[:min(ends, default=len(tail))])[:AFTER]
    weights: dict[str, float] = {}
    for word in words_of(unit):
        weights[word] = max(weights.get(word, 0.0), 2.0)
    for distance, word in enumerate(reversed(before)):
        weights[word] = max(weights.get(word, 0.0), 1.5 if distance < 3 else 1.0)
    for distance, word in enumerate(after):
        weights[word] = max(weights.get(word, 0.0), 1.0 if distance < 2 else 0.5)
    return Context(tuple(weights.items()))


def vocabulary(*texts: str) -> frozenset[str]:
    """The canonical words of a candidate's name and question."""
    found: set[str] = set()
    for text in texts:
        found.update(words_of(text))
    return frozenset(found)


def affinities(context: Context, vocabularies: Sequence[Iterable[str]],
               groups: Sequence[str] | None = None) -> list[float]:
    """How strongly ``context`` points at each vocabulary, a word shared by many of them
    counting for less (``groups``: what each vocabulary names; those naming one quantity,
    as its slips name the quantity they are mistaken for, share a word as one)."""
    sets = [frozenset(v) for v in vocabularies]
    names = list(groups) if groups is not None else [str(i) for i in range(len(sets))]
    scores = []
    for vocab in sets:
        score = 0.0
        for word, weight in context.weights:
            if word in vocab:
                sharing = len({name for name, other in zip(names, sets, strict=True)
                               if word in other})
                score += weight / sharing
        scores.append(score)
    return scores
