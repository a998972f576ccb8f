"""Bulk seeding for benchmarks and load tests, kept out of the production services.

`answers_seed` writes rows the way `citations.services.answers` would, but verifies each
template once and reuses its report, so 100,000 answers take seconds.
"""

from django.conf import settings
from django.db import transaction

from citations.domain.review import review_state, summary_fields
from citations.models import Answer, ApiClient, Evidence, UnresolvedCitation, Verification
from citations.services.answers import (
    evidence_rows,
    normalise_evidence,
    run_engine,
    unresolved_rows,
)


def answers_seed(*, client: ApiClient, templates: list[dict], count: int, batch: int = 2000) -> int:
    """Bulk-store `count` answers cycling through `templates` ({text, evidence, question}).

    For benchmarks and load tests: each template is verified once by the engine and its report
    reused, so 100,000 answers take seconds rather than an engine run each.
    """
    prepared = []
    for template in templates:
        evidence = normalise_evidence(template["evidence"])
        report = run_engine(text=template["text"], evidence=evidence, citation_style="auto")
        report = report.to_dict()
        summary = summary_fields(report, review_state(report, 0, []))
        prepared.append((template, evidence, report, summary))
    made = 0
    while made < count:
        size = min(batch, count - made)
        with transaction.atomic():
            rows = [prepared[(made + i) % len(prepared)] for i in range(size)]
            answers = Answer.objects.bulk_create(
                Answer(
                    client=client,
                    request_digest="seed",
                    question=template.get("question", ""),
                    text=template["text"],
                    **summary,
                )
                for template, _, _, summary in rows
            )
            Evidence.objects.bulk_create(
                row
                for answer, (_, evidence, _, _) in zip(answers, rows, strict=True)
                for row in evidence_rows(answer, evidence)
            )
            verifications = Verification.objects.bulk_create(
                Verification(
                    answer=answer,
                    engine_version=report["engine"],
                    threshold=settings.CITATIONS_THRESHOLD,
                    report=report,
                )
                for answer, (_, _, report, _) in zip(answers, rows, strict=True)
            )
            UnresolvedCitation.objects.bulk_create(
                row
                for answer, verification, (_, evidence, _, _) in zip(
                    answers, verifications, rows, strict=True
                )
                for row in unresolved_rows(
                    answer=answer, verification=verification, evidence_count=len(evidence)
                )
            )
        made += size
    return made
