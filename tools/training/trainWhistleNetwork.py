#!/usr/bin/python3
"""Trains Pitchside's whistle network and exports it as ONNX.

Reads spectra written by `npm run data:whistle` (app/host/perception/whistleSpectra.ts: 513 dB values per FFT of
1024 samples, labelled whistle or noise), trains a small fully connected network with a fixed seed and writes
config/NeuralNets/WhistleDetector/WhistleNet.onnx with B-Human's interface: input [1,513,1] (20 log10 of each
FFT bin's amplitude, not normalised), output [1,1] (whistle probability after a sigmoid). The network removes
the spectrum's mean level itself, so it judges the shape of the spectrum, not how loud the hall is. Run with
Debian's Python, which has PyTorch and ONNX:

    /usr/bin/python3 tools/training/trainWhistleNetwork.py build/whistle/train.bin
"""
import os
import time

import numpy as np
import torch
from torch import nn

from trainingCommon import HEADER, export_onnx, parse_arguments, read_records, seed_everything, split_held_out

BINS = 513


def read_spectra(path):
    """The spectra and labels of a data file (see whistleSpectra.ts for the format)."""
    count, data = read_records(path, b'PSWHIST1', (BINS + 1) * 4, 'spectrum', 'spectra')
    records = np.frombuffer(data, dtype='<f4', offset=HEADER).reshape(count, BINS + 1)
    return records[:, :BINS].copy(), records[:, BINS].copy()


class WhistleNetwork(nn.Module):
    """Mean level removed, then 513 -> 48 -> 16 -> 1 with ReLUs and a sigmoid."""

    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(
            nn.Linear(BINS, 48), nn.ReLU(), nn.Linear(48, 16), nn.ReLU(), nn.Linear(16, 1), nn.Sigmoid()
        )

    def forward(self, x):
        x = x.reshape(x.shape[0], BINS)
        x = (x - x.mean(dim=1, keepdim=True)) / 20.0
        return self.layers(x)


def main():
    args = parse_arguments(
        __doc__, 'spectrum file from npm run data:whistle', 'config/NeuralNets/WhistleDetector/WhistleNet.onnx', 12
    )
    seed_everything(args.seed)
    spectra, labels = read_spectra(args.data)
    held, train = split_held_out(len(labels))
    x = torch.from_numpy(spectra)
    y = torch.from_numpy(labels).reshape(-1, 1)
    model = WhistleNetwork()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    loss_fn = nn.BCELoss()
    start = time.time()
    for epoch in range(args.epochs):
        model.train()
        np.random.shuffle(train)
        for i in range(0, len(train), 256):
            batch = torch.from_numpy(train[i : i + 256])
            optimizer.zero_grad()
            loss = loss_fn(model(x[batch]), y[batch])
            loss.backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            h = torch.from_numpy(held)
            p = model(x[h])
            accuracy = ((p > 0.5).float() == y[h]).float().mean().item()
            false_positive = ((p > 0.5) & (y[h] == 0)).float().sum().item() / max(1, (y[h] == 0).sum().item())
        print(f'epoch {epoch + 1}: held-out accuracy {accuracy:.4f}, false positives {false_positive:.4f}, '
              f'{time.time() - start:.0f} s', flush=True)
    export_onnx(model, torch.zeros(1, BINS, 1), args.out, 'input', 'whistle')
    print(f'{args.out}: {os.path.getsize(args.out)} bytes')


if __name__ == '__main__':
    main()
