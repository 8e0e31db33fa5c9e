"""nimcert from Python: solve subtraction and octal games, classify
three-move games by paper A, make certificates and check them with the
trusted checker's library, and audit claim files (docs/PYTHON.md).

Everything is implemented in Rust (the extension ``nimcert._nimcert``),
with the limits and one-line error messages of the ``nimcert`` command
line; a limit's keyword argument is its flag's name with underscores
(``--max-work`` is ``max_work=``), and its default is the flag's. A bad
argument is an ``InputError``, a Rust panic an ``InternalError`` (both
``NimcertError``); Ctrl-C interrupts any call with ``KeyboardInterrupt``.
"""

from ._nimcert import (
    AuditReport,
    Certificate,
    CheckResult,
    ClaimVerdict,
    Classification,
    FalseClaimError,
    Game,
    InputError,
    InternalError,
    LimitError,
    NimcertError,
    OctalGame,
    OutputError,
    Prediction,
    Values,
    __version__,
    audit_claims,
    audit_file,
    certify,
    certify_family,
    certify_formula,
    certify_octal,
    check,
    check_file,
    classify,
    solve,
    solve_octal,
)

__all__ = [
    "AuditReport",
    "Certificate",
    "CheckResult",
    "ClaimVerdict",
    "Classification",
    "FalseClaimError",
    "Game",
    "InputError",
    "InternalError",
    "LimitError",
    "NimcertError",
    "OctalGame",
    "OutputError",
    "Prediction",
    "Values",
    "__version__",
    "audit_claims",
    "audit_file",
    "certify",
    "certify_family",
    "certify_formula",
    "certify_octal",
    "check",
    "check_file",
    "classify",
    "solve",
    "solve_octal",
]
