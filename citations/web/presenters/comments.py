"""The comment threads of the answer page: one for the whole answer, one per sentence.

A comment about a sentence names it by start offset and text (as a decision does); one whose
sentence a re-verification changed joins the answer's thread, quoting the sentence it was
about, so nothing said is lost. Pure reads over comments already loaded: no query.
"""

from dataclasses import dataclass, field

from citations.engine import ReportDict
from citations.models import Comment


@dataclass
class Thread:
    sentence_index: int | None  # None: the whole answer's thread
    comments: list[Comment] = field(default_factory=list)

    @property
    def dom_id(self) -> str:
        if self.sentence_index is None:
            return "comments-answer"
        return f"comments-s{self.sentence_index}"

    @property
    def title(self) -> str:
        if self.sentence_index is None:
            return "Discussion of the answer"
        return f"Discussion of sentence {self.sentence_index + 1}"


@dataclass
class Threads:
    answer: Thread
    sentences: dict[int, Thread]

    def get(self, index: int | None) -> Thread:
        """The thread of sentence `index` (empty when nobody commented), or the answer's."""
        if index is None:
            return self.answer
        return self.sentences.get(index) or Thread(sentence_index=index)


def comment_threads(report: ReportDict, comments) -> Threads:
    """`comments` (oldest first) grouped into the threads of the answer that has `report`."""
    index_of = {(s["start"], s["text"]): s["index"] for s in report["sentences"]}
    answer = Thread(sentence_index=None)
    sentences: dict[int, Thread] = {}
    for comment in comments:
        index, comment.earlier_sentence = None, ""
        if comment.sentence_start is not None:
            index = index_of.get((comment.sentence_start, comment.sentence_text))
            # An earlier sentence, since changed: shown with the text it was about.
            comment.earlier_sentence = comment.sentence_text if index is None else ""
        if index is None:
            answer.comments.append(comment)
        else:
            sentences.setdefault(index, Thread(sentence_index=index)).comments.append(comment)
    return Threads(answer=answer, sentences=sentences)
