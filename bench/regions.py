"""Empty regions of a Go board, for the bench scripts (score.py, rank_review.py)."""


def empty_regions(empty, stones):
    """Each maximal orthogonally connected region of the points in `empty` (a set), as
    (its points, the set of colours in `stones` (point -> colour) next to it). Points are
    (x, y) pairs; a neighbour in neither is off the board."""
    seen = set()
    for p in empty:
        if p in seen:
            continue
        region, border, stack = [], set(), [p]
        seen.add(p)
        while stack:
            q = stack.pop()
            region.append(q)
            x, y = q
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in stones:
                    border.add(stones[n])
                elif n in empty and n not in seen:
                    seen.add(n)
                    stack.append(n)
        yield region, border
