"""Third-party code shipped inside app.zip, unmodified (see tools/vendor_segno.py).

- ``segno`` 1.6.6 (BSD 3-Clause, Lars Heuer): its QR code encoder and constants, behind
  ``app.share.qr`` (licence in ``segno/LICENSE``).
"""
