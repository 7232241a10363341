"""Text file sources (``TextFileDataset``, ``CSVDataset``) against real MindSpore.

Each case writes its files (exact bytes) into a fresh temporary directory.  Row orders are
compared exactly: the reader's worker interleaving (``num_parallel_workers``), shards (including a
shard that wraps round to the first file), ``Shuffle.FILES`` and the global shuffle for a fixed
``ds.config.set_seed``.
"""
import os
import shutil
import tempfile

import numpy as np

from parity_tests.cases._sources_common import DS, _rows, _summary, _val  # noqa: F401
from parity_tests.harness import case


def _write(root, files):
    for name, data in files.items():
        path = os.path.join(root, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data.encode("utf-8") if isinstance(data, str) else data)


def _run(files, body, seed=None, workers=None):
    def fn(ms):
        root = tempfile.mkdtemp(prefix="msds_txt_")
        try:
            _write(root, files)
            ds = DS(ms)
            if seed is not None:
                ds.config.set_seed(seed)
            p = lambda *names: [os.path.join(root, n) for n in names]  # noqa: E731
            return body(ds, p, root)
        finally:
            shutil.rmtree(root, ignore_errors=True)
    return fn


# --------------------------------------------------------------------------- text files
TXT = {
    "a.txt": "".join("alpha %d\n" % i for i in range(5)),
    "b.txt": "beta 0\r\n\nbeta 1\r\nbeta 2\n",
    "c.txt": "gamma \u00e9 0\n  gamma 1  \ngamma 2\ngamma 3",
    "sub/d.txt": "delta 0\ndelta 1\n",
}
ABC = ("a.txt", "b.txt", "c.txt")


def T(body, seed=None, files=TXT):
    return _run(files, body, seed)


def _tf(ds, p, **kw):
    return ds.TextFileDataset(p(*ABC), **kw)


# --------------------------------------------------------------------------- csv files
CSV = {
    "x.csv": "a,b,c\n1,2.5,hello\n3,4.5,\"wo,rld\"\n-2,0.125,\"q\"\"t\"\n",
    "y.csv": "a,b,c\n7,8.5,s\n\n9,1e3,t\n10,-3,u\n11,6,v",
    "z.csv": "a,b,c\n20,1.5,\"multi\nline\"\r\n21,2.5,w\r\n",
}
XYZ = ("x.csv", "y.csv", "z.csv")
DEF3 = [0, 0.0, ""]


def Cs(body, seed=None, files=CSV):
    return _run(files, body, seed)


def _csv(ds, p, names=XYZ, **kw):
    return ds.CSVDataset(p(*names), **kw)


def _one(text):
    return {"f.csv": text}


CASES = [
    # ------------------------------------------------------------------ TextFileDataset
    case("TextFileDataset/one_file", T(lambda ds, p, r: _summary(ds.TextFileDataset(p("a.txt")[0], shuffle=False)))),
    case("TextFileDataset/crlf_blank_unicode", T(lambda ds, p, r: _summary(ds.TextFileDataset(
        p("b.txt", "c.txt"), shuffle=False, num_parallel_workers=1)))),
    case("TextFileDataset/three_files_w1", T(lambda ds, p, r: _rows(_tf(ds, p, shuffle=False,
                                                                        num_parallel_workers=1)))),
    case("TextFileDataset/three_files_w2_interleave", T(lambda ds, p, r: _rows(_tf(ds, p, shuffle=False,
                                                                                   num_parallel_workers=2)))),
    case("TextFileDataset/default_workers", T(lambda ds, p, r: _rows(_tf(ds, p, shuffle=False)))),
    case("TextFileDataset/files_sorted", T(lambda ds, p, r: _rows(ds.TextFileDataset(
        p("c.txt", "a.txt"), shuffle=False, num_parallel_workers=1)))),
    case("TextFileDataset/glob_pattern", T(lambda ds, p, r: _rows(ds.TextFileDataset(
        os.path.join(r, "**", "*.txt"), shuffle=False, num_parallel_workers=1)))),
    case("TextFileDataset/num_samples", T(lambda ds, p, r: _summary(_tf(ds, p, shuffle=False, num_samples=7,
                                                                        num_parallel_workers=1)))),
    case("TextFileDataset/num_samples_w2", T(lambda ds, p, r: _summary(_tf(ds, p, shuffle=False, num_samples=4,
                                                                           num_parallel_workers=2)))),
    case("TextFileDataset/num_samples_over", T(lambda ds, p, r: _summary(_tf(ds, p, shuffle=False,
                                                                             num_samples=100)))),
    case("TextFileDataset/shards_of_5", T(lambda ds, p, r: [_summary(_tf(
        ds, p, shuffle=False, num_shards=5, shard_id=k, num_parallel_workers=1)) for k in range(5)])),
    case("TextFileDataset/shards_of_3_w2", T(lambda ds, p, r: [_rows(_tf(
        ds, p, shuffle=False, num_shards=3, shard_id=k, num_parallel_workers=2)) for k in range(3)])),
    case("TextFileDataset/shards_wrap_one_file", T(lambda ds, p, r: [_rows(ds.TextFileDataset(
        p("b.txt"), shuffle=False, num_shards=4, shard_id=k)) for k in range(4)])),
    case("TextFileDataset/shard_num_samples", T(lambda ds, p, r: _summary(_tf(
        ds, p, shuffle=False, num_shards=2, shard_id=1, num_samples=3, num_parallel_workers=1)))),
    case("TextFileDataset/shuffle_files_epochs", T(lambda ds, p, r: _rows(_tf(
        ds, p, shuffle=ds.Shuffle.FILES, num_parallel_workers=1), epochs=3), seed=3)),
    case("TextFileDataset/shuffle_files_w2", T(lambda ds, p, r: _rows(_tf(
        ds, p, shuffle=ds.Shuffle.FILES, num_parallel_workers=2), epochs=2), seed=5)),
    case("TextFileDataset/shuffle_files_sharded_epochs", T(lambda ds, p, r: _rows(_tf(
        ds, p, shuffle=ds.Shuffle.FILES, num_shards=2, shard_id=1, num_parallel_workers=1), epochs=3))),
    case("TextFileDataset/shuffle_global_epochs", T(lambda ds, p, r: _rows(_tf(
        ds, p, shuffle=ds.Shuffle.GLOBAL, num_parallel_workers=1), epochs=2), seed=7)),
    case("TextFileDataset/shuffle_true_w2", T(lambda ds, p, r: _rows(_tf(ds, p, shuffle=True,
                                                                         num_parallel_workers=2)), seed=8)),
    case("TextFileDataset/default_shuffle", T(lambda ds, p, r: _summary(_tf(ds, p)), seed=9)),
    case("TextFileDataset/shuffle_global_sharded", T(lambda ds, p, r: _rows(_tf(
        ds, p, num_shards=2, shard_id=0, num_parallel_workers=1), epochs=2), seed=10)),
    case("TextFileDataset/shuffle_global_num_samples", T(lambda ds, p, r: _rows(_tf(
        ds, p, num_samples=5, num_parallel_workers=1)), seed=11)),
    case("TextFileDataset/batch", T(lambda ds, p, r: _summary(_tf(ds, p, shuffle=False,
                                                                  num_parallel_workers=1).batch(4)))),
    case("TextFileDataset/batch_drop_remainder", T(lambda ds, p, r: _summary(_tf(
        ds, p, shuffle=False, num_parallel_workers=1).batch(5, drop_remainder=True)))),
    case("TextFileDataset/repeat_take", T(lambda ds, p, r: _rows(_tf(
        ds, p, shuffle=False, num_parallel_workers=1).repeat(2).skip(10).take(6)))),
    case("TextFileDataset/map_upper", T(lambda ds, p, r: _rows(ds.TextFileDataset(
        p("a.txt"), shuffle=False).map(lambda s: np.array(str(s).upper()), input_columns="text")))),
    case("TextFileDataset/is_shuffled_sharded", T(lambda ds, p, r: [
        (x.is_shuffled(), x.is_sharded()) for x in (_tf(ds, p), _tf(ds, p, shuffle=False),
                                                    _tf(ds, p, shuffle=ds.Shuffle.FILES, num_shards=2, shard_id=0))])),
    case("TextFileDataset/other_shuffle_modes", T(lambda ds, p, r: [
        (x.is_shuffled(), _rows(x, epochs=2))
        for x in (_tf(ds, p, shuffle=getattr(ds.Shuffle, m), num_parallel_workers=1)
                  for m in ("INFILE", "PARTIAL", "ADAPTIVE", "FALSE"))], seed=12)),
    case("CSVDataset/shuffle_modes_infile", Cs(lambda ds, p, r: _rows(_csv(
        ds, p, shuffle=ds.Shuffle.INFILE, num_parallel_workers=1), epochs=2), seed=13)),
    case("MnistDataset/shuffle_enum_rejected", T(lambda ds, p, r: ds.MnistDataset(r, shuffle=ds.Shuffle.GLOBAL)),
         error=True),
    case("TextFileDataset/files_empty_list", T(lambda ds, p, r: ds.TextFileDataset([])), error=True),
    case("TextFileDataset/files_empty_str", T(lambda ds, p, r: ds.TextFileDataset("")), error=True),
    case("TextFileDataset/files_int", T(lambda ds, p, r: ds.TextFileDataset(3)), error=True),
    case("TextFileDataset/file_missing", T(lambda ds, p, r: ds.TextFileDataset(p("nope.txt"))), error=True),
    case("TextFileDataset/shuffle_str", T(lambda ds, p, r: ds.TextFileDataset(p("a.txt"), shuffle="files")),
         error=True),
    case("TextFileDataset/shard_id_alone", T(lambda ds, p, r: ds.TextFileDataset(p("a.txt"), shard_id=0)),
         error=True),
    case("TextFileDataset/num_shards_alone", T(lambda ds, p, r: ds.TextFileDataset(p("a.txt"), num_shards=2)),
         error=True),
    case("TextFileDataset/shard_id_out_of_range", T(lambda ds, p, r: ds.TextFileDataset(
        p("a.txt"), num_shards=2, shard_id=-1)), error=True),
    case("TextFileDataset/num_samples_negative", T(lambda ds, p, r: ds.TextFileDataset(p("a.txt"), num_samples=-2)),
         error=True),
    case("TextFileDataset/num_samples_str", T(lambda ds, p, r: ds.TextFileDataset(p("a.txt"), num_samples="2")),
         error=True),
    case("TextFileDataset/workers_too_many", T(lambda ds, p, r: ds.TextFileDataset(
        p("a.txt"), num_parallel_workers=10000)), error=True),
    case("TextFileDataset/empty_file", T(lambda ds, p, r: _rows(ds.TextFileDataset(p("e.txt"))),
                                         files={"e.txt": "\n\n"}), error=True),

    # ------------------------------------------------------------------ CSVDataset
    case("CSVDataset/strings_default", Cs(lambda ds, p, r: _summary(_csv(ds, p, shuffle=False)))),
    case("CSVDataset/column_defaults_types", Cs(lambda ds, p, r: _summary(_csv(ds, p, column_defaults=DEF3,
                                                                               shuffle=False)))),
    case("CSVDataset/w1_file_order", Cs(lambda ds, p, r: _rows(_csv(ds, p, column_defaults=DEF3, shuffle=False,
                                                                    num_parallel_workers=1)))),
    case("CSVDataset/w2_interleave", Cs(lambda ds, p, r: _rows(_csv(ds, p, column_defaults=DEF3, shuffle=False,
                                                                    num_parallel_workers=2)))),
    case("CSVDataset/column_names_no_header", Cs(lambda ds, p, r: _summary(_csv(
        ds, p, names=("y.csv",), column_names=["p", "q", "r"], shuffle=False)))),
    case("CSVDataset/column_defaults_shorter", Cs(lambda ds, p, r: _summary(_csv(
        ds, p, names=("y.csv",), column_defaults=[1], shuffle=False)))),
    case("CSVDataset/float_as_int_column", Cs(lambda ds, p, r: _summary(_csv(
        ds, p, names=("y.csv",), column_defaults=[1.5, 3, "x"], shuffle=False)))),
    case("CSVDataset/field_delim", Cs(lambda ds, p, r: _summary(ds.CSVDataset(
        p("f.csv"), field_delim=";", column_defaults=[0, ""], shuffle=False)),
        files=_one("k;v\n1;a,b\n2;\"c;d\"\n"))),
    case("CSVDataset/field_delim_tab", Cs(lambda ds, p, r: _summary(ds.CSVDataset(
        p("f.csv"), field_delim="\t", shuffle=False)), files=_one("k\tv\n1\t2\n"))),
    case("CSVDataset/numeric_prefixes", Cs(lambda ds, p, r: _summary(ds.CSVDataset(
        p("f.csv"), column_defaults=[0, 0.0], shuffle=False)),
        files=_one("i,f\n12abc, 5.5x\n 7 ,1e3\n+5,-.5e-1\n0x1A,0x1p3\n-0,inf\n3,-INFINITY\n4,nan\n"))),
    case("CSVDataset/empty_string_fields", Cs(lambda ds, p, r: _summary(ds.CSVDataset(
        p("f.csv"), shuffle=False)), files=_one("a,b,c\n,,\n\"\",x,\n"))),
    case("CSVDataset/single_column_no_trailing_newline", Cs(lambda ds, p, r: _summary(ds.CSVDataset(
        p("f.csv"), shuffle=False)), files=_one("a\nfirst\nsecond"))),
    case("CSVDataset/quoted_newline_crlf", Cs(lambda ds, p, r: _summary(ds.CSVDataset(
        p("z.csv"), column_defaults=DEF3, shuffle=False)))),
    case("CSVDataset/bool_default_is_int", Cs(lambda ds, p, r: _summary(ds.CSVDataset(
        p("f.csv"), column_defaults=[True], shuffle=False)), files=_one("a\n1\n2\n"))),
    case("CSVDataset/num_samples", Cs(lambda ds, p, r: _summary(_csv(ds, p, column_defaults=DEF3, shuffle=False,
                                                                     num_samples=4, num_parallel_workers=1)))),
    case("CSVDataset/shards", Cs(lambda ds, p, r: [_summary(_csv(
        ds, p, column_defaults=DEF3, shuffle=False, num_shards=4, shard_id=k)) for k in range(4)])),
    case("CSVDataset/shards_wrap", Cs(lambda ds, p, r: [_rows(_csv(
        ds, p, names=("x.csv",), shuffle=False, num_shards=5, shard_id=k)) for k in range(5)])),
    case("CSVDataset/shuffle_files_epochs", Cs(lambda ds, p, r: _rows(_csv(
        ds, p, column_defaults=DEF3, shuffle=ds.Shuffle.FILES, num_parallel_workers=1), epochs=3), seed=21)),
    case("CSVDataset/shuffle_global", Cs(lambda ds, p, r: _rows(_csv(
        ds, p, column_defaults=DEF3, num_parallel_workers=1), epochs=2), seed=22)),
    case("CSVDataset/shuffle_global_w2", Cs(lambda ds, p, r: _rows(_csv(ds, p, shuffle=True)), seed=23)),
    case("CSVDataset/shuffle_global_sharded", Cs(lambda ds, p, r: _rows(_csv(
        ds, p, num_shards=3, shard_id=2, num_parallel_workers=1), epochs=2), seed=24)),
    case("CSVDataset/batch_numeric", Cs(lambda ds, p, r: _summary(_csv(
        ds, p, column_defaults=DEF3, shuffle=False, num_parallel_workers=1).batch(3)))),
    case("CSVDataset/project_batch", Cs(lambda ds, p, r: _summary(_csv(
        ds, p, column_defaults=DEF3, shuffle=False).project(["b", "a"]).batch(4, drop_remainder=True)))),
    case("CSVDataset/dict_iterator", Cs(lambda ds, p, r: [[(k, _val(v)) for k, v in sorted(x.items())] for x in _csv(
        ds, p, names=("x.csv",), column_defaults=[0, 0.0, ""], shuffle=False)
        .create_dict_iterator(output_numpy=True, num_epochs=1)])),
    case("CSVDataset/files_empty", Cs(lambda ds, p, r: ds.CSVDataset([])), error=True),
    case("CSVDataset/file_missing", Cs(lambda ds, p, r: ds.CSVDataset(p("nope.csv"))), error=True),
    case("CSVDataset/files_tuple", Cs(lambda ds, p, r: ds.CSVDataset(tuple(p("x.csv")))), error=True),
    case("CSVDataset/field_delim_quote", Cs(lambda ds, p, r: ds.CSVDataset(p("x.csv"), field_delim='"')),
         error=True),
    case("CSVDataset/field_delim_newline", Cs(lambda ds, p, r: ds.CSVDataset(p("x.csv"), field_delim="\n")),
         error=True),
    case("CSVDataset/field_delim_two_chars", Cs(lambda ds, p, r: ds.CSVDataset(p("x.csv"), field_delim=",,")),
         error=True),
    case("CSVDataset/field_delim_int", Cs(lambda ds, p, r: ds.CSVDataset(p("x.csv"), field_delim=1)), error=True),
    case("CSVDataset/column_defaults_tuple", Cs(lambda ds, p, r: ds.CSVDataset(p("x.csv"), column_defaults=(1,))),
         error=True),
    case("CSVDataset/column_defaults_none_item", Cs(lambda ds, p, r: ds.CSVDataset(
        p("x.csv"), column_defaults=[1, None])), error=True),
    case("CSVDataset/column_names_int_item", Cs(lambda ds, p, r: ds.CSVDataset(p("x.csv"), column_names=["a", 1])),
         error=True),
    case("CSVDataset/shuffle_int", Cs(lambda ds, p, r: ds.CSVDataset(p("x.csv"), shuffle=1)), error=True),
    case("CSVDataset/shard_id_alone", Cs(lambda ds, p, r: ds.CSVDataset(p("x.csv"), shard_id=0)), error=True),
    case("CSVDataset/num_shards_zero", Cs(lambda ds, p, r: ds.CSVDataset(p("x.csv"), num_shards=0, shard_id=0)),
         error=True),
    case("CSVDataset/type_mismatch", Cs(lambda ds, p, r: _rows(ds.CSVDataset(
        p("f.csv"), column_defaults=[0], shuffle=False)), files=_one("a\nabc\n")), error=True),
    case("CSVDataset/empty_int_field", Cs(lambda ds, p, r: _rows(ds.CSVDataset(
        p("f.csv"), column_defaults=[0, 0], shuffle=False)), files=_one("a,b\n1,\n")), error=True),
    case("CSVDataset/int_out_of_range", Cs(lambda ds, p, r: _rows(ds.CSVDataset(
        p("f.csv"), column_defaults=[0], shuffle=False)), files=_one("a\n3000000000\n")), error=True),
    case("CSVDataset/float_out_of_range", Cs(lambda ds, p, r: _rows(ds.CSVDataset(
        p("f.csv"), column_defaults=[0.0], shuffle=False)), files=_one("a\n1e50\n")), error=True),
    case("CSVDataset/too_many_fields", Cs(lambda ds, p, r: _rows(ds.CSVDataset(
        p("f.csv"), shuffle=False)), files=_one("a,b\n1,2,3\n")), error=True),
    case("CSVDataset/too_few_fields", Cs(lambda ds, p, r: _rows(ds.CSVDataset(
        p("f.csv"), shuffle=False)), files=_one("a,b\n1\n")), error=True),
    case("CSVDataset/quote_in_unquoted_field", Cs(lambda ds, p, r: _rows(ds.CSVDataset(
        p("f.csv"), shuffle=False)), files=_one("a,b\nab\"c,d\n")), error=True),
    case("CSVDataset/text_after_closing_quote", Cs(lambda ds, p, r: _rows(ds.CSVDataset(
        p("f.csv"), shuffle=False)), files=_one("a,b\n\"a\"b,2\n")), error=True),
    case("CSVDataset/eof_in_quote", Cs(lambda ds, p, r: _rows(ds.CSVDataset(
        p("f.csv"), shuffle=False)), files=_one("a,b\n1,\"abc\n2,3\n")), error=True),
    case("CSVDataset/crlf_header_single_file", Cs(lambda ds, p, r: _summary(ds.CSVDataset(
        p("f.csv"), shuffle=False)), files=_one("a,b\r\n1,2\r\n"))),
    case("CSVDataset/crlf_header_vs_lf_header", Cs(lambda ds, p, r: ds.CSVDataset(
        p("x.csv", "f.csv"), shuffle=False).get_col_names(), files=dict(CSV, **{"f.csv": "a,b,c\r\n1,2,3\r\n"})),
        error=True),
    case("CSVDataset/header_mismatch", Cs(lambda ds, p, r: ds.CSVDataset(
        p("x.csv", "f.csv"), shuffle=False).get_col_names(), files=dict(CSV, **{"f.csv": "u,v,w\n1,2,3\n"})),
        error=True),
    case("CSVDataset/column_names_fewer_than_fields", Cs(lambda ds, p, r: _rows(ds.CSVDataset(
        p("y.csv"), column_names=["p", "q"], shuffle=False))), error=True),
]
