"""Writes KaTrain's KT property for tests, built exactly to the layout KaTrain's own writer produces
(sanderland/katrain, katrain/core/game_node.py, `analysis_dumps`): three values, each standard base64 of
gzip-compressed bytes: the ownership and the policy packed as half-precision floats (struct format 'e'), then
the rest of the analysis ({"moves": ..., "root": ..., "completed": ...}) as UTF-8 JSON.

Reads a JSON list of analyses on stdin (each may hold "ownership" and "policy" lists) and prints one line per
analysis: the property as SGF text, KT[...][...][...].
"""
import base64
import gzip
import json
import struct
import sys


def packed_half_floats(values):
    return b"" if values is None else struct.pack(f"{len(values)}e", *values)


def kt_values(analysis):
    rest = dict(analysis)
    ownership = packed_half_floats(rest.pop("ownership", None))
    policy = packed_half_floats(rest.pop("policy", None))
    main = json.dumps(rest).encode("utf-8")
    return [base64.standard_b64encode(gzip.compress(data)).decode("utf-8") for data in (ownership, policy, main)]


if __name__ == "__main__":
    for analysis in json.load(sys.stdin):
        print("KT" + "".join(f"[{value}]" for value in kt_values(analysis)))
