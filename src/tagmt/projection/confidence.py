"""Link confidences: how much each word link counts when a tag is placed.

eflomal runs three times with different seeds (`align.EflomalAligner`), and a link is kept when most
runs' symmetrized links hold it. `EflomalAligner.align_scored` gives, for every link some run
proposed, the share of the runs that hold it: a link all runs agree on is surer than one two of
three found, and a link one run found is a hint. Placement (`inside_outside._best_span`) then sums
confidences instead of counting links: w_j = Σ confidence of the tag's links landing on j − Σ
confidence of the other links landing on j.

* `voted` — the links the vote keeps (share above one half, exactly `align`'s links) and the weights
  a `wordstore.LinkStore` keeps of them: each kept link its share; with `weak` > 0, each link below
  the vote as a *weak* link weighing `weak` × its share (it counts in the sums only: it is not a link
  for any other rule).
* `joined` — the same for a pair aligned on two views (Chinese: characters and dictionary words,
  `alignunits.align_words`): each view's shares spread to word links, a link kept when either view's
  vote keeps it (the union of the views' links, as without confidences), weighing the mean of its
  two shares (`VIEW_JOIN = "mean"`: a link one view found counts half its share) or the larger one
  (`"max"`); a link neither vote keeps is a weak link by the same joined share. Measured (SAP dev,
  oracle translation, 2-fold CV, exact tagged segments, seeds 1 / 11), links of confidence 1 → max →
  mean: en-zh 92.0 / 92.3 → 92.3 / 92.7 → 92.5 / 92.7 %, en-zf 95.8 / 96.0 → 96.2 / 96.4 → 96.4 / 96.4 %.
* `link_weights` — a pair's weights once anchors and re-pairing have changed its links: a link added
  after the vote (an anchor, a re-paired repeat) counts 1; a word whose links changed after the vote
  loses its weak links (an anchor drops a word's other links, weak ones too).
"""

from __future__ import annotations

from collections.abc import Mapping

from tagmt.projection.links import Links

WEIGHT_SCALE = 60
"""A confidence is kept and summed in sixtieths (one byte a link): the shares of 1 to 6 runs, and
half of them, are exact."""

WEAK = 0.5
"""What a link below the vote counts for, as a share of its confidence: half (a link one run of three
found counts 1/6, as the issue proposed; a link every run found counts 1)."""

Weights = Mapping[tuple[int, int], float]

VIEW_JOIN = "mean"
"""How `joined` weighs a link of two views: "mean" (their mean, 0 for a view that did not propose it;
it gained as much as "max" or more at both seeds measured) or "max" (the larger share)."""


def voted(scored: Weights, weak: float = 0.0) -> tuple[Links, dict[tuple[int, int], float]]:
    """The links of more than half the runs, and the weights to keep with them (see the module
    docstring; `weak` = 0: no weak links)."""
    links = {link for link, share in scored.items() if 2 * share > 1}
    weights = {link: share for link, share in scored.items() if link in links and share < 1}
    if weak > 0:
        weights.update((link, weak * share) for link, share in scored.items() if link not in links)
    return links, weights


def joined(first: Weights, second: Weights, weak: float = 0.0,
           how: str | None = None) -> tuple[Links, dict[tuple[int, int], float]]:
    """The links and weights of a pair from two views' shares of word links (`first`, `second`): a
    link either view's vote keeps, each weighing the views' joined share (`how`, default `VIEW_JOIN`);
    with `weak` > 0, every other proposed link as a weak link weighing `weak` × its joined share."""
    how = how or VIEW_JOIN
    if how not in ("max", "mean"):
        raise ValueError(f"unknown view join {how!r} (max or mean)")
    links: Links = set()
    weights: dict[tuple[int, int], float] = {}
    for link in first.keys() | second.keys():
        a, b = first.get(link, 0.0), second.get(link, 0.0)
        share = max(a, b) if how == "max" else (a + b) / 2
        if 2 * a > 1 or 2 * b > 1:
            links.add(link)
            if share < 1:
                weights[link] = share
        elif weak > 0:
            weights[link] = weak * share
    return links, weights


def link_weights(final: Links, stored: Links, weighted: Weights) -> dict[tuple[int, int], float] | None:
    """The weights placement sums for a pair whose links are `final`, given the links the store kept
    for it (`stored`) and their confidences and weak links (`weighted`, `LinkStore.weighted`); None
    when every link counts 1 and there is no weak link (placement then counts links)."""
    changed = final ^ stored
    src_changed = {i for i, _ in changed}
    trg_changed = {j for _, j in changed}
    weights = {link: weighted.get(link, 1.0) if link in stored else 1.0 for link in final}
    for link, w in weighted.items():
        if link not in stored and link not in final and link[0] not in src_changed and link[1] not in trg_changed:
            weights[link] = w
    if all(w == 1 for w in weights.values()) and len(weights) == len(final):
        return None
    return weights
