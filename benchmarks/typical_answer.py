"""The typical submission of the load profiles (10 sentences, 5 passages, one citation to
a passage that was not given): shared by benchmarks/locustfile.py and
benchmarks/submission.py, which must not import locust (it patches the standard library
with gevent on import)."""

EVIDENCE = [
    {"text": "Employees are entitled to 30 days of paid annual leave per calendar year."},
    {"text": "Overtime is paid at 150 percent of the regular hourly wage."},
    {"text": "The notice period for dismissal is 4 weeks after two years of service."},
    {"text": "Night work between 22:00 and 06:00 carries a supplement of 25 percent."},
    {"text": "Parental leave may be taken in up to three separate blocks."},
]
SENTENCES = [
    "Employees are entitled to 30 days of paid annual leave [1].",
    "Overtime is paid at 150 percent of the hourly wage [2].",
    "The notice period is 4 weeks after two years of service [3].",
    "Night work carries a supplement of 25 percent [4].",
    "Parental leave may be split into three blocks [5].",
    "Annual leave of 37 days applies to managers [1].",
    "Overtime must be approved in writing by a manager in advance.",
    "Two rules apply here:",
    "Night work between 22:00 and 06:00 is supplemented [4].",
    "Parental leave is unpaid in every case [9].",
]

BODY = {"text": " ".join(SENTENCES), "evidence": EVIDENCE, "question": "Leave rules?"}
