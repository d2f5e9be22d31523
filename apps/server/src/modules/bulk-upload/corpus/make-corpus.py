#!/usr/bin/env python3
"""The bulk upload's corpus (issue 34): one menu written by several spreadsheet writers.

Run from this folder with Debian's python3-openpyxl and python3-xlsxwriter installed
(`/usr/bin/python3 make-corpus.py`); the
LibreOffice file is the openpyxl one converted by `soffice --headless --convert-to xlsx`, and
the exceljs one is written by the test itself. Each file must import to the same menu
(xlsx-corpus.test.ts).
"""
import os
import shutil
import subprocess
import tempfile

import openpyxl
import xlsxwriter

SECTIONS = [
    ["Section", "Parent section", "Description", "Section (Arabic)"],
    ["Corpus drinks", "", "Hot and cold", "مشروبات"],
    ["Corpus teas", "Corpus drinks", "", ""],
]
ITEMS = [
    ["Section", "Item", "Description", "Variant", "Price", "Modifier groups"],
    ["Corpus teas", "Corpus mint tea", "Fresh mint", "Small", 1.5, "Corpus sugar"],
    # A price stored as text, as exports often do.
    ["Corpus teas", "Corpus mint tea", "", "Large", "2.25", "Corpus sugar"],
    # A date stored as text stays the text it is.
    ["Corpus drinks", "Corpus lemonade", "31/12/2025", "", 3, ""],
]
GROUPS = [
    ["Modifier group", "Min", "Max", "Modifier item", "Price"],
    ["Corpus sugar", 0, 1, "No sugar", 0],
    ["Corpus sugar", "", "", "Extra sugar", "0.25"],
]
NOTES = [["This sheet is not part of the template and is ignored."]]


def with_openpyxl(path):
    """openpyxl (pandas' to_excel): absolute part paths, inline strings; a hidden extra sheet."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Notes"
    for row in NOTES:
        ws.append(row)
    for name, rows in (("Sections", SECTIONS), ("Items", ITEMS), ("Modifier groups", GROUPS)):
        ws = wb.create_sheet(name)
        for row in rows:
            ws.append(row)
    hidden = wb.create_sheet("Old prices")
    hidden.append(["Section", "Item"])
    hidden.sheet_state = "hidden"
    wb.save(path)


def with_xlsxwriter(path):
    """xlsxwriter: shared strings, the sheets in another order than the template's."""
    wb = xlsxwriter.Workbook(path)
    for name, rows in (("Modifier groups", GROUPS), ("Items", ITEMS), ("Notes", NOTES), ("Sections", SECTIONS)):
        ws = wb.add_worksheet(name)
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                if value != "":
                    ws.write(r, c, value)
    wb.close()


def with_libreoffice(source, path):
    """LibreOffice Calc, converting the openpyxl file headless."""
    with tempfile.TemporaryDirectory() as out:
        src = os.path.join(out, "in.xlsx")
        shutil.copy(source, src)
        subprocess.run(
            ["soffice", "--headless", "--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", os.path.join(out, "o"), src],
            check=True,
            capture_output=True,
        )
        shutil.copy(os.path.join(out, "o", "in.xlsx"), path)


if __name__ == "__main__":
    with_openpyxl("openpyxl.xlsx")
    with_xlsxwriter("xlsxwriter.xlsx")
    with_libreoffice("openpyxl.xlsx", "libreoffice.xlsx")
