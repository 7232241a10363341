"""Unicode services MindSpore's text kernels take from ICU: regular expressions (ICU syntax, on the
``regex`` package), NFKC case folding, the White_Space property and the script of a character."""
import functools
import unicodedata

import regex

_WHITE = regex.compile(r"\p{White_Space}")
NON_WHITE_RUNS = regex.compile(r"[^\p{White_Space}]+")
_IGNORABLE = regex.compile(r"\p{Default_Ignorable_Code_Point}")


def is_uwhite_space(ch):
    """ICU ``u_isUWhiteSpace``: the Unicode White_Space property."""
    return _WHITE.match(ch) is not None


def nfkc_casefold(s):
    """ICU's NFKC_Casefold normalizer: NFKC of the full case folding of NFKD, default ignorables removed."""
    out = unicodedata.normalize("NFKC", unicodedata.normalize("NFKD", s).casefold())
    out = unicodedata.normalize("NFKC", out.casefold())
    return _IGNORABLE.sub("", out)


def _script_pattern():
    from regex import _regex_core  # the property tables of the regex package
    values = {}
    for name, value in _regex_core.PROPERTIES["SCRIPT"][1].items():
        if value not in values or len(name) > len(values[value]):
            values[value] = name
    alts = [f"(?P<s{value}>\\p{{Script={name}}})" for value, name in sorted(values.items()) if value != 0]
    return regex.compile("|".join(alts))


_SCRIPTS = _script_pattern()


@functools.lru_cache(maxsize=65536)
def script_of(ch):
    """ICU ``uscript_getScript``: an id of the Script property value of ``ch`` (0 for Unknown)."""
    m = _SCRIPTS.match(ch)
    return 0 if m is None else int(m.lastgroup[1:])


def _translate_icu(pattern):
    """ICU escapes the ``regex`` package spells differently: ``\\x{hhhh}`` becomes ``\\Uhhhhhhhh``."""
    out, i, n = [], 0, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "\\" and i + 1 < n:
            if pattern.startswith("x{", i + 1):
                j = pattern.find("}", i + 3)
                if j > 0:
                    try:
                        out.append("\\U%08x" % int(pattern[i + 3:j], 16))
                        i = j + 1
                        continue
                    except ValueError:
                        pass
            out.append(pattern[i:i + 2])
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def compile_icu(pattern, op_name):
    """Compile an ICU regular expression; a bad pattern is MindSpore's RuntimeError."""
    try:
        return _compile(pattern)
    except (regex.error, ValueError, TypeError) as exc:
        raise RuntimeError(f"{op_name}: create ICU RegexMatcher failed, you may input one error pattern") from exc


@functools.lru_cache(maxsize=256)
def _compile(pattern):
    return regex.compile(_translate_icu(pattern), regex.V0)


def icu_replacement(replace):
    """A function of a match giving ICU's replacement text: ``$n`` / ``${name}`` are groups, a backslash
    quotes the next character."""
    parts = []  # str pieces or group references (int / name)
    buf = []
    i, n = 0, len(replace)
    while i < n:
        c = replace[i]
        if c == "\\" and i + 1 < n:
            buf.append(replace[i + 1])
            i += 2
        elif c == "$" and i + 1 < n and replace[i + 1].isdigit():
            j = i + 1
            while j < n and replace[j].isdigit():
                j += 1
            parts.append("".join(buf))
            buf = []
            parts.append((int(replace[i + 1:j]),))
            i = j
        elif c == "$" and i + 1 < n and replace[i + 1] == "{":
            j = replace.find("}", i)
            if j < 0:
                buf.append(c)
                i += 1
                continue
            parts.append("".join(buf))
            buf = []
            parts.append((replace[i + 2:j],))
            i = j + 1
        else:
            buf.append(c)
            i += 1
    parts.append("".join(buf))
    if all(isinstance(p, str) for p in parts):
        text = "".join(parts)
        return lambda m: text

    def expand(m):
        return "".join(p if isinstance(p, str) else (m.group(p[0]) or "") for p in parts)
    return expand
