"""What a figure said is not a claim of: the words around it set it aside.

"not 3×", "rather than 500 steps", a what-if's need ("to hit 300 you'd need 4.8 TB/s"), the
6× "you'd get" by multiplying, a figure taken back ("4 teraflop, wait, no, 8") or called
wrong ("the 32x intuition is wrong"), where a change starts ("down from 209", "from 16
bits to 4"), a naive take ("naively ... batch 295") and an example ("say a forty
millisecond TPOT"). Plain string work; nothing is evaluated.
"""

from __future__ import annotations

import re

from drill.explaining.meaning import sentence_start

#: Words that set the figure after them aside: "not 3×", "nowhere near the 6×".
_SET_ASIDE = re.compile(r"\b(?:not|(?:is|are|was|were)n't|nowhere\s+near|nothing\s+like"
                        r"|(?:doesn't|does\s+not|don't|do\s+not)\s+(?:mean|make\s+it|get\s+you)"
                        r"|(?:don't|doesn't|didn't|won't|wouldn't|do\s+not|does\s+not|did\s+not"
                        r"|will\s+not)\s+(?:get|become|be|go|run|end\s+up)"
                        r"|rather\s+than|instead\s+of"
                        r"|never|short\s+of"
                        r"|far\s+from|if\s+(?:it|that|this)\s+(?:were|was)(?:\s+like)?"
                        r"|the\s+usual|the\s+naive|the\s+textbook"
                        r"|the\s+(?:usual|naive|textbook|standard|classic)\s+(?:[\w-]+\s+){0,3}?"
                        r"(?:estimate|number|figure|answer)\s+(?:of|is|says)"
                        r"|(?:never|not|no)\s+(?:more|less|fewer)\s+than"
                        r"|\bnot\s+(?:\S+\s+){1,3}(?:or|nor)"
                        r"|\bsay\s+(?:a|an)"
                        r"|(?:less|more|lower|higher|smaller|bigger|greater|fewer)\s+than"
                        r"\s+(?:the|that|those|your))"
                        r"(?:\s+(?:the|a|an|about|even|quite|some|exactly|just))?\s*$",
                        re.IGNORECASE)
#: Words after a figure that make it hypothetical: "the 6× you'd get if ...".
_HYPOTHETICAL = re.compile(r"^[^,.;:!?]{0,16}?\b(?:you'd|you\s+would|we'd|if\s+you|if\s+we)\b",
                           re.IGNORECASE)


def contrasted(text: str, start: int, end: int) -> bool:
    """Whether the figure at ``text[start:end]`` is set aside rather than claimed: right
    after "not" or "rather than" in its own clause, said as what one would need, followed
    by "you'd get" or "if you", or taken back ("4 teraflop, wait, no, 8")."""
    before = text[max(0, start - 40):start]
    after = text[end:end + 40]
    wider = text[max(0, start - 80):start]
    # "would need about three times what the memory can feed": a ratio of the card's own.
    needed = _NEEDED.search(wider) is not None and _OF_WHAT.match(after) is None
    return (_SET_ASIDE.search(wider) is not None or needed
            or _DO_NOT.match(text, sentence_start(text, start)) is not None
            or (_FROM.search(before) is not None and _TO.match(after) is not None)
            or _DOWN_FROM.search(before) is not None
            or _NAIVELY.search(text, max(0, start - 120), start) is not None
            or _HYPOTHETICAL.search(after) is not None or _TAKEN_BACK.match(after) is not None
            or _CALLED_WRONG.match(after) is not None or _IS_NO.match(after) is not None)


#: A sentence that says what not to do: "Don't multiply the speedups, that would say 6x",
#: "You can't multiply 3 and 2 to get 6x".
_DO_NOT = re.compile(r"\s*(?:(?:you|we|one)\s+(?:[a-z]+ly\s+)?)?(?:don't|do\s+not|never"
                     r"|can't|cannot|shouldn't|should\s+not|mustn't)\s+[a-z]+", re.IGNORECASE)
#: Where a change starts: "from sixteen bits to four", "down from 209" (the point of
#: reference; the claim is where it ends).
_FROM = re.compile(r"\bfrom(?:\s+(?:the|a|an|about|around|roughly))?\s*$", re.IGNORECASE)
_TO = re.compile(r"\s*(?:,\s*)?(?:(?:all\s+the\s+way\s+)?(?:down|up)\s+)?to\b", re.IGNORECASE)
_DOWN_FROM = re.compile(r"\b(?:down|up|drops?|dropping|falls?|falling|rises?|rising)\s+from"
                        r"(?:\s+(?:the|a|an|about|around|roughly))?\s*$", re.IGNORECASE)
#: A sentence that says its figures are the naive take: "Naively intensity is just m, so
#: the ridge at 295 would mean batch 295."
_NAIVELY = re.compile(r"(?:^|[.;!?]\s+)(?:naively|naive(?:ly)?\s+reasoning"
                      r"|the\s+(?:quick|naive|rough|lazy|first)\s+(?:answer|take|guess|version)"
                      r"|compared?\s+(?:that|this|it)\s+(?:with|to)"
                      r"|if\s+[^.;!?]{0,60}\b(?:weren't|wasn't|didn't|hadn't|were\s+not"
                      r"|was\s+not|did\s+not|had\s+no)"
                      r"|if\s+(?:you|we|they|I|one)(?:'d|\s+had)\s+[a-z]+(?:ed|ne|en|ot)\b"
                      r"|if\s+(?:you|we)\s+(?:need|want)\s+(?:more|less|longer|faster))\b"
                      r"(?:[^.;!?]|\.\d)*$", re.IGNORECASE)
#: A sentence that works a past-tense what-if: "If you reserved 8,192 up front you'd leave
#: 7,192 empty". Its figures are that case's; only a slip's value there is set aside, as
#: the what-if is the slip's own case (a wrong figure of it is still wrong).
_IF_YOU_HAD = re.compile(r"(?:^|[.;!?]\s+)if\s+(?:you|we|they|one)\s+[a-z]+ed\b[^.;!?]{0,60}"
                         r"\b(?:you'd|you\s+would|we'd|we\s+would|they'd|it'd|it\s+would)\b"
                         r"(?:[^.;!?]|\.\d)*$", re.IGNORECASE)


#: A sentence that opens on the usual take or on another design it works out: "The usual
#: floor is sixteen gigs over 3.35, about 4.8 ms", "With full multi-head you'd have 2,560
#: KiB". Like a past what-if, it is the slip's own case.
_USUAL_TAKE = re.compile(
    r"(?:^|[.;!?]\s+)(?:(?:so|but|and)\s+)?(?:"
    r"the\s+(?:usual|standard|textbook|naive|common|classic|simple|conventional|quick|rough"
    r"|lazy|[a-z]+-only)\s+(?:[\w-]+\s+){0,2}?(?:answer|take|guess|version|floor|estimate"
    r"|number|figure|bound|rule|calculation|approach|math|reasoning)\b"
    r"|with\s+(?:full|plain|vanilla|standard|classic)\s+[\w-]+[^.;!?]{0,30}"
    r"\b(?:you'd|you\s+would|it'd|it\s+would|we'd|we\s+would)\b)"
    r"(?:[^.;!?]|\.\d)*$", re.IGNORECASE)


def a_past_what_if(text: str, start: int) -> bool:
    """Whether the figure at ``text[start]`` is said in a past-tense what-if, in the usual
    take or of another design worked out beside the card's."""
    return (_IF_YOU_HAD.search(text, max(0, start - 160), start) is not None
            or _USUAL_TAKE.search(text, max(0, start - 200), start) is not None)
#: Words after a figure that call it wrong: "the 32x intuition is wrong".
_CALLED_WRONG = re.compile(r"\s*(?:[a-z]+\s+){0,2}(?:is|was|sounds|seems|would\s+be|'d\s+be)\s+"
                           r"(?:(?:just|simply|clearly|plainly|totally|obviously|flat|way)\s+)?"
                           r"(?:wrong|off|a\s+myth"
                           r"|incorrect|a\s+mistake|nonsense)\b", re.IGNORECASE)
#: Words after a figure that deny it is a thing: "half a conversation is no conversation".
_IS_NO = re.compile(r"\s+(?:(?:is|are)\s+(?:no|not\s+an?)\s+[a-z]"
                    r"|(?:is|are)\s+(?:useless|worthless|pointless|no\s+use)\b"
                    r"|(?:doesn't|does\s+not|won't|can't|cannot)\s+(?:fit|count|exist|work))",
                    re.IGNORECASE)
#: A figure said as what a what-if would take: "to hit 300 you'd need about 4.8 TB/s", "it
#: would imply half a millisecond per step".
_NEEDED = re.compile(r"(?:\b(?:to\s+(?:actually\s+)?(?:hit|get|reach|serve|make|do)|if)\b"
                     r"[^.;!?]{0,30}\b(?:you'd|you\s+would|we'd|we\s+would|it\s+would)"
                     r"|[0-9a-z%/]\s+would)\s+(?:need|imply|mean|require)"
                     r"(?:\s+(?:a|an|about|around|roughly|at\s+least))?\s*$", re.IGNORECASE)
#: What a factor is of, said after it: "three times what the memory can feed".
_OF_WHAT = re.compile(r"\s+(?:what|the\s+(?:memory|bandwidth|ceiling|floor|peak))\b",
                      re.IGNORECASE)
#: A figure the speaker takes back at once: "4 teraflop, wait, no, 8 teraflop".
_TAKEN_BACK = re.compile(r"[\s,]*(?:wait|sorry|no\s*,|oops|scratch\s+that|I\s+mean)\b",
                         re.IGNORECASE)
