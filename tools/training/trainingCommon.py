"""What Pitchside's training scripts share: the data file's header check, the command line, the seeding, the split
into training and held-out records and the ONNX export.

Both data files (npm run data:perception, npm run data:whistle) start with an eight-byte magic and a little-endian
uint32 record count, followed by records of one fixed size; both networks are trained on one thread with one seed
and exported with opset 13, so a re-run with the same seed writes the same network.
"""
import argparse
import os
import struct
import sys

import numpy as np

HEADER = 12


def read_records(path, magic, record_bytes, kind, plural):
    """The record count and the bytes of a data file, after checking its magic and its size (exits if either is
    wrong, naming the file: a stale or truncated file should not train a network). `kind` and `plural` name the
    file and its records in the message (spectrum file, 40 spectra)."""
    with open(path, 'rb') as f:
        data = f.read()
    if data[:8] != magic:
        sys.exit(f'{path}: not a {kind} file (magic {data[:8]!r})')
    (count,) = struct.unpack_from('<I', data, 8)
    if len(data) != HEADER + count * record_bytes:
        sys.exit(f'{path}: {len(data)} bytes, expected {HEADER + count * record_bytes} for {count} {plural}')
    return count, data


def parse_arguments(doc, data_help, out, epochs):
    """The command line of a training script: the data file, --out (the ONNX file), --epochs and --seed."""
    parser = argparse.ArgumentParser(description=doc.split('\n')[0])
    parser.add_argument('data', help=data_help)
    parser.add_argument('--out', default=out)
    parser.add_argument('--epochs', type=int, default=epochs)
    parser.add_argument('--seed', type=int, default=1)
    return parser.parse_args()


def seed_everything(seed):
    """Seeds PyTorch and NumPy and trains on one thread, so that a run is repeatable on any machine."""
    import torch  # here, not above: reading data files needs NumPy alone (patchData.py)

    torch.manual_seed(seed)
    np.random.seed(seed)
    torch.set_num_threads(1)


def split_held_out(count):
    """A random tenth of the record indices held out for validation, and the rest for training."""
    order = np.random.permutation(count)
    split = count // 10
    return order[:split], order[split:]


def export_onnx(model, example, out, input_name, output_name):
    """Writes `model` in evaluation mode to `out` as ONNX, with opset 13 as the committed networks were."""
    import torch

    model.eval()
    os.makedirs(os.path.dirname(out), exist_ok=True)
    torch.onnx.export(model, example, out, input_names=[input_name], output_names=[output_name], opset_version=13)
