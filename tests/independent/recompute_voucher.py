#!/usr/bin/env python3
"""An independent re-computation of the voucher answer from the raw source files, with Python's
standard library only (no code of the project): for every published ZIP, hud_areas, metro,
area_fmr, both spreads, both flags, zori_lag_months and the housing wage, plus the section-8 summary. It reads the
county of each ZIP from the output (placing ZIPs in counties is another issue's rule) and prints
every disagreement, then a count. Exit 1 when anything disagrees.

usage: recompute_voucher.py SOURCES_DIR BUILT_SITE_DIR
"""
import csv
import json
import re
import sys
import zipfile
import xml.etree.ElementTree as ET
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}


def xlsx_rows(path):
    """The first sheet of a workbook as lists of cell texts (enough for HUD's county FMR file)."""
    with zipfile.ZipFile(path) as z:
        shared = []
        if "xl/sharedStrings.xml" in z.namelist():
            for si in ET.fromstring(z.read("xl/sharedStrings.xml")).findall("m:si", NS):
                shared.append("".join(t.text or "" for t in si.iter("{%s}t" % NS["m"])))
        sheet = ET.fromstring(z.read("xl/worksheets/sheet1.xml"))
        for row in sheet.iter("{%s}row" % NS["m"]):
            cells = {}
            for c in row.findall("m:c", NS):
                col = re.match(r"[A-Z]+", c.get("r")).group(0)
                index = 0
                for ch in col:
                    index = index * 26 + ord(ch) - 64
                v = c.find("m:v", NS)
                text = v.text if v is not None else "".join(t.text or "" for t in c.iter("{%s}t" % NS["m"]))
                cells[index - 1] = shared[int(text)] if c.get("t") == "s" else text
            yield [cells.get(i, "") for i in range(max(cells) + 1 if cells else 0)]


def round_half_away(value: Fraction, places: int) -> float:
    d = Decimal(value.numerator) / Decimal(value.denominator)
    return float(d.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def main(sources: Path, site: Path) -> int:
    safmr_files = sorted((sources / "hud_safmr").glob("safmr_fy*.csv"))
    latest_fy = max(int(re.search(r"fy(\d{4})", f.name).group(1)) for f in safmr_files)
    zip_areas = {}
    with open(next(f for f in safmr_files if f"fy{latest_fy}" in f.name), newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if "550" <= r["zip_code"][:3] <= "567":
                zip_areas.setdefault(r["zip_code"], []).append(" ".join(r["hud_area_name"].split()))

    # HUD's revised workbook of a year supersedes the first one when both are there.
    fmr_file = next(f for f in (sources / "hud_fmr" / f"FY{str(latest_fy)[2:]}_FMRs{end}.xlsx" for end in ("_revised", "")) if f.exists())
    rows = xlsx_rows(fmr_file)
    header = next(rows)
    col = {name: i for i, name in enumerate(header)}
    areas, county_area = {}, {}
    for r in rows:
        name = " ".join(r[col["hud_area_name"]].split())
        areas[name] = {
            "code": r[col["hud_area_code"]],
            "name": name,
            "metro": r[col["metro"]] == "1",
            "fmr": {f"br{i}": int(float(r[col[f"fmr_{i}"]])) for i in range(5)},
        }
        if r[col["stusps"]] == "MN":
            county_area[re.sub(r"\s+County$", "", r[col["countyname"]]).strip()] = name

    zori = {}
    zori_file = next((sources / "zillow_zori").glob("Zip_zori_*.csv"))
    with open(zori_file, newline="", encoding="utf-8") as f:
        reader = csv.reader(f)
        head = next(reader)
        months = {i: h for i, h in enumerate(head) if re.fullmatch(r"\d{1,2}/\d{1,2}/\d{4}|\d{4}-\d{2}-\d{2}", h)}

        def month_of(h):
            if "/" in h:
                m, _, y = h.split("/")
                return f"{y}-{int(m):02d}"
            return h[:7]

        for r in reader:
            z = r[head.index("RegionName")].zfill(5)
            values = [(month_of(months[i]), r[i]) for i in sorted(months) if r[i] != ""]
            if values and "550" <= z[:3] <= "567":
                month, value = values[-1]
                zori[z] = (month, int(Decimal(value).quantize(Decimal(1), rounding=ROUND_HALF_UP)))

    problems = []
    n = competitive = area_competitive = 0
    for zip_code in sorted(zip_areas):
        out = json.loads((site / "api" / "v1" / "zip" / f"{zip_code}.json").read_text(encoding="utf-8"))
        own = county_area.get(out["county"])
        listed = [areas[a] for a in dict.fromkeys(zip_areas[zip_code]) if a in areas]
        listed.sort(key=lambda a: (a["name"] != own, a["name"]))
        metro = next((a["name"] for a in listed if a["metro"]), None)
        area_fmr = listed[0]["fmr"] if listed else None
        expected = {"hud_areas": listed, "metro": metro, "area_fmr": area_fmr}
        # NLIHC's housing wage: FMR x 12 / 0.30 / 2,080 hours, to the cent.
        wage = lambda rents: {br: None if v is None else round_half_away(Fraction(v * 12) / Fraction(3, 10) / 2080, 2) for br, v in rents.items()}
        expected["housing_wage"] = {"small_area": wage(out["fmr"]), "area": wage(area_fmr) if area_fmr else None}
        market = zori.get(zip_code)
        for prefix, fmr2 in (("", out["fmr"]["br2"]), ("area_", area_fmr["br2"] if area_fmr else None)):
            if market and fmr2 is not None:
                spread = market[1] - fmr2
                expected[f"{prefix}spread"] = spread
                expected[f"{prefix}spread_pct"] = round_half_away(Fraction(100 * spread, fmr2), 1)
                expected[f"{prefix}voucher_competitive"] = fmr2 >= market[1]
            else:
                expected.update({f"{prefix}spread": None, f"{prefix}spread_pct": None, f"{prefix}voucher_competitive": None})
        if market:
            y, m = map(int, market[0].split("-"))
            expected["zori_lag_months"] = (latest_fy - 1 - y) * 12 + (10 - m)
            n += 1
            competitive += expected["voucher_competitive"]
            area_competitive += expected["area_voucher_competitive"] is True
        else:
            expected["zori_lag_months"] = None
        for key, value in expected.items():
            if out.get(key, "<missing>") != value:
                problems.append(f"{zip_code} {key}: output {json.dumps(out.get(key, '<missing>'))}, recomputed {json.dumps(value)}")

    summary = json.loads((site / "api" / "v1" / "section-8.json").read_text(encoding="utf-8"))["summary"]
    for key, value in (("n", n), ("voucher_competitive_count", competitive), ("area_voucher_competitive_count", area_competitive)):
        if summary.get(key) != value:
            problems.append(f"section-8 summary {key}: output {summary.get(key)}, recomputed {value}")
    for p in problems:
        print(p)
    print(f"{len(zip_areas)} ZIPs, {n} with a market rent, {competitive} competitive on the Small Area FMR, {area_competitive} on the area FMR; {len(problems)} disagreements")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))
