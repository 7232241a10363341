def pytest_terminal_summary(terminalreporter):
    from compat_tests import test_zoos
    from compat_tests.harness import table
    by_pkg = {}
    for spec, row, detail in test_zoos.RESULTS:
        by_pkg.setdefault(spec.split(":")[0], []).append((spec, row, detail))
    for pkg, rows in by_pkg.items():
        terminalreporter.write_line(table(pkg, rows))
