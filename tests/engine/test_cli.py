import io
import json

from citations.engine.__main__ import main

EV = [{"text": "Employees are entitled to 30 days of paid annual leave each year."}]


def write(tmp_path, text):
    path = tmp_path / "answer.json"
    path.write_text(json.dumps({"text": text, "evidence": EV}), encoding="utf-8")
    return str(path)


def test_passing_answer_exits_zero_with_a_table(tmp_path, capsys):
    assert main([write(tmp_path, "Employees get 30 days of paid annual leave [1].")]) == 0
    out = capsys.readouterr().out
    assert "verified" in out and "passed: yes" in out


def test_failing_answer_exits_one(tmp_path, capsys):
    assert main([write(tmp_path, "Employees get a company car [2].")]) == 1
    assert "unresolved" in capsys.readouterr().out


def test_json_output_is_the_report(tmp_path, capsys):
    assert main([write(tmp_path, "Employees get 30 days of paid annual leave [1]."), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["counts"]["verified"] == 1


def test_stdin(monkeypatch, capsys):
    data = json.dumps({"text": "Employees get 30 days of paid annual leave [1].", "evidence": EV})
    monkeypatch.setattr("sys.stdin", io.StringIO(data))
    assert main(["-", "--json"]) == 0


def test_bad_input_exits_two(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    assert main([str(path)]) == 2
    assert main([str(tmp_path / "missing.json")]) == 2
    path.write_text(json.dumps({"text": "x", "evidence": [{"title": "no text"}]}), encoding="utf-8")
    assert main([str(path)]) == 2
    assert "field 'text' is required" in capsys.readouterr().err


def test_lone_surrogates_print(tmp_path, capsys):
    path = tmp_path / "s.json"
    path.write_text(
        '{"text": "Employees \\ud800 get leave [1].", "evidence": []}', encoding="utf-8"
    )
    assert main([str(path)]) == 1
    capsys.readouterr()
