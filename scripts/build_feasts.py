"""Build osnguard/privacy/temporal/data/feasts.tsv: the first day of each festival of the lunar
and lunisolar calendars in 2001-2035, from the `holidays` library (temporal/feasts.py).

    .venv/bin/python scripts/build_feasts.py
"""

from __future__ import annotations

from osnguard.privacy.temporal import feasts


def main() -> None:
    lines = ["festival\tyear\tfirst_day"]
    lines += [
        f"{festival}\t{year}\t{day.isoformat()}" for festival, year, day in feasts.table_rows()
    ]
    feasts.TABLE.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines) - 1} rows -> {feasts.TABLE}")


if __name__ == "__main__":
    main()
