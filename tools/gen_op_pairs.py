"""Write ``tests/_op_entry_pairs.py``: MindSpore 2.10's functional op / Primitive pairs.

Run under real MindSpore (``.oracle/bin/python tools/gen_op_pairs.py``). A public function
``mindspore.ops.<f>`` is paired with the Primitive class ``C`` when

- MindSpore generates both from one op definition: ``ops.<f>`` is the function of
  ``ops/auto_generate/gen_ops_def.py`` that calls ``C`` (``ops.abs`` -> ``Abs``), or
- its code (nested functions included) names ``C`` and ``C`` is ``f`` in CamelCase, up to
  MindSpore's ``Ext``/``V2``/``V3``/``D`` suffixes and ``Reduce`` prefix (``ops.argmax`` ->
  ``Argmax``, ``ops.mean`` -> ``ReduceMean``), or
- both are public and ``C`` is ``f`` in CamelCase (``ops.less`` <-> ``ops.Less``).

Compositions that merely use some Primitive (``ops.outer`` multiplies with ``Mul``) are not pairs. ``tests/test_op_entries.py`` checks that mscompat derives both forms
of each pair from one op entry.
"""
import os
import re
import types

import mindspore.ops as ops
from mindspore.ops.primitive import Primitive
from mindspore.ops.auto_generate import gen_ops_def, gen_ops_prim

P = ops.operations


def _codes(code):
    yield code
    for k in code.co_consts:
        if isinstance(k, types.CodeType):
            yield from _codes(k)


def _named_primitives(fn):
    found = set()
    for code in _codes(fn.__code__):
        for n in code.co_names:
            v = fn.__globals__.get(n)
            if v is None:
                v = getattr(P, n, None)
            if isinstance(v, type) and issubclass(v, Primitive):
                found.add(v.__name__)
            elif isinstance(v, Primitive):
                found.add(type(v).__name__)
    return found


def _norm(s):
    return s.replace("_", "").lower()


def _snake(name):
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def _generated():
    """``gen_ops_def`` function name -> the Primitive class it calls."""
    instances = {n: type(v).__name__ for n, v in vars(gen_ops_prim).items() if isinstance(v, Primitive)}
    out = {}
    for name, fn in vars(gen_ops_def).items():
        if isinstance(fn, types.FunctionType) and fn.__module__ == gen_ops_def.__name__:
            found = {instances[n] for code in _codes(fn.__code__) for n in code.co_names if n in instances}
            if len(found) == 1:
                out[name] = found.pop()
    return out


def _same_name(f, cls):
    n = _norm(f)
    return _norm(cls) in (n, n + "ext", n + "v2", n + "v3", n + "d", "reduce" + n)


def pairs():
    out = {}
    generated = _generated()
    for name in dir(ops):
        fn = getattr(ops, name)
        if name.startswith("_") or not isinstance(fn, types.FunctionType):
            continue
        if fn.__module__ == gen_ops_def.__name__ and fn.__name__ in generated:
            out[name] = generated[fn.__name__]
            continue
        found = {c for c in _named_primitives(fn) if _same_name(name, c)}
        if len(found) == 1:
            out[name] = found.pop()
    for cls in dir(ops):
        v = getattr(ops, cls)
        f = _snake(cls)
        if isinstance(v, type) and issubclass(v, Primitive) and f not in out \
                and isinstance(getattr(ops, f, None), types.FunctionType):
            out[f] = cls
    return out


def main():
    found = pairs()
    path = os.path.join(os.path.dirname(__file__), "..", "tests", "_op_entry_pairs.py")
    with open(path, "w") as f:
        f.write('"""MindSpore 2.10\'s functional op -> Primitive class pairs (written by tools/gen_op_pairs.py,\n'
                'read from real MindSpore; see that script for the rule)."""\n\nPAIRS = {\n')
        for k in sorted(found):
            f.write(f"    {k!r}: {found[k]!r},\n")
        f.write("}\n")
    print(f"{len(found)} pairs")


if __name__ == "__main__":
    main()
