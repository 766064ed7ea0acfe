"""The site fills in a board's axis labels from its cell names when the engine gives none: a
hexagon level gets its files (one label per column of centres, left to right) and no rank
labels (a rank bends across a hex level); labels the engine gives are kept as they are."""
from games.web.variants import _with_axis_labels
from tests.web.test_the_board_script_reads_any_descriptor import small_hex_variant


def test_a_hex_level_gets_its_files_and_no_ranks():
    described = small_hex_variant()
    bare = [{**b, "columns": [], "rows": []} for b in described["boards"]]
    labelled = _with_axis_labels(bare, described["cells"])
    assert [b["columns"] for b in labelled] == [["a", "b", "c"], ["a", "b", "c"]]
    assert [b["rows"] for b in labelled] == [[], []]


def test_labels_the_engine_gives_are_kept():
    described = small_hex_variant()
    given = [{**b, "columns": ["x", "y", "z"], "rows": ["1"]} for b in described["boards"]]
    assert _with_axis_labels(given, described["cells"]) == given
