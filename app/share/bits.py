"""A bit writer and reader: the packed form of a shared game is a stream of small fields.

>>> out = BitWriter()
>>> out.write(5, 3); out.write(1, 1); out.write_count(300)
>>> reader = BitReader(out.to_bytes())
>>> reader.read(3), reader.read(1), reader.read_count()
(5, 1, 300)
>>> reader.read(16)
Traceback (most recent call last):
...
app.share.bits.TruncatedError: the data ends too early
"""

from __future__ import annotations


class TruncatedError(ValueError):
    """The bits ran out before the reader was done (a cut or damaged link)."""


class BitWriter:
    """Collects fields of a given width, most significant bit first."""

    def __init__(self) -> None:
        self._out = bytearray()
        self._pending = 0  # the bits not yet in a whole byte, at most 7 after each write
        self._pending_bits = 0

    def write(self, value: int, width: int) -> None:
        """Append ``value`` as ``width`` bits (it must fit).

        >>> BitWriter().write(4, 2)
        Traceback (most recent call last):
        ...
        ValueError: 4 does not fit in 2 bits
        """
        if not 0 <= value < 1 << width:
            raise ValueError(f"{value} does not fit in {width} bits")
        self._pending = self._pending << width | value
        self._pending_bits += width
        while self._pending_bits >= 8:
            self._pending_bits -= 8
            self._out.append(self._pending >> self._pending_bits & 0xFF)
        self._pending &= (1 << self._pending_bits) - 1

    def write_flag(self, flag: bool) -> None:
        """Append one bit."""
        self.write(int(flag), 1)

    def write_count(self, value: int) -> None:
        """Append a whole number >= 0 of any size: 7 bits at a time, each group preceded by a
        bit that says whether another group follows.

        >>> out = BitWriter(); out.write_count(5); len(out)
        8
        """
        if value < 0:
            raise ValueError(f"a count cannot be negative: {value}")
        groups = [value & 0x7F]
        value >>= 7
        while value:
            groups.append(value & 0x7F)
            value >>= 7
        for index, group in enumerate(reversed(groups)):
            self.write_flag(index < len(groups) - 1)
            self.write(group, 7)

    def write_bytes(self, data: bytes) -> None:
        """Append a count of bytes, then the bytes."""
        self.write_count(len(data))
        for byte in data:
            self.write(byte, 8)

    def __len__(self) -> int:
        return len(self._out) * 8 + self._pending_bits

    def to_bytes(self) -> bytes:
        """The bits so far, padded with zero bits to whole bytes."""
        if not self._pending_bits:
            return bytes(self._out)
        return bytes(self._out) + bytes([self._pending << (8 - self._pending_bits) & 0xFF])


class BitReader:
    """Reads back what a :class:`BitWriter` wrote; running out raises :class:`TruncatedError`."""

    def __init__(self, data: bytes) -> None:
        self._data = bytes(data)
        self._position = 0  # in bits

    def read(self, width: int) -> int:
        """The next ``width`` bits as a number."""
        end = self._position + width
        if end > len(self._data) * 8:
            raise TruncatedError("the data ends too early")
        last = (end + 7) // 8
        chunk = int.from_bytes(self._data[self._position // 8 : last], "big")
        self._position = end
        return chunk >> (last * 8 - end) & ((1 << width) - 1)

    def read_flag(self) -> bool:
        """The next bit."""
        return self.read(1) == 1

    def read_count(self, limit: int = 1 << 20) -> int:
        """A number written by :meth:`BitWriter.write_count`; above ``limit`` is refused.

        >>> out = BitWriter(); out.write_count(5000)
        >>> BitReader(out.to_bytes()).read_count(limit=100)
        Traceback (most recent call last):
        ...
        ValueError: a count of 5000 is more than 100
        """
        value = 0
        more = True
        while more:
            more = self.read_flag()
            value = value << 7 | self.read(7)
            if value > limit:
                raise ValueError(f"a count of {value} is more than {limit}")
        return value

    def read_bytes(self, limit: int) -> bytes:
        """A count of bytes (at most ``limit``), then the bytes."""
        return bytes(self.read(8) for _ in range(self.read_count(limit)))

    @property
    def left(self) -> int:
        """Bits not read yet."""
        return len(self._data) * 8 - self._position
