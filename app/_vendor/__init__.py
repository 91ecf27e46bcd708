"""Third-party code shipped inside app.zip, unmodified (see tools/vendor_segno.py).

- ``segno`` 1.6.6 (BSD 3-Clause, Lars Heuer): the QR code encoder behind ``app.share.qr``.
"""
