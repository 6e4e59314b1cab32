"""Reads an Excel workbook as Excel would (openpyxl) and prints its first sheet as JSON.

Usage: read_xlsx.py FILE. Prints {"sheet": name, "rows": [[cell, ...], ...]}, each cell
{"type": openpyxl's data type ("s" text, "n" number, "d" date, "f" formula), "value": the
value (a date-time as ISO text), "format": its number format}, or null when empty.
"""

import json
import sys

import openpyxl


def cell(c):
    if c.value is None:
        return None
    value = c.value
    if hasattr(value, "isoformat"):
        value = value.isoformat()
    return {"type": c.data_type, "value": value, "format": c.number_format}


def main():
    book = openpyxl.load_workbook(sys.argv[1])
    sheet = book.worksheets[0]
    rows = [[cell(c) for c in row] for row in sheet.iter_rows()]
    json.dump({"sheet": sheet.title, "rows": rows}, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
