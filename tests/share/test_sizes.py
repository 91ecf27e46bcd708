"""How long the links of typical games are, and which QR code they need (printed with -s)."""

from __future__ import annotations

from tests.share.typical import BASE, size_table

MAX_VERSION_60_HANDS = 13
"""Up to version 13 (69x69 modules) a code shown on a phone screen is read at once by a phone
camera at arm's length: at 20rem wide each module is over 4 CSS pixels."""


def test_size_table_of_typical_games() -> None:
    rows = size_table()
    print(f"\nlinks of typical games, starting with {BASE} ({len(BASE)} characters)")
    print("players hands payload link  QR")
    for row in rows:
        print(f"{row['players']:>7} {row['hands']:>5} {row['payload']:>7} {row['link']:>5}  "
              f"version {row['version']}-{row['error']} ({row['modules']}x{row['modules']})")
    by_game = {(row["players"], row["hands"]): row for row in rows}
    four_60 = by_game[(4, 60)]
    assert four_60["version"] <= 11 and four_60["error"] in "MQH"
    assert four_60["payload"] < 300
    assert all(row["version"] <= MAX_VERSION_60_HANDS for row in rows)
    assert all(row["error"] in "MQH" for row in rows)
    for players in (2, 3, 4):  # a packed hand costs 2 to 4 bytes, so 50 more hands < 300 chars
        assert by_game[(players, 60)]["payload"] - by_game[(players, 10)]["payload"] < 300
