"""Find an element in rendered HTML by parsing it, so tests do not depend on how a template
happens to lay out its whitespace."""

from html.parser import HTMLParser

VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class _Finder(HTMLParser):
    def __init__(self, source: str, attrs: dict[str, str]):
        super().__init__(convert_charrefs=False)
        self.source, self.wanted = source, attrs
        self.line_starts = [0]
        for n, char in enumerate(source):
            if char == "\n":
                self.line_starts.append(n + 1)
        self.start = self.end = None
        self.tag, self.depth = "", 0

    def position(self) -> int:
        line, column = self.getpos()
        return self.line_starts[line - 1] + column

    def matches(self, attrs: dict) -> bool:
        return all(
            (attrs.get(name) or "") == value
            if name != "class"
            else set(value.split()) <= set((attrs.get("class") or "").split())
            for name, value in self.wanted.items()
        )

    def handle_starttag(self, tag, attrs):
        if self.start is None:
            if self.matches(dict(attrs)):
                self.start, self.tag, self.depth = self.position(), tag, 1
                if tag in VOID:
                    self.end = self.source.index(">", self.start) + 1
        elif self.end is None and tag == self.tag:
            self.depth += 1

    def handle_endtag(self, tag):
        if self.start is not None and self.end is None and tag == self.tag:
            self.depth -= 1
            if self.depth == 0:
                self.end = self.source.index(">", self.position()) + 1


def element(html: str, **attrs: str) -> str:
    """The markup of the first element whose attributes match (`class_` matches when all the
    given classes are among the element's); AssertionError when there is none."""
    wanted = {name.rstrip("_"): value for name, value in attrs.items()}
    finder = _Finder(html, wanted)
    finder.feed(html)
    assert finder.start is not None and finder.end is not None, f"no element with {wanted}"
    return html[finder.start : finder.end]


class _Text(HTMLParser):
    def __init__(self, without: set[str]):
        super().__init__(convert_charrefs=True)
        self.without, self.parts, self.skipping = without, [], [False]

    def handle_starttag(self, tag, attrs):
        if tag not in VOID:
            classes = set((dict(attrs).get("class") or "").split())
            self.skipping.append(self.skipping[-1] or bool(classes & self.without))

    def handle_endtag(self, tag):
        if tag not in VOID and len(self.skipping) > 1:
            self.skipping.pop()

    def handle_data(self, data):
        if not self.skipping[-1]:
            self.parts.append(data)


def text(html: str, *, without: str = "") -> str:
    """The text of `html`, entities read and whitespace collapsed, leaving out the elements
    that carry any of the classes in `without` (e.g. "sr-only chip-warn")."""
    parser = _Text(set(without.split()))
    parser.feed(html)
    parser.close()
    return " ".join("".join(parser.parts).split())
