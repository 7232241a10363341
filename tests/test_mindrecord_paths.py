"""MindRecord files whose directory or file name holds characters that mean something in a URI
('#', '%', '?', ' '): written, read back by FileReader and MindDataset, reopened for appending."""
import numpy as np
import pytest

import mscompat.dataset as ds
from mscompat.mindrecord import FileWriter, FileReader


@pytest.mark.parametrize("dirname,filename", [("d#1%2 x", "a#b%25c.mindrecord"), ("q?x", "plain.mindrecord"),
                                              ("pct%41", "n%2Fm#.mindrecord")])
def test_mindrecord_round_trip_with_uri_characters_in_path(tmp_path, dirname, filename):
    d = tmp_path / dirname
    d.mkdir()
    path = str(d / filename)
    w = FileWriter(path, shard_num=1, overwrite=True)
    w.add_schema({"label": {"type": "int32"}, "x": {"type": "float32", "shape": [2]}}, "s")
    w.add_index(["label"])
    w.write_raw_data([{"label": i, "x": np.full(2, i, np.float32)} for i in range(4)])
    w.commit()

    r = FileReader(path)
    assert [int(row["label"]) for row in r.get_next()] == [0, 1, 2, 3]
    r.close()
    got = [int(row["label"]) for row in ds.MindDataset(path, shuffle=False).create_dict_iterator(output_numpy=True)]
    assert got == [0, 1, 2, 3]
    # reopened for appending (reads the index back), then read again
    w = FileWriter.open_for_append(path)
    w.write_raw_data([{"label": 4, "x": np.full(2, 4, np.float32)}])
    w.commit()
    got = [int(row["label"]) for row in ds.MindDataset(path, shuffle=False).create_dict_iterator(output_numpy=True)]
    assert got == [0, 1, 2, 3, 4]
