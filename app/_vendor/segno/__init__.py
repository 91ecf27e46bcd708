"""segno's QR code encoder (``encoder``, ``consts``), vendored unmodified from segno 1.6.6.

This package file is ours, not segno's (see tools/vendor_segno.py): segno's own ``__init__``
and its writers are left out. Use ``encoder.encode(...)``, as ``app.share.qr`` does.
"""
